// Entry point of a piscina worker thread: runs one pipeline task (tasks.ts,
// which gives the kind this thread's scratch storage and locks), holding one
// token of the run's thread budget meanwhile (team-budget.ts). Before the
// first task it registers the game's kinds its command registered (workerData),
// then tells the pool it is ready (THREAD_READY).
import { parentPort, workerData } from 'node:worker_threads';
import { runTask, THREAD_READY, type Task, type WorkerData } from './tasks.ts';
import { withThread } from './team-budget.ts';
import { useKindModules } from '../../kinds/index.ts';

const data = workerData as WorkerData | undefined;
// the game's kinds, loaded on this thread as on the command's (piscina awaits this module)
await useKindModules(data?.kindModules ?? []);
// loaded: the pool counts --task-seconds of this thread's first task from here (its start-up is bounded apart)
parentPort?.postMessage(THREAD_READY);

export default function work(task: Task): unknown {
  return withThread(data?.budget, () => runTask(task, data?.budget));
}

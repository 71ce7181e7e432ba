// Runs tasks on a piscina worker pool (or inline for one thread) and returns
// the results in task order, whatever order the threads finish in.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { runTask, type Task, type TaskResult } from './tasks.ts';

export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

const WORKER = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

/** Worker threads do not inherit tsx's loader: hand it to them when running from .ts sources. */
function workerExecArgv(): string[] {
  return WORKER.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
}

export async function runTasks<T extends Task>(
  tasks: readonly T[],
  threads: number,
  onDone?: (done: number, total: number) => void,
): Promise<TaskResult<T>[]> {
  let done = 0;
  const tick = () => onDone?.(++done, tasks.length);
  if (threads <= 1 || tasks.length <= 1) {
    return tasks.map((t) => {
      const r = runTask(t);
      tick();
      return r;
    });
  }
  const pool = new Piscina({
    filename: WORKER.href,
    minThreads: Math.min(threads, tasks.length),
    maxThreads: Math.min(threads, tasks.length),
    execArgv: workerExecArgv(),
    idleTimeout: 1000,
  });
  try {
    return await Promise.all(
      tasks.map((t) =>
        pool.run(t).then((r: TaskResult<T>) => {
          tick();
          return r;
        }),
      ),
    );
  } finally {
    await pool.destroy();
  }
}

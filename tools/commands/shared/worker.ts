// Entry point of a piscina worker thread: runs one pipeline task (tasks.ts,
// which gives the kind this thread's scratch storage and locks).
import { runTask, type Task } from './tasks.ts';

export default function work(task: Task): unknown {
  return runTask(task);
}

// Entry point of a piscina worker thread: runs one pipeline task (tasks.ts).
import { runTask, type Task } from './tasks.ts';

export default function work(task: Task): unknown {
  return runTask(task);
}

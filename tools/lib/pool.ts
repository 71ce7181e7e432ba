// Runs tasks on a piscina worker pool and returns the results in task order,
// whatever order the threads finish in. Small jobs never pay for the pool: the
// first tasks run inline, and the pool starts only if the work is still going
// after a short while. Results never depend on where a task ran.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { runTask, type Task, type TaskResult } from './tasks.ts';

export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/**
 * The worker script: the compiled one next to a compiled pool; from the .ts
 * sources the .ts worker, or — when PROOFPACK_WORKER=build, as the test suite
 * sets after building — the compiled build/ worker (tsx-transpiled workers run
 * hot loops about 2.5x slower: imports become getter calls).
 */
const WORKER = import.meta.url.endsWith('.ts')
  ? process.env['PROOFPACK_WORKER'] === 'build'
    ? new URL('../../build/tools/lib/worker.js', import.meta.url)
    : new URL('./worker.ts', import.meta.url)
  : new URL('./worker.js', import.meta.url);

/** Worker threads do not inherit tsx's loader: hand it to them when running from .ts sources. */
function workerExecArgv(): string[] {
  return WORKER.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
}

export interface RunOptions<T extends Task> {
  threads: number;
  /** Called once per finished task, in completion order. */
  onResult?: (index: number, result: TaskResult<T>, done: number, total: number) => void;
  /** Run inline for this long before starting the pool (ms; default 300). */
  inlineMs?: number;
}

export async function runTasks<T extends Task>(tasks: readonly T[], opts: RunOptions<T>): Promise<TaskResult<T>[]> {
  const results = new Array<TaskResult<T>>(tasks.length);
  let done = 0;
  const finish = (i: number, r: TaskResult<T>) => {
    results[i] = r;
    opts.onResult?.(i, r, ++done, tasks.length);
  };
  const started = performance.now();
  const inlineMs = opts.threads <= 1 ? Infinity : (opts.inlineMs ?? 300);
  let next = 0;
  while (next < tasks.length && performance.now() - started < inlineMs) {
    finish(next, runTask(tasks[next]!));
    next++;
  }
  if (next === tasks.length) return results;
  const rest = tasks.length - next;
  const threads = Math.min(opts.threads, rest);
  const pool = new Piscina({ filename: WORKER.href, minThreads: threads, maxThreads: threads, execArgv: workerExecArgv(), idleTimeout: 1000 });
  try {
    const pending: Promise<void>[] = [];
    for (let i = next; i < tasks.length; i++) {
      pending.push(pool.run(tasks[i]).then((r: TaskResult<T>) => finish(i, r)));
    }
    await Promise.all(pending);
  } finally {
    await pool.destroy();
  }
  return results;
}

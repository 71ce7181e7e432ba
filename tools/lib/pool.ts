// Runs tasks on a piscina worker pool and returns the results in task order,
// whatever order the threads finish in. A caller may let the first tasks run
// inline (inlineMs), the pool starting only if the work is still going after a
// short while; the commands never do (tasks.ts: the main thread stays free for
// Ctrl-C). Results never depend on where a task ran. The pool knows
// nothing of what a task is: the caller passes the function that runs one task
// inline and the worker script that runs the same function on a thread.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { at } from './at.ts';

export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/** Worker threads do not inherit tsx's loader: hand it to a worker written in .ts. */
function workerExecArgv(script: URL): string[] {
  return script.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
}

export interface RunOptions<R, T = unknown> {
  threads: number;
  /** The worker script: its default export runs one task, exactly as `run` does. */
  worker: URL;
  /** Called once per finished task, in completion order. */
  onResult?: (index: number, result: R, done: number, total: number) => void;
  /** Run inline for this long before starting the pool (ms; default 300, or all of it with one thread). 0: every task on the pool, the main thread free for signals. */
  inlineMs?: number;
  /**
   * Whether a task may run inline (default: every task). The inline phase ends
   * at the first task that may not: it and the rest go to the pool, which then
   * starts even with one thread, so that a long task never holds the main
   * thread (where signals are answered).
   */
  inline?: (task: T) => boolean;
  /**
   * Stop early: no task starts after it aborts, running ones are dropped, and
   * the promise rejects with the signal's reason. Inline work then yields to the
   * event loop between tasks so that a signal handler can run.
   */
  signal?: AbortSignal;
  /**
   * Estimated cost of each task: tasks start in decreasing cost (ties in task
   * order), so one long task does not end a queue while the other threads idle.
   * Results are still returned in task order.
   */
  cost?: (task: T) => number;
  /** The error a failed task rejects the run with, given the task's index and what it threw (inline or on a thread); default: what it threw. */
  mapError?: (index: number, error: unknown) => unknown;
  /** Handed to every worker thread (piscina's `workerData`), e.g. what it must load before its first task. */
  workerData?: unknown;
}

/**
 * The order in which runTasks starts tasks: decreasing estimated cost, ties in
 * task order (task order without a cost). It depends on the tasks alone, never
 * on the number of threads; a caller that decides something as results come in
 * (validate's run ceiling) walks the same order.
 */
export function startOrder<T>(tasks: readonly T[], cost?: (task: T) => number): number[] {
  const order = tasks.map((_, i) => i);
  if (cost) {
    const costs = tasks.map(cost);
    order.sort((a, b) => at(costs, b) - at(costs, a) || a - b);
  }
  return order;
}

export async function runTasks<T, R>(tasks: readonly T[], run: (task: T) => R, opts: RunOptions<R, T>): Promise<R[]> {
  const results = new Array<R>(tasks.length);
  let done = 0;
  const finish = (i: number, r: R) => {
    results[i] = r;
    opts.onResult?.(i, r, ++done, tasks.length);
  };
  const mapError = opts.mapError ?? ((_: number, e: unknown) => e);
  const order = startOrder(tasks, opts.cost);
  const started = performance.now();
  const inlineMs = opts.inlineMs ?? (opts.threads <= 1 ? Infinity : 300);
  const { signal } = opts;
  let next = 0;
  let yielded = started;
  while (next < tasks.length && performance.now() - started < inlineMs && (opts.inline?.(at(tasks, at(order, next))) ?? true)) {
    if (signal) {
      if (performance.now() - yielded > 50) {
        await new Promise((r) => setImmediate(r));
        yielded = performance.now();
      }
      signal.throwIfAborted();
    }
    const i = at(order, next);
    let r: R;
    try {
      r = run(at(tasks, i));
    } catch (e) {
      throw mapError(i, e);
    }
    finish(i, r);
    next++;
  }
  if (next === tasks.length) return results;
  signal?.throwIfAborted();
  const rest = tasks.length - next;
  const threads = Math.min(opts.threads, rest);
  const pool = new Piscina({
    filename: opts.worker.href,
    minThreads: threads,
    maxThreads: threads,
    execArgv: workerExecArgv(opts.worker),
    idleTimeout: 1000,
    workerData: opts.workerData,
  });
  // At most `threads` tasks are handed to the pool at a time, the next one as one ends. After the first failed
  // task no other starts, and the running ones are let finish (their results dropped): a running task aborted
  // through piscina can still answer after piscina forgot it, an uncaught "Unexpected message from Worker".
  // Ctrl-C (`signal`) still aborts the running tasks. The pool is destroyed once every task handed over settled.
  let failed: { error: unknown } | undefined;
  let k = next;
  try {
    await new Promise<void>((settled) => {
      let running = 0;
      const launch = () => {
        while (!failed && !signal?.aborted && running < threads && k < tasks.length) {
          const i = at(order, k++);
          running++;
          pool
            .run(tasks[i], signal ? { signal } : {})
            .then(
              (r: R) => {
                if (!failed) finish(i, r);
              },
              (e: unknown) => {
                if (!signal?.aborted && !failed) failed = { error: mapError(i, e) };
              },
            )
            .catch((e: unknown) => {
              failed ??= { error: e }; // onResult threw
            })
            .finally(() => {
              running--;
              launch();
              if (running === 0) settled();
            });
        }
      };
      launch();
      if (running === 0) settled();
    });
  } finally {
    await pool.destroy();
  }
  if (signal?.aborted) throw signal.reason;
  if (failed) throw failed.error;
  return results;
}

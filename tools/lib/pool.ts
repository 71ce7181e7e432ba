// Runs tasks on a piscina worker pool and returns the results in task order,
// whatever order the threads finish in. A caller may let the first tasks run
// inline (inlineMs), the pool starting only if the work is still going after a
// short while; the commands never do (tasks.ts: the main thread stays free for
// Ctrl-C). Results never depend on where a task ran. The pool knows
// nothing of what a task is: the caller passes the function that runs one task
// inline and the worker script that runs the same function on a thread.
// The caller may bound each pool task's wall-clock time (taskSeconds) and
// watch the run while tasks go (watch, e.g. the process's memory); past either,
// and at any failed task, the running tasks' threads are terminated. A thread
// that ends while running a task (kind code's process.exit) fails that task.
// A caller may keep the pool warm for its next run (RunOptions.warm, warm-pool.ts).
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { at } from './at.ts';
import { HeldPool, type WarmPools } from './warm-pool.ts';

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
  /** Wall-clock seconds a task may run on the pool: past it, its thread is terminated and the run fails with mapError(index, a TaskTimeout). */
  taskSeconds?: number;
  /**
   * A message the worker script posts on its parentPort once it has loaded
   * what it needs (e.g. a game's kind modules). With it, a task handed to a
   * thread still starting has its taskSeconds counted from that message: the
   * thread's start-up is bounded apart, by startupSeconds (past it, the task
   * fails with a TaskTimeout as well), so a loaded machine's slow start does
   * not eat a short ceiling.
   */
  readyMessage?: string;
  /** With readyMessage: the seconds a thread may take to post it (default: taskSeconds). */
  startupSeconds?: number;
  /**
   * Polled every `everyMs` while tasks run on the pool: an error `check` returns
   * fails the run with mapError(index of the longest-running task, the error),
   * the running tasks' threads terminated.
   */
  watch?: { everyMs: number; check: () => Error | undefined };
  /** Each worker thread's V8 resource limits (piscina's `resourceLimits`): a thread past its heap fails its task with ERR_WORKER_OUT_OF_MEMORY. */
  resourceLimits?: { maxOldGenerationSizeMb?: number };
  /**
   * Keep the pool warm for the caller's next run: the pool is taken from
   * `pools` when one of the same `key` is kept (its threads started and loaded
   * already), else started with `threads` threads however few tasks this run
   * has (or `threads` of its own, at least this run's: a pool the caller's later
   * runs may use more of), and kept after a clean run (warm-pool.ts). `key`
   * must name everything the pool is started with (worker, workerData,
   * resourceLimits, its threads). This run still hands at most `threads` (of
   * RunOptions) tasks to it at a time. Without it, each run starts a pool of its
   * own and destroys it at its end.
   */
  warm?: { pools: WarmPools; key: string; threads?: number };
}

/** Pools started by runTasks in this process (tests and measurements: a warm pool is started once). */
let poolsStarted = 0;

/** How many pools runTasks started in this process so far. */
export function poolStarts(): number {
  return poolsStarted;
}

/** What a task that ran past RunOptions.taskSeconds fails with (before mapError). */
export class TaskTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`the task ran past ${seconds} s`);
    this.name = 'TaskTimeout';
  }
}

/** What a task fails with (before mapError) when its thread did not post RunOptions.readyMessage within startupSeconds: the thread's start-up, not the task, ran long. */
export class StartupTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`the thread's start-up ran past ${seconds} s`);
    this.name = 'StartupTimeout';
  }
}

/** What a task fails with (before mapError) when its thread ended while running it (process.exit on the thread, or the thread's own end). */
export class WorkerExit extends Error {
  constructor(readonly exitCode: number) {
    super(`the worker thread ended (exit code ${exitCode}) before its task finished`);
    this.name = 'WorkerExit';
  }
}

/** piscina's rejection of the tasks of a thread that exited (its words: "worker exited with code: N"), as a WorkerExit. */
function workerExitOf(e: unknown): WorkerExit | undefined {
  const m = /^worker exited with code: (-?\d+)$/.exec(e instanceof Error ? e.message : '');
  return m ? new WorkerExit(Number(m[1])) : undefined;
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
  const start = (size: number) => () => {
    poolsStarted++;
    const pool = new Piscina({
      filename: opts.worker.href,
      minThreads: size,
      maxThreads: size,
      execArgv: workerExecArgv(opts.worker),
      idleTimeout: 1000,
      workerData: opts.workerData,
      ...(opts.resourceLimits ? { resourceLimits: opts.resourceLimits } : {}),
    });
    return new HeldPool(opts.warm?.key ?? '', size, pool, opts.readyMessage);
  };
  const size = Math.max(opts.threads, opts.warm?.threads ?? 0);
  const held = opts.warm ? await opts.warm.pools.take(opts.warm.key, size, start(size)) : start(threads)();
  const { pool } = held;
  // At most `threads` tasks are handed to the pool at a time, the next one as one ends, each with an abort
  // controller of its own (its timeout, Ctrl-C, the end of the run). After the first failed task no other
  // starts, and the running ones are ended: piscina terminates their threads. A thread ended so may still post
  // its answer after piscina forgot the task, which piscina emits as an 'error' on the pool: once the run is
  // ending such errors are dropped (until then, one fails the run). The pool is destroyed once every task settled
  // (or kept warm, RunOptions.warm, when none failed and nothing aborted).
  let failed: { error: unknown } | undefined;
  const running = new Map<number, AbortController>();
  const end = (reason: unknown) => {
    for (const c of running.values()) c.abort(reason);
  };
  const fail = (i: number | undefined, e: unknown) => {
    if (failed || signal?.aborted) return;
    failed = { error: i === undefined ? e : mapError(i, e) };
    end(failed.error);
  };
  held.onError = (e: unknown) => fail(undefined, e);
  // threads that posted readyMessage (held.ready); tasks waiting for a starting thread, first come first served
  const { waiting } = held;
  const onAbort = () => end(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const watch = opts.watch;
  const watcher = watch
    ? setInterval(() => {
        const e = running.size > 0 ? watch.check() : undefined;
        if (e) fail(running.keys().next().value, e);
      }, watch.everyMs)
    : undefined;
  let k = next;
  try {
    await new Promise<void>((settled) => {
      const launch = () => {
        while (!failed && !signal?.aborted && running.size < threads && k < tasks.length) {
          const i = at(order, k++);
          const control = new AbortController();
          running.set(i, control);
          const seconds = opts.taskSeconds;
          let timer: ReturnType<typeof setTimeout> | undefined;
          if (seconds !== undefined) {
            const clock = () => {
              timer = setTimeout(() => control.abort(new TaskTimeout(seconds)), seconds * 1000);
            };
            // the threads not yet started take the first tasks: each of those counts from its thread's readyMessage
            if (opts.readyMessage !== undefined && waiting.length < held.threads - held.ready) {
              const startup = opts.startupSeconds ?? seconds; // the start-up's own bound
              timer = setTimeout(() => control.abort(new StartupTimeout(startup)), startup * 1000);
              waiting.push(() => {
                clearTimeout(timer);
                // a task that ended while its thread started (Ctrl-C, another task's failure) starts no clock
                if (running.has(i)) clock();
              });
            } else clock();
          }
          pool
            .run(tasks[i], { signal: control.signal })
            .then(
              (r: R) => {
                if (!failed) finish(i, r);
              },
              (e: unknown) => {
                const reason: unknown = control.signal.reason;
                fail(i, reason instanceof TaskTimeout || reason instanceof StartupTimeout ? reason : (workerExitOf(e) ?? e));
              },
            )
            .catch((e: unknown) => fail(undefined, e)) // onResult threw
            .finally(() => {
              clearTimeout(timer);
              running.delete(i);
              launch();
              if (running.size === 0) settled();
            });
        }
      };
      launch();
      if (running.size === 0) settled();
    });
  } finally {
    clearInterval(watcher);
    signal?.removeEventListener('abort', onAbort);
    const clean = !failed && !signal?.aborted;
    if (opts.warm) await opts.warm.pools.give(held, clean);
    else await pool.destroy();
  }
  if (signal?.aborted) throw signal.reason;
  if (failed) throw failed.error;
  return results;
}

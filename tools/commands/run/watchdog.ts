// The runner's memory ceiling (--max-memory-mib), watched from the main thread
// while the pool's tasks run: every task runs on a worker thread, so the main
// thread is free to read the process's resident memory (RSS: every thread's
// V8 heap, and the typed arrays and buffers that live outside any heap) a few
// times a second. Past the ceiling the pool ends the run (pool.ts `watch`).
// Each worker's V8 heap is also capped at the ceiling (piscina's
// resourceLimits), so one thread's heap blow-up is the same clean refusal.

/** How often the watchdog reads the process's memory (ms). */
export const WATCH_EVERY_MS = 100;

/** What the run fails with when the process used more than its ceiling (before tasks.ts names the task). */
export class MemoryCeiling extends Error {
  constructor(readonly mib: number) {
    super(`the run used more than ${mib} MiB`);
    this.name = 'MemoryCeiling';
  }
}

/** A check for pool.ts `watch`: a MemoryCeiling once the process's resident memory passes `mib` MiB. */
export function memoryWatch(mib: number, rss: () => number = process.memoryUsage.rss): { everyMs: number; check: () => Error | undefined } {
  return { everyMs: WATCH_EVERY_MS, check: () => (rss() > mib * 2 ** 20 ? new MemoryCeiling(mib) : undefined) };
}

/** Whether a task's error is a worker thread that ran out of its V8 heap (piscina's resourceLimits). */
export function isWorkerOutOfMemory(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

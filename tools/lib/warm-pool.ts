// A worker pool and what its threads told it (HeldPool), and the pools a
// caller keeps open between runs of tasks (WarmPools): the runs of one command
// (its kind steps) then share threads that loaded their modules once, instead
// of starting a pool each. A kept pool is taken by one run at a time; only a
// pool whose run ended cleanly is kept — after a failed task, a timeout, an
// abort or a thread's exit its threads may have been ended mid-task, so it is
// destroyed and the next run starts a fresh one. At most one pool is kept.
import type { Piscina } from 'piscina';

/** A started pool, shared by the runs that take it one after another (lib/pool.ts runTasks). */
export class HeldPool {
  /** Threads that posted the ready message so far. */
  ready = 0;
  /** Tasks waiting for a starting thread's ready message, first come first served (the running run's). */
  readonly waiting: (() => void)[] = [];
  /** The running run's handler of an error the pool emits; between runs there is none and an error marks the pool broken. */
  onError: ((e: unknown) => void) | undefined;
  /** An error came between runs: the pool is not kept. */
  broken = false;

  /**
   * @param key names everything its threads were started with (script, data, limits, environment)
   * @param threads the pool's threads (its minimum and maximum)
   * @param readyMessage what a thread posts once it has loaded what it needs (counted in `ready`)
   */
  constructor(
    readonly key: string,
    readonly threads: number,
    readonly pool: Piscina,
    readyMessage: string | undefined,
  ) {
    pool.on('error', (e: unknown) => {
      if (this.onError) this.onError(e);
      else this.broken = true;
    });
    if (readyMessage !== undefined)
      pool.on('message', (m: unknown) => {
        if (m !== readyMessage) return;
        this.ready++;
        this.waiting.shift()?.();
      });
  }
}

/** The pool a caller keeps warm between its runs of tasks (RunOptions.warm), and how many pools it started. */
export class WarmPools {
  #held: HeldPool | undefined;
  #starts = 0;

  /** Pools started through this keeper since it was made. */
  get starts(): number {
    return this.#starts;
  }

  /**
   * The kept pool of `key`, when it has at least `threads` threads; else a new
   * one from `start` (a kept pool of another key, or a smaller one, destroyed first).
   */
  async take(key: string, threads: number, start: () => HeldPool): Promise<HeldPool> {
    const held = this.#held;
    this.#held = undefined;
    if (held && held.key === key && held.threads >= threads && !held.broken) return held;
    if (held) await held.pool.destroy();
    this.#starts++;
    return start();
  }

  /** A run's end: its pool is kept when the run ended cleanly (every task finished, nothing aborted), else destroyed. */
  async give(held: HeldPool, clean: boolean): Promise<void> {
    held.onError = undefined;
    held.waiting.length = 0;
    if (clean && !held.broken) this.#held = held;
    else await held.pool.destroy();
  }

  /** Destroy the kept pool, if any (a command's end). */
  async close(): Promise<void> {
    const held = this.#held;
    this.#held = undefined;
    if (held) await held.pool.destroy();
  }
}

// The thread budget of one run: `--threads T` busy threads at most, shared by
// the pool's workers and the helper threads a computation starts (team.ts). It is a counting
// semaphore of T tokens on a SharedArrayBuffer that the command makes once and
// hands to every worker thread (tasks.ts). A pool worker takes one token
// before each task, waiting in Atomics.wait while none is free (a waiting
// thread is not busy), and gives it back after, whatever the task did. A computation
// starting its helpers takes up to size − 1 more, only those free at that moment
// (it never waits, so no thread ever waits for a token while holding more than
// its own), and gives them back when the crew closes. A worker the pool
// terminates (--task-seconds, --max-memory-mib, Ctrl-C, a failed task) never
// gives its tokens back, nor do the helpers ended with it: every such
// termination ends the run, whose pool, and budget, are then thrown away.

/** The count of free tokens (one Int32 on a SharedArrayBuffer), shared by every thread of one run. */
export type ThreadBudget = Int32Array;

/** A budget of `threads` tokens (at least one). */
export function threadBudget(threads: number): ThreadBudget {
  const budget = new Int32Array(new SharedArrayBuffer(4));
  budget[0] = Math.max(1, Math.floor(threads));
  return budget;
}

/** Takes one token, waiting until one is free. */
export function takeThread(budget: ThreadBudget): void {
  for (;;) {
    const free = Atomics.load(budget, 0);
    if (free > 0) {
      if (Atomics.compareExchange(budget, 0, free, free - 1) === free) return;
    } else Atomics.wait(budget, 0, free);
  }
}

/** Takes up to `most` tokens, only those free now (never waits); returns how many it took. */
export function takeSpare(budget: ThreadBudget, most: number): number {
  for (;;) {
    const free = Atomics.load(budget, 0);
    const n = Math.min(free, Math.floor(most));
    if (n <= 0) return 0;
    if (Atomics.compareExchange(budget, 0, free, free - n) === free) return n;
  }
}

/** Gives back `n` tokens and wakes the threads waiting for one. */
export function giveThreads(budget: ThreadBudget, n: number): void {
  if (n <= 0) return;
  Atomics.add(budget, 0, n);
  Atomics.notify(budget, 0);
}

/** Runs `work` holding one token of `budget` (none without a budget), given back however `work` ends. */
export function withThread<R>(budget: ThreadBudget | undefined, work: () => R): R {
  if (!budget) return work();
  takeThread(budget);
  try {
    return work();
  } finally {
    giveThreads(budget, 1);
  }
}

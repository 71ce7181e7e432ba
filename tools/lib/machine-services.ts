// The machine services the command layer hands a kind's analyze (and its
// bench): threads for one computation (Threads, and the Helpers it starts),
// the machine's resources (Resources: its memory), and scratch files with
// machine-wide locks (Scratch, ScratchFile). Types only: the command layer
// implements them (commands/run/team.ts, machine.ts, scratch.ts; in memory,
// lib/scratch.ts), a kind receives them in its AnalyzeContext (lib/kind.ts).

/** Threads for one computation (AnalyzeContext.threads): how many it may use, and the start of its helper threads. */
export interface Threads {
  /** Threads the computation may use at most, the caller's included (1: no helpers). */
  readonly size: number;
  /**
   * Starts up to size − 1 helper threads: as many as the run's thread budget
   * has free now (possibly none), more joining at a later round as threads
   * come free (the Helpers' size says how many it has). Each imports the module at `module` (a
   * file URL), calls its export `name` once with `init` (structured-cloned:
   * a SharedArrayBuffer in it is shared, not copied) and its helper number
   * (1 … size − 1); that call returns the helper's job handler. Blocks until
   * every helper is ready; a helper that fails to start is thrown here (or at
   * the round it joins).
   */
  start(module: string, name: string, init: unknown): Helpers;
}

/**
 * The helper threads of one computation, started by Threads.start: they and
 * the calling thread run each round's job together, until closed.
 */
export interface Helpers {
  /** Threads working a round now, the caller's included (1: the caller alone; at most Threads.size; it may grow before a round). */
  readonly size: number;
  /**
   * Hands `job` to every helper's handler, runs `own` on the calling thread
   * meanwhile, and returns once every helper has returned (the work is shared
   * through SharedArrayBuffers the kind chose). A helper's error is thrown here,
   * and so is a helper that stopped without one (out of memory): never a wait
   * for ever.
   */
  round(job: unknown, own: () => void): void;
  /** Ends the helper threads. */
  close(): void;
}

/** The machine's resources as the command layer read them for analyze (AnalyzeContext.resources): its memory. */
export interface Resources {
  /** Bytes of memory this process may use: the machine's, or its container's limit when smaller. (Free scratch disk changes while a task waits for a lock: Scratch.freeBytes.) */
  memoryBytes: number;
}

/**
 * What a kind may ask of the machine besides memory and time: scratch files
 * for data too big to keep in memory, and a lock that lets one heavy
 * computation at a time run across the threads and processes of the machine.
 * Neither changes what analyze returns.
 */
export interface Scratch {
  /** A new, empty scratch file, private to the caller; its space is freed when it is closed or the process ends. */
  file(): ScratchFile;
  /**
   * Waits for the machine-wide lock `name`, takes it and returns its release.
   * Throws (a one-line message naming the lock) rather than waiting forever on
   * a holder it cannot show to be alive.
   */
  lock(name: string): () => void;
  /**
   * Bytes the scratch files may still take: free now for this user on their
   * disk, less the reserve the command layer never fills (max(2 GiB, 5 % of
   * the disk)); Infinity where that is not known or the files live in memory. Read it when the
   * writing is about to start (after taking the lock that queues this
   * computation behind another writer, whose files it counts while held),
   * not earlier.
   */
  freeBytes(): number;
}

/** Positioned reads and writes of a scratch file; a read past what was written gives zeros. */
export interface ScratchFile {
  write(bytes: Uint8Array, offset: number, length: number, position: number): void;
  read(bytes: Uint8Array, offset: number, length: number, position: number): void;
  close(): void;
}

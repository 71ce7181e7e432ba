// The PuzzleKind interface: everything the commands (config, init, generate,
// curate, validate, bundle, pipeline, import, merge), the bench and the preview
// need to know about a puzzle kind. Each kind (tools/kinds/<kind>/) implements
// it once; the commands are written against it and hold no kind-specific rule.
// Its type parameters default to unknown, not any: a command holding a kind of
// the registry must narrow what it reads from a level.
import type { z } from 'zod';
import type { Rng } from './rng.ts';
import type { Figure } from './bench.ts';
import type { BudgetField, RunBudget } from './budget.ts';
import type { KindFace } from './face.ts';
import type { Level } from './level.ts';
import type { Picture } from './picture.ts';
import type { KindConformance } from './conformance.ts';

/** One disagreement between a stored value and what the library says it must be. */
export interface Problem {
  /** Path inside the level, e.g. `analysis.logicDepth` or `puzzle.grid[2][3]`. */
  field: string;
  stored: unknown;
  expected: unknown;
}

export type { Level } from './level.ts';
export type { Picture } from './picture.ts';

/** What `analyze` concluded about a puzzle. Only `proven` puzzles may ship. */
export type Outcome<S, A> =
  | { status: 'proven'; solution: S; analysis: A }
  /** The rules say no: unsolvable, or not solvable without guessing. */
  | { status: 'rejected'; reason: string }
  /** A search budget ran out: nothing is known. Never shipped, never called unsolvable. */
  | { status: 'unknown'; reason: string };

/** The set-level values `analyze` may depend on. */
export interface AnalyzeContext<C, K> {
  config: C;
  calibration: K;
  /**
   * Scratch storage and machine-wide locks, from the command layer (a kind
   * does no file I/O itself; docs/kind-contract.md). Absent when a kind is
   * called directly (tests, benchmarks): the kind then uses memoryScratch().
   */
  scratch?: Scratch;
  /**
   * The machine's memory and the scratch folder's free disk, read by the
   * command layer (a kind reads nothing of the machine). A kind compares them
   * with what a computation needs before starting it and throws a RoomError
   * (lib/errors.ts) when they fall short; they never change an outcome.
   * Absent (tests, benchmarks): no such check.
   */
  machine?: MachineRoom;
  /**
   * Threads one computation may spread its independent parts over (the
   * command's --threads), from the command layer: a kind starts no thread
   * itself. Results never depend on it. Absent: one thread.
   */
  team?: Team;
}

/** Threads for one computation (AnalyzeContext.team). */
export interface Team {
  /** Threads the computation may use at most, the caller's included (1: no helpers). */
  readonly size: number;
  /**
   * Starts up to size − 1 helper threads: as many as the run's thread budget
   * has free now (possibly none), more joining at a later round as threads
   * come free (the crew's size says how many it has). Each imports the module at `module` (a
   * file URL), calls its export `name` once with `init` (structured-cloned:
   * a SharedArrayBuffer in it is shared, not copied) and its helper number
   * (1 … size − 1); that call returns the helper's job handler. Blocks until
   * every helper is ready; a helper that fails to start is thrown here (or at
   * the round it joins).
   */
  start(module: string, name: string, init: unknown): Crew;
}

/** The helper threads of one computation, started by Team.start. */
export interface Crew {
  /** Threads of the crew now, the caller's included (1: the caller alone; at most the team's size; it may grow before a round). */
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

/** What the command layer read of the machine for analyze (AnalyzeContext.machine). */
export interface MachineRoom {
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

/** One entry of a generation plan: `count` wanted levels sharing a spec. */
export interface PlanEntry<G = unknown> {
  /** Short label for summaries, e.g. `7x7 pair`. */
  label: string;
  count: number;
  spec: G;
}

/** Result of rejection sampling for one wanted level. */
export interface SlotResult<P, S, A> {
  found: { puzzle: P; solution: S; analysis: A } | null;
  tries: number;
  /** Candidates thrown away because the solver disagreed with the known solution (a bug to report). */
  disagreements: number;
}

/** Whole-set statistics and the problems they show (e.g. apple board fidelity). */
export interface SetReport {
  problems: Problem[];
  /** Machine-readable figures, included in `validate --json`. */
  stats: Record<string, unknown>;
  /** The same figures for people, printed by validate. */
  lines: string[];
}

/** One step of a stored solution: what changes on the picture. */
export interface PreviewStep {
  caption: string;
  /** Cells that change: [cell index, palette index, label]. */
  set: [number, number, string][];
  /** Rectangles to outline in this step: [top, left, bottom, right], inclusive. */
  marks?: [number, number, number, number][];
}

export interface Preview {
  picture: Picture;
  steps: PreviewStep[];
  /** Key metrics shown on the card. */
  metrics: [string, string | number][];
}

/** What a kind's bench hook is given: the committed standard set, or null when it is absent. */
export interface BenchInput<P, S, A, C, K> {
  standardSet: { levels: Level<P, S, A>[]; config: C; calibration: K } | null;
  /** The command layer's scratch storage and locks (as analyze gets them). */
  scratch: Scratch;
  /** Threads for one computation (as analyze gets them; BENCH_THREADS, default 1). */
  team?: Team;
}

/**
 * One bench suite of a kind. Declared as a method so that a kind's record, typed
 * by its own formats, is still a PuzzleKind of unknown formats in the registry.
 */
export type BenchHook<P, S, A, C, K> = { run(input: BenchInput<P, S, A, C, K>): Figure[] | Promise<Figure[]> }['run'];

/** Rows for the tier table that curate prints. */
export interface TierTable {
  columns: string[];
  rows: (string | number)[][];
  /** Lines printed under the table (e.g. the deepest level). */
  notes?: string[];
}

/**
 * The version of this contract (PuzzleKind, KindFace, KindView and the helpers
 * of proofpack/kind and proofpack/face). A change that breaks a kind written
 * against the old one raises it; the registry refuses a kind that declares
 * another (PuzzleKind.contractVersion).
 */
export const KIND_CONTRACT_VERSION = 1;

export interface PuzzleKind<P = unknown, S = unknown, A = unknown, C = unknown, K = unknown, G = unknown> {
  readonly name: string;
  /**
   * The contract version the kind was written against: a number literal (1),
   * not KIND_CONTRACT_VERSION, so that a proofpack speaking another version
   * refuses the kind in one line instead of running it.
   */
  readonly contractVersion: number;
  /** Tiers, easiest first. */
  readonly tiers: readonly string[];
  readonly schemas: {
    puzzle: z.ZodType<P>;
    solution: z.ZodType<S>;
    analysis: z.ZodType<A>;
    config: z.ZodType<C>;
    calibration: z.ZodType<K>;
  };
  /** The kind as the game client knows it (tools/lib/face.ts): the same object as its entry in kinds/faces.ts. */
  readonly face: KindFace<Level<P, S, A>>;
  /** The schema and writer of its conformance vectors (dist/conformance/<kind>.json), run by bundle. */
  readonly conformance: KindConformance<Level<P, S, A>>;
  /**
   * The config numbers that bound what analyze() (or a set report) may spend, with
   * their ceilings (tools/lib/budget.ts). Required, and the registry refuses an
   * empty list or a field that is not a number of the default config: a kind
   * without budgets would let a file ask for unbounded work.
   */
  readonly budgets: readonly BudgetField[];
  /** The ceiling on a run's total work, counted by analyzeWork (tools/lib/budget.ts); none: the kind's levels are bounded per level only. */
  readonly runBudget?: RunBudget;
  /** The built-in default config (the standard set) and its seed. */
  readonly defaults: { setName: string; seed: number; config: C };
  /** Named full-size configs (`generate --preset NAME`), e.g. the size the original game shipped. */
  readonly presets?: Readonly<Record<string, { description: string; config: C; count?: number }>>;
  /** The config keys a game team typically changes (e.g. `plan`): `proofpack init` writes these into its partial config. */
  readonly starterKeys?: readonly string[];
  /**
   * Config lists a partial config may change entry by entry: list name → the
   * key of an entry (e.g. `9x9 pair ULTIMATE` for a ghost plan entry). Given as
   * an object keyed this way, the list is changed, not replaced (docs/config.md).
   */
  readonly keyedLists?: Readonly<Record<string, (entry: any) => string>>;
  /**
   * The only tiers a set made from this config can have, when the config alone
   * says so (ghost: every plan entry names its tier); undefined when only
   * generating tells. pipeline uses it to refuse, before any work, a pack that
   * asks for a tier the plan cannot make.
   */
  plannedTiers?(config: C): readonly string[] | undefined;

  // ---- generate ----
  /** The wanted levels of a config, in a fixed order. */
  plan(config: C): PlanEntry<G>[];
  /** Rejection-sample one wanted level from its own RNG. */
  generateSlot(config: C, spec: G, rng: Rng, ctx: AnalyzeContext<C, K>): SlotResult<P, S, A>;
  /** Calibration used before curate has chosen one. */
  initialCalibration(config: C): K;

  // ---- the rules and the solver ----
  /** Everything derived from a puzzle, by the same code for generate, curate and validate. */
  analyze(puzzle: P, ctx: AnalyzeContext<C, K>): Outcome<S, A>;
  /** Rough relative cost of analyze (only its order matters): the pool starts costly tasks first. */
  analyzeCost?(puzzle: P, config: C): number;
  /** analyze() and the work it did in runBudget's unit (deterministic: the same puzzle and config, the same count). */
  analyzeWork?(puzzle: P, ctx: AnalyzeContext<C, K>): { outcome: Outcome<S, A>; work: number };
  /**
   * Rule checks of a stored level before any solving: the puzzle against its
   * stored solution, and any stored value that can be checked by the rules
   * alone (e.g. a stored play replayed move by move).
   */
  ruleProblems(puzzle: P, solution: S, analysis: A): Problem[];
  /** Checks the stored solution against the recomputed outcome (equality, or a replay). */
  solutionProblems(puzzle: P, stored: S, proven: { solution: S; analysis: A }): Problem[];
  /** Allowed absolute difference per analysis field (default: exact). */
  readonly tolerances: Partial<Record<string, number>>;
  /** The smallest encoding of the puzzle under its symmetries (the level id is made from it). */
  canonical(puzzle: P): P;
  /**
   * The same puzzle under each of the kind's symmetries (rotations, reflections,
   * and for slide a renaming of colours), the puzzle itself first. canonical()
   * must give every one of them the same encoding.
   */
  equivalents(puzzle: P): P[];

  // ---- curate ----
  /** Choose the set's calibration from its (deduplicated) levels. */
  calibrate(levels: Level<P, S, A>[], config: C): K;
  /** The analysis with its calibration-dependent fields recomputed. */
  recalibrate(analysis: A, calibration: K): A;
  /** The tier of a level, or null when it fits no tier (curate drops it). */
  tierOf(analysis: A, calibration: K, config: C): string | null;
  /** Difficulty inside a tier, for ordering easiest first (and the preview's histograms). */
  difficulty(analysis: A): number;
  /** What difficulty() measures, e.g. `logicDepth`. */
  readonly difficultyLabel?: string;
  /**
   * The analysis field the play-test page lists and sorts a set's levels by, and its
   * short label, e.g. `['logicDepth', 'logicDepth']`. Must name a number of the analysis.
   */
  readonly listMetric?: readonly [field: string, label: string];
  tierTable(levels: Level<P, S, A>[]): TierTable;

  // ---- optional ----
  /** Drawing data for the preview page (bundle writes dist/preview/index.html): colours, then per level. */
  readonly previewPalette?: readonly string[];
  preview?(level: Level<P, S, A>, ctx: AnalyzeContext<C, K>): Preview;
  /** Checks over a whole set (validate runs it on set files after the per-level checks). */
  setReport?(levels: Level<P, S, A>[], config: C): SetReport;
  /**
   * The work setReport spends beyond its levels, in runBudget's unit, when that work depends on
   * the config (apple: the simulated reference sample); `key` names what is computed once per
   * process, so sets with the same key count it once. validate adds it to the run's work.
   */
  setReportWork?(config: C): { key: string; work: number };
  /** Compare two sets of this kind (validate --compare), e.g. recorded boards against generated ones. */
  compareSets?(a: Level<P, S, A>[], b: Level<P, S, A>[]): SetReport;
  /**
   * Read puzzles recorded elsewhere (proofpack import). Malformed records are
   * returned as problems: `where` names the record (e.g. `board 3 (line 34)`).
   */
  importText?(text: string): { puzzles: P[]; problems: { where: string; message: string }[] };
  /**
   * Kind-specific benchmark suites for `npm run bench`, by name (`npm run bench -- NAME`
   * runs one): each takes one measurement of its figures; the runner repeats them.
   */
  readonly bench?: Readonly<Record<string, BenchHook<P, S, A, C, K>>>;
}

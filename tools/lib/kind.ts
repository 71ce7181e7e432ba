// The PuzzleKind interface: everything the commands (config, init, generate,
// curate, validate, bundle, pipeline, import, merge), the bench and the preview
// need to know about a puzzle kind. Each kind (tools/kinds/<kind>/) implements
// it once; the commands are written against it and hold no kind-specific rule.
// Its type parameters default to unknown, not any: a command holding a kind of
// the registry must narrow what it reads from a level. The machine services
// analyze is handed are in machine-services.ts, what a kind shows people in
// presentation.ts.
import type { z } from 'zod';
import type { Rng } from './rng.ts';
import type { Figure } from './bench.ts';
import type { BudgetField, RunBudget } from './budget.ts';
import type { KindFace } from './face.ts';
import type { Level } from './level.ts';
import type { KindConformance } from './conformance.ts';
import type { Resources, Scratch, Threads } from './machine-services.ts';
import type { Preview, TierTable } from './presentation.ts';

/** One disagreement between a stored value and what the library says it must be. */
export interface Problem {
  /** Path inside the level, e.g. `analysis.logicDepth` or `puzzle.grid[2][3]`. */
  field: string;
  stored: unknown;
  expected: unknown;
}

export type { Level } from './level.ts';

/** What `analyze` concluded about a puzzle. Only `proven` puzzles may ship. */
export type Outcome<S, A> =
  | { status: 'proven'; solution: S; analysis: A }
  /** The rules say no: unsolvable, or not solvable without guessing. */
  | { status: 'rejected'; reason: string }
  /** A search budget ran out: nothing is known. Never shipped, never called unsolvable. */
  | { status: 'unknown'; reason: string };

/** What `analyze` returns: its outcome and the work it did, in runBudget's unit (0 for a kind without runBudget). */
export interface Analyzed<S = unknown, A = unknown> {
  outcome: Outcome<S, A>;
  /** Deterministic: the same puzzle and config, the same count. */
  work: number;
}

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
   * with what a computation needs before starting it and throws a
   * ResourceError (lib/errors.ts) when they fall short; they never change an
   * outcome. Absent (tests, benchmarks): no such check. (Version 1 of the
   * contract called it `machine`, a MachineRoom: lib/kind-v1.ts.)
   */
  resources?: Resources;
  /**
   * Threads one computation may spread its independent parts over (the
   * command's --threads), from the command layer: a kind starts no thread
   * itself. Results never depend on it. Absent: one thread. (Version 1 of
   * the contract called it `team`, a Team: lib/kind-v1.ts.)
   */
  threads?: Threads;
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

/**
 * A kind's whole-set checks (validate runs `report` on set files after the
 * per-level checks) and, when that work depends on the config, what it spends
 * beyond its levels (`work`, before any level is analysed). Declared as
 * methods for the same reason as BenchHook.
 */
export interface SetReportHook<P, S, A, C> {
  report(levels: Level<P, S, A>[], config: C): SetReport;
  /**
   * The work `report` spends beyond its levels, in runBudget's unit (apple:
   * the simulated reference sample); `key` names what is computed once per
   * process, so sets with the same key count it once. validate adds it to the run's work.
   */
  work?(config: C): { key: string; work: number };
}

/** What a kind's bench hook is given: the committed standard set, or null when it is absent. */
export interface BenchInput<P, S, A, C, K> {
  standardSet: { levels: Level<P, S, A>[]; config: C; calibration: K } | null;
  /** The command layer's scratch storage and locks (as analyze gets them). */
  scratch: Scratch;
  /** Threads for one computation (as analyze gets them; BENCH_THREADS, default 1). */
  threads?: Threads;
}

/**
 * One bench suite of a kind. Declared as a method so that a kind object, typed
 * by its own formats, is still a PuzzleKind of unknown formats in the registry.
 */
export type BenchHook<P, S, A, C, K> = { run(input: BenchInput<P, S, A, C, K>): Figure[] | Promise<Figure[]> }['run'];

/**
 * The version of this contract (PuzzleKind, KindFace, KindView and the helpers
 * of proofpack/kind and proofpack/face). A change that breaks a kind written
 * against the old one raises it; the registry refuses a kind that declares
 * another (PuzzleKind.contractVersion).
 */
export const KIND_CONTRACT_VERSION = 2;

export interface PuzzleKind<P = unknown, S = unknown, A = unknown, C = unknown, K = unknown, G = unknown> {
  readonly name: string;
  /**
   * The contract version the kind was written against: a number literal (2),
   * not KIND_CONTRACT_VERSION, so that a proofpack speaking another version
   * refuses the kind in one line instead of running it (a version 1 kind is
   * turned into this shape as it loads: kinds/contract-v1.ts).
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
  /** The ceiling on a run's total work, counted by analyze (tools/lib/budget.ts); none: the kind's levels are bounded per level only. */
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
  /** Everything derived from a puzzle, by the same code for generate, curate and validate, and the work it did. */
  analyze(puzzle: P, ctx: AnalyzeContext<C, K>): Analyzed<S, A>;
  /**
   * A rough relative cost of analyze known before it runs (only its order matters): the pool
   * starts costly tasks first. Not analyze's work, which is counted as it runs.
   */
  analyzeCost?(puzzle: P, config: C): number;
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
  /** Checks over a whole set, and the work they spend beyond its levels. */
  readonly setReport?: SetReportHook<P, S, A, C>;
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

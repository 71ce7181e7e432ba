// The steps of a kind's code that the commands run besides slots and
// analyses: each a pure function of (the kind, plain input) to plain output,
// run as one task on the worker pool (run-step.ts), so that a kind whose
// member never returns or grows without bound is stopped at the runner's
// ceilings and Ctrl-C is answered while it runs. A step covers a whole set or
// kind (never one level): starting the pool costs a tenth of a second or more.
import type { SetFile } from '../../lib/files.ts';
import type { PuzzleKind, TierTable } from '../../lib/kind.ts';
import { curateSet } from './curation.ts';

/** curate's work on one candidate set: the curated set and its tier table. */
function curate(kind: PuzzleKind, input: { set: SetFile; file: string }): { curated: ReturnType<typeof curateSet>; table: TierTable } {
  const curated = curateSet(kind, input.set, input.file);
  return { curated, table: kind.tierTable(curated.levels) };
}

/** The kind's estimate of each analysis (analyzeCost; 0 without one): the pool starts the longest first. */
function costs(kind: PuzzleKind, input: { puzzles: readonly { puzzle: unknown; config: unknown }[] }): number[] {
  return input.puzzles.map((p) => kind.analyzeCost?.(p.puzzle, p.config) ?? 0);
}

/** Every step, by name. */
export const KIND_STEPS = { curate, costs };

/** A step's name. */
export type StepName = keyof typeof KIND_STEPS;
/** What a step is given. */
export type StepInput<S extends StepName> = Parameters<(typeof KIND_STEPS)[S]>[1];
/** What a step returns. */
export type StepOutput<S extends StepName> = ReturnType<(typeof KIND_STEPS)[S]>;

/** Run step `step` of `kind` here (on the worker thread that was handed it). */
export function runStepHere<S extends StepName>(kind: PuzzleKind, step: S, input: StepInput<S>): StepOutput<S> {
  const fn = KIND_STEPS[step] as (kind: PuzzleKind, input: StepInput<S>) => StepOutput<S>;
  return fn(kind, input);
}

// The steps of a kind's code that the commands run besides slots and
// analyses: each a pure function of (the kind, plain input) to plain output,
// run as one task on the worker pool (run-step.ts), so that a kind whose
// member never returns or grows without bound is stopped at the runner's
// ceilings and Ctrl-C is answered while it runs. A step covers a whole set or
// kind (never one level): starting the pool costs a tenth of a second or more.
import type { KindVectors, NamedPack } from '../../lib/conformance.ts';
import type { LevelPlayers, PackFile, ReportedProblem, SetFile } from '../../lib/files.ts';
import type { Level, Outcome, PlanEntry, PuzzleKind, SetReport } from '../../lib/kind.ts';
import type { TierTable } from '../../lib/presentation.ts';
import { show, where } from '../../lib/errors.ts';
import { previewLevels, type PageLevel } from '../../preview/page.ts';
import { kindVectors } from '../sets/conformance.ts';
import { curateSet } from '../sets/curation.ts';
import { levelProblems, playersProblems, setProblems } from '../sets/level-checks.ts';
import { levelsWithPlayers } from '../sets/player-tiers.ts';

/** curate's work on one candidate set: the curated set and its tier table. */
function curate(kind: PuzzleKind, input: { set: SetFile; file: string }): { curated: ReturnType<typeof curateSet>; table: TierTable } {
  const curated = curateSet(kind, input.set, input.file);
  return { curated, table: kind.tierTable(curated.levels) };
}

/** calibrate's work on one set: its levels with the fit's figures, re-tiered by them with `retier`, in order. */
function players(kind: PuzzleKind, input: { set: SetFile; players: readonly [string, LevelPlayers][]; retier: boolean }): Level[] {
  return levelsWithPlayers(kind, input.set, new Map(input.players), input.retier);
}

/** The kind's estimate of each analysis (analyzeCost; 0 without one): the pool starts the longest first. */
function costs(kind: PuzzleKind, input: { puzzles: readonly { puzzle: unknown; config: unknown }[] }): number[] {
  return input.puzzles.map((p) => kind.analyzeCost?.(p.puzzle, p.config) ?? 0);
}

/**
 * What bundle derives from one kind's packs (and validate recomputes): the
 * preview page's data of each pack (`preview`: the kind has one) and the
 * conformance vectors (`vectors`).
 */
function pages(
  kind: PuzzleKind,
  input: { packs: readonly { name: string; pack: PackFile; setFile?: string }[]; preview: boolean; vectors: boolean },
): { rules: (string | null)[]; page: PageLevel[][] | null; vectors: KindVectors | null } {
  const rules = input.packs.map((p) => (p.setFile === undefined ? null : firstRuleProblem(p.setFile, kind, p.pack.levels)));
  if (rules.some((r) => r !== null)) return { rules, page: null, vectors: null };
  const page = input.preview
    ? input.packs.map((p) => previewLevels(kind, p.pack.levels, { config: p.pack.generator.config, calibration: p.pack.calibration }))
    : null;
  return { rules, page, vectors: input.vectors ? kindVectors(kind, input.packs as readonly NamedPack[]) : null };
}

/**
 * The kind's rule checks (validate's checks that need no solving) on the
 * levels of a pack bundle writes: the first problem, as one line naming the
 * set, the level and the field, or null. A schema-valid but inconsistent
 * level (a solution that does not fit its board) is refused, not shipped.
 */
function firstRuleProblem(setFile: string, kind: PuzzleKind, levels: readonly Level[]): string | null {
  for (const level of levels) {
    const p = kind.ruleProblems(level.puzzle, level.solution, level.analysis)[0];
    if (p)
      return `${where(setFile, level.id, p.field)}: stored ${show(p.stored)}, the rules say ${show(p.expected)}; the set does not validate (run proofpack validate on it)`;
  }
  return null;
}

/**
 * The plan of a config (generate's, and pipeline's check before any work), the
 * tiers it can make (plannedTiers) and its initial calibration; a plan the kind
 * refuses is its message (the caller names the config).
 */
function plan(kind: PuzzleKind, input: { config: unknown }): { plan: PlanEntry[]; tiers?: readonly string[]; calibration: unknown } | { error: string } {
  let entries: PlanEntry[];
  let tiers: readonly string[] | undefined;
  try {
    entries = kind.plan(input.config);
    tiers = kind.plannedTiers?.(input.config);
  } catch (e) {
    return { error: (e as Error).message };
  }
  return { plan: entries, ...(tiers ? { tiers } : {}), calibration: kind.initialCalibration(input.config) };
}

/**
 * What validate knows of a file's players' figures: for a set with players,
 * the fit recomputed from its logs (null when they could not be read: that
 * problem is reported on its own, and the tiers are then checked as the
 * solver's); for a pack, the tier of each level in its source set when that
 * set is validated too.
 */
export type PlayersCheck = { fit: readonly [string, LevelPlayers][] | null; retier: boolean } | { setTiers: readonly [string, string][] };

/**
 * validate's (and merge's) checks of one set or pack file, past the analyses:
 * every given level's static and recomputed checks (levelProblems, with the
 * outcome analyze() gave it, and the tier the players' fit gives it), and with
 * `whole` the whole-set checks (calibration, order, the players' figures) and
 * the kind's set report.
 */
function checks(
  kind: PuzzleKind,
  input: {
    doc: SetFile | PackFile;
    levels: readonly { index: number; outcome: Outcome<unknown, unknown> }[];
    whole: boolean;
    report: boolean;
    players?: PlayersCheck;
  },
): { levels: ReportedProblem[][]; set: ReportedProblem[]; report: SetReport | null } {
  const { doc } = input;
  const firstIndex = new Map<string, number>();
  doc.levels.forEach((lv, i) => firstIndex.has(lv.id) || firstIndex.set(lv.id, i));
  // the players' levels as calibrate would write them from the recomputed fit
  const refit =
    input.players && 'fit' in input.players && input.players.fit && doc.type === 'set'
      ? levelsWithPlayers(kind, doc, new Map(input.players.fit), input.players.retier)
      : null;
  const tierOf = new Map<string, string>(refit ? refit.map((l) => [l.id, l.tier]) : input.players && 'setTiers' in input.players ? input.players.setTiers : []);
  const levels = input.levels.map(({ index, outcome }) => {
    const level = doc.levels[index];
    if (!level) throw new Error(`checks: no level ${index} in the file`);
    // logs that could not be read fail the set on their own: its players' tiers are not checked twice
    const unread = input.players && 'fit' in input.players && input.players.fit === null;
    return levelProblems(kind, doc, level, index, firstIndex, outcome, level.players ? (unread ? level.tier : tierOf.get(level.id)) : undefined);
  });
  const isSet = doc.type === 'set';
  const set = input.whole && isSet ? [...setProblems(kind, doc, doc.players?.params.retier === true), ...playersProblems(doc, refit)] : [];
  const report = input.whole && input.report && isSet && kind.setReport ? kind.setReport.report(doc.levels, doc.generator.config) : null;
  return { levels, set, report };
}

/** import's reading of a recorded file by the kind's importText, and the initial calibration of the kind's default config. */
function importRecords(
  kind: PuzzleKind,
  input: { text: string },
): { puzzles: unknown[]; problems: { where: string; message: string }[]; calibration: unknown } {
  if (!kind.importText) throw new Error(`import: ${kind.name} has no import format`);
  const { puzzles, problems } = kind.importText(input.text);
  return { puzzles, problems, calibration: kind.initialCalibration(kind.defaults.config) };
}

/**
 * --resume's rule check of a checkpoint's found levels: for each, the fields
 * the kind's ruleProblems names (a throw is named as the puzzle's problem), or
 * null where there is nothing to check (no level, or one its schemas refuse:
 * the caller names those).
 */
function slotRules(
  kind: PuzzleKind,
  input: { found: readonly ({ puzzle: unknown; solution: unknown; analysis: unknown } | null | undefined)[] },
): (string[] | null)[] {
  return input.found.map((found) => {
    if (!found) return null;
    for (const part of ['puzzle', 'solution', 'analysis'] as const) if (!kind.schemas[part].safeParse(found[part]).success) return null;
    try {
      return kind.ruleProblems(found.puzzle, found.solution, found.analysis).map((p) => p.field);
    } catch (e) {
      return [`puzzle (${(e as Error).message})`];
    }
  });
}

/** validate --compare: the kind's comparison of two sets' levels. */
function compare(kind: PuzzleKind, input: { a: readonly Level[]; b: readonly Level[] }): SetReport {
  if (!kind.compareSets) throw new Error(`compare: the ${kind.name} kind has no comparison`);
  return kind.compareSets(input.a as Level[], input.b as Level[]);
}

/** validate's count of what a set's report will spend beyond its levels (setReport.work), before any level is analysed. */
function reportWork(kind: PuzzleKind, input: { config: unknown }): { key: string; work: number } | null {
  return kind.setReport?.work ? kind.setReport.work(input.config) : null;
}

/** Every step, by name. */
export const KIND_STEPS = { curate, players, costs, pages, plan, checks, import: importRecords, slotRules, compare, reportWork };

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

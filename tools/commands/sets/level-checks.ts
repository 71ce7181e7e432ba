// The checks validate runs on one file, each a pure function of what was
// loaded and what analyze() recomputed: ids and rule checks (no solving), the
// recomputed analysis, solution and tier, whole-set calibration and order, and
// a manifest's pack sizes and hashes. Every problem names its level and field.
import { InputError } from '../../lib/errors.ts';
import { readBytes, type ReadBudget } from '../../lib/safe-read.ts';
import * as path from 'node:path';
import { sha256Hex, levelId } from '../../lib/ids.ts';
import type { Level, Outcome, PuzzleKind } from '../../lib/kind.ts';
import { compareFields } from '../../lib/compare.ts';
import { stableJson } from '../../lib/json.ts';
import type { Manifest, PackFile, ReportedProblem, SetFile } from '../../lib/files.ts';
import { orderLevels } from './ordering.ts';
import { manifestEntry } from './manifest.ts';
import { parseDocument } from '../files/documents.ts';
import { parseJson } from '../../lib/io.ts';
import { at } from '../../lib/at.ts';

type LevelDoc = SetFile | PackFile;

/** Problems found without solving: ids, duplicates, rule checks. */
export function staticProblems(kind: PuzzleKind, level: Level, index: number, firstIndexOfId: Map<string, number>): ReportedProblem[] {
  const problems: ReportedProblem[] = [];
  const entry = { level: level.id, index };
  const id = levelId(kind.name, kind.canonical(level.puzzle));
  if (id !== level.id) problems.push({ ...entry, field: 'id', stored: level.id, expected: id });
  const first = firstIndexOfId.get(level.id);
  if (first === undefined) throw new Error(`staticProblems: level ${level.id} is missing from its file's id index`);
  if (first !== index) problems.push({ ...entry, field: 'id', stored: level.id, expected: `unique within the file (also levels[${first}])` });
  for (const p of kind.ruleProblems(level.puzzle, level.solution, level.analysis)) problems.push({ ...entry, ...p });
  return problems;
}

/**
 * Problems found by recomputing: analysis, solution, tier. A level with
 * players' figures has `playersTier` when its tier comes from them (the fit
 * recomputed for a set, its source set's tier for a pack): the stored tier is
 * compared with that instead of the solver's.
 */
export function recomputedProblems(
  kind: PuzzleKind,
  doc: LevelDoc,
  level: Level,
  index: number,
  outcome: Outcome<unknown, unknown>,
  playersTier?: string,
): ReportedProblem[] {
  const entry = { level: level.id, index };
  if (outcome.status !== 'proven') return [{ ...entry, field: 'analysis', stored: 'a proven level', expected: `${outcome.status}: ${outcome.reason}` }];
  const problems: ReportedProblem[] = [];
  for (const p of compareFields('analysis', level.analysis, outcome.analysis, kind.tolerances)) problems.push({ ...entry, ...p });
  for (const p of kind.solutionProblems(level.puzzle, level.solution, outcome)) problems.push({ ...entry, ...p });
  const tier = kind.tierOf(outcome.analysis, doc.calibration, doc.generator.config);
  if (playersTier !== undefined) {
    if (playersTier !== level.tier) problems.push({ ...entry, field: 'tier', stored: level.tier, expected: `${playersTier} (by players' difficulty)` });
  } else if (tier !== level.tier) {
    const fromPlayers = level.players && doc.type === 'pack';
    const expected =
      tier === null
        ? 'no tier (fits none)'
        : fromPlayers
          ? `${tier} (the solver's; a tier from players is checked against its set: validate the levels folder and the dist together)`
          : tier;
    problems.push({ ...entry, field: 'tier', stored: level.tier, expected });
  }
  return problems;
}

/**
 * Every problem of one stored level, as validate reports it: the static checks,
 * then the recomputed ones, a problem the two both find (a kind's rule check
 * and the recomputed analysis naming the same field with the same values)
 * given once.
 */
export function levelProblems(
  kind: PuzzleKind,
  doc: LevelDoc,
  level: Level,
  index: number,
  firstIndexOfId: Map<string, number>,
  outcome: Outcome<unknown, unknown>,
  playersTier?: string,
): ReportedProblem[] {
  const seen = new Set<string>();
  return [...staticProblems(kind, level, index, firstIndexOfId), ...recomputedProblems(kind, doc, level, index, outcome, playersTier)].filter((p) => {
    const key = stableJson([p.field, p.stored, p.expected]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whole-set checks: the calibration curate would choose for these levels, and
 * their order (curated sets; `byPlayers`: re-tiered by players), or the
 * initial calibration (candidates). They use the stored analyses: every
 * stored analysis is itself checked against analyze().
 */
export function setProblems(kind: PuzzleKind, doc: SetFile, byPlayers = false): ReportedProblem[] {
  const entry = { level: 'set', index: -1 };
  const config = doc.generator.config;
  if (doc.stage === 'candidates') {
    return compareFields('calibration', doc.calibration, kind.initialCalibration(config)).map((p) => ({ ...entry, ...p }));
  }
  const tiered: Level[] = [];
  for (const level of doc.levels) {
    const tier = kind.tierOf(level.analysis, doc.calibration, config);
    if (tier !== null) tiered.push({ ...level, tier });
  }
  const problems = compareFields('calibration', doc.calibration, kind.calibrate(tiered, config)).map((p) => ({ ...entry, ...p }));
  const ordered = orderLevels(kind, doc.levels, byPlayers).map((l) => l.id);
  const firstOut = doc.levels.findIndex((l, i) => l.id !== ordered[i]);
  if (firstOut >= 0)
    problems.push({ ...entry, field: `levels[${firstOut}]`, stored: at(doc.levels, firstOut).id, expected: `${ordered[firstOut]} (easiest first)` });
  return problems;
}

/**
 * A set's players' figures against the fit recomputed from its logs (`refit`:
 * the levels as calibrate writes them; null when the logs could not be read,
 * reported on their own): each level's `players` as the fit gives it. A set
 * that names no logs holds no figures.
 */
export function playersProblems(doc: SetFile, refit: readonly Level[] | null): ReportedProblem[] {
  const problems: ReportedProblem[] = [];
  if (!doc.players) {
    doc.levels.forEach((level, index) => {
      if (level.players)
        problems.push({
          level: level.id,
          index,
          field: 'players',
          stored: level.players,
          expected: 'no players figures (the set names no attempt logs; run proofpack calibrate)',
        });
    });
    return problems;
  }
  if (!refit) return problems;
  const fitted = new Map(refit.map((l) => [l.id, l.players]));
  doc.levels.forEach((level, index) => {
    const expected = fitted.get(level.id);
    for (const p of compareFields('players', level.players ?? null, expected ?? null)) problems.push({ level: level.id, index, ...p });
  });
  return problems;
}

/** A manifest's `file` must be a plain pack file name in the manifest's own folder: `<name>.json`, no folder, not hidden. */
export const PACK_FILE = /^[a-z0-9][a-z0-9_-]*\.json$/;
export const isPlainPackFile = (file: string): boolean => PACK_FILE.test(file) && file !== 'manifest.json';

/**
 * A manifest against its packs: every entry must name a plain pack file beside
 * it, and equal, field for field, the entry bundle's own builder makes from that
 * pack's bytes (sets/manifest.ts: name, kind, file, level count, size and
 * SHA-256, levels per tier, the source set's path, name, SHA-256, seed and
 * tool). The comparison is over every field the builder writes and the
 * manifest holds, so a field added to the builder is checked with no change here.
 */
export function manifestProblems(file: string, m: Manifest, budget?: ReadBudget): ReportedProblem[] {
  const problems: ReportedProblem[] = [];
  const dir = path.dirname(file);
  m.packs.forEach((entry, i) => {
    const at = (field: string, stored: unknown, expected: unknown) =>
      problems.push({ level: entry.name, index: -1, field: `packs[${i}].${field}`, stored, expected });
    if (!isPlainPackFile(entry.file)) {
      at('file', entry.file, 'a plain pack file name beside the manifest (<name>.json)');
      return;
    }
    const packFile = path.join(dir, entry.file);
    let bytes: Buffer;
    try {
      bytes = readBytes(packFile, { within: dir, ...(budget ? { budget } : {}) });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      at('file', entry.file, `an existing pack file (${e.message})`);
      return;
    }
    let pack: PackFile;
    try {
      const loaded = parseDocument(packFile, parseJson(packFile, bytes.toString('utf8')), ['pack']);
      if (loaded.type !== 'pack') throw new Error('unreachable');
      pack = loaded.doc;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      // the size and hash are still compared: a manifest that names these very bytes is told so
      const sha = sha256Hex(bytes);
      if (bytes.length !== entry.bytes) at('bytes', entry.bytes, bytes.length);
      if (sha !== entry.sha256) at('sha256', entry.sha256, sha);
      at('file', entry.file, `a pack file that loads (${e.message})`);
      return;
    }
    for (const p of compareFields(`packs[${i}]`, entry, manifestEntry(pack, bytes))) problems.push({ level: entry.name, index: -1, ...p });
  });
  return problems;
}

/**
 * A pack against the set it was cut from (the set whose SHA-256 the pack
 * records, found among the files validated): the set's name, generator and
 * calibration as the set holds them, and each level exactly as in the set.
 * A level the set does not hold, or holds otherwise, is named by its index.
 */
export function cutFromProblems(pack: PackFile, set: SetFile): ReportedProblem[] {
  const whole = { level: 'pack', index: -1 };
  const problems: ReportedProblem[] = [
    ...compareFields('source.name', pack.source.name, set.name).map((p) => ({ ...whole, ...p })),
    ...compareFields('generator', pack.generator, set.generator).map((p) => ({ ...whole, ...p })),
    ...compareFields('calibration', pack.calibration, set.calibration).map((p) => ({ ...whole, ...p })),
  ];
  const byId = new Map(set.levels.map((l) => [l.id, stableJson(l)]));
  pack.levels.forEach((level, index) => {
    const inSet = byId.get(level.id);
    if (inSet !== stableJson(level))
      problems.push({
        level: level.id,
        index,
        field: 'level',
        stored: inSet === undefined ? 'a level the set does not hold' : 'a level the set holds otherwise',
        expected: `the level as ${pack.source.set} holds it`,
      });
  });
  return problems;
}

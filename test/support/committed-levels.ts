// The committed levels/ and dist/, checked in parts that run side by side
// (test/pipeline/levels-*.test.ts, one small file per part, so vitest's two
// workers share the work): for each kind, its standard set reproduced byte for
// byte from its config and seed (levels-<kind>-reproduce) and every level of
// levels/<kind>/ and of the kind's packs in dist/ re-analysed, each distinct
// level once (levels-<kind>-validate, one OutcomeCache as in `proofpack
// pipeline`); and dist/ compared file for file with the dist the global setup
// bundled, plus every whole-file check of levels/ and dist/ (levels-dist).
// levels-dist also asserts that every level-holding file it finds belongs to
// one of the per-kind validations, so no level goes unchecked.
import { expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KINDS } from '../../tools/kinds/index.ts';
import { generateSet } from '../../tools/commands/generate.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import { validateFiles } from '../../tools/commands/validate/files.ts';
import type { OutcomeCache } from '../../tools/commands/run/analyze-all.ts';
import { withCommandThreads } from '../../tools/commands/run/tasks.ts';
import type { ValidateReport } from '../../tools/lib/files.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import { ROOT, firstDifference } from './helpers.ts';

export const LEVELS = path.join(ROOT, 'levels');
export const DIST = path.join(ROOT, 'dist');

function kindNamed(name: string) {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`no kind ${name}`);
  return kind;
}

/** levels/<kind>/<setName>.json regenerated from the kind's default config and seed, curated, compared byte for byte. */
export async function expectReproduced(name: string): Promise<void> {
  const kind = kindNamed(name);
  const file = path.join(LEVELS, name, `${kind.defaults.setName}.json`);
  // on one pool of two threads for all its kind steps, as the CLI's --threads 2 would
  const { set } = await withCommandThreads(2, () =>
    generateSet({ kind, config: kind.defaults.config, seed: kind.defaults.seed, name: kind.defaults.setName }, { threads: 2, con: memoryConsole() }),
  );
  const curated = curateSet(kind, set, 'candidates');
  expect(firstDifference(formatDocument(curated), fs.readFileSync(file, 'utf8'))).toBeNull();
}

/** The packs of dist/ (its top-level *.json of type "pack") whose kind is `name`. */
export function distPacksOf(name: string): string[] {
  return fs
    .readdirSync(DIST)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(DIST, f))
    .filter((f) => {
      const doc = JSON.parse(fs.readFileSync(f, 'utf8')) as { type?: unknown; kind?: unknown };
      return doc.type === 'pack' && doc.kind === name;
    });
}

/** The problems of a report, one line each (empty when it validates). */
export const problemLines = (report: ValidateReport): string[] =>
  report.files.flatMap((f) => [f.error, ...f.problems.map((p) => `${path.relative(ROOT, f.file)} ${p.level} ${p.field}`)].filter((x): x is string => !!x));

/**
 * Every level of levels/<kind>/ and of the kind's dist packs re-analysed and
 * checked (a pack's level that is also in the set is recomputed once); the
 * whole-file checks of these files too. Returns the files validated.
 */
export async function expectKindValidates(name: string): Promise<string[]> {
  const cache: OutcomeCache = new Map();
  const sets = await withCommandThreads(2, () => validateFiles([path.join(LEVELS, name)], { threads: 2, cache }));
  expect(problemLines(sets)).toEqual([]);
  expect(sets.ok).toBe(true);
  expect(sets.files.map((f) => f.kind)).toEqual(sets.files.map(() => name));
  const packs = distPacksOf(name);
  expect(packs.length).toBeGreaterThan(0);
  const dist = await withCommandThreads(2, () => validateFiles(packs, { threads: 2, cache }));
  expect(problemLines(dist)).toEqual([]);
  expect(dist.ok).toBe(true);
  return [...sets.files, ...dist.files].map((f) => f.file);
}

/** The files of a folder, recursively, relative to it, sorted. */
export const filesUnder = (d: string): string[] =>
  (fs.readdirSync(d, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => fs.statSync(path.join(d, f)).isFile()).sort();

/**
 * validate on levels/ and dist/ with every whole-file check (unreadable files,
 * set-level checks, calibration and order, manifests with their packs' bytes
 * and hashes, conformance vectors, the packs config) but the levels left to
 * the per-kind files: a shard larger than all levels together, whose shard 0
 * re-analyses only the first level.
 */
export async function wholeFileReport(): Promise<ValidateReport> {
  return validateFiles([LEVELS, DIST], { threads: 1, shard: { index: 0, count: 1_000_000 } });
}

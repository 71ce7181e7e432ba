// The mutation suite: for every kind, take real generated levels, change one
// stored value at a time, and require validate to fail naming that level and
// field. Every field of the kind's schemas must have a mutation: adding a field
// without one fails here.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { z } from 'zod';
import { KINDS } from '../../tools/kinds/index.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import { validateFiles, type OutcomeCache } from '../../tools/commands/validate.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import { loadDocument } from '../../tools/commands/shared/documents.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import type { PuzzleKind } from '../../tools/lib/kind.ts';
import { BASE_FILTER, MUTATIONS } from '../support/mutators.ts';
import { ROOT, tempDir } from '../support/helpers.ts';

const dir = tempDir();
/** Outcomes recomputed by earlier validate calls of this file: a mutation outside the puzzle reuses them, a changed puzzle is analysed afresh. */
const cache: OutcomeCache = new Map();

const keysOf = (schema: z.ZodType) => Object.keys((schema as unknown as { shape?: object }).shape ?? {});

/** Every stored field the schemas define, as the mutators name them. */
function storedFields(kind: PuzzleKind): string[] {
  return [
    ...keysOf(kind.schemas.puzzle).map((k) => `puzzle.${k}`),
    'solution',
    ...keysOf(kind.schemas.analysis).map((k) => `analysis.${k}`),
    'tier',
    'id',
    ...keysOf(kind.schemas.calibration).map((k) => `calibration.${k}`),
  ];
}

const bases = new Map<string, SetFile>();

/** A small curated set of real levels: up to two per tier of the committed standard set (a fresh copy each time). */
function baseSet(kind: PuzzleKind): SetFile {
  if (!bases.has(kind.name)) bases.set(kind.name, makeBaseSet(kind));
  return structuredClone(bases.get(kind.name)!);
}

function makeBaseSet(kind: PuzzleKind): SetFile {
  const loaded = loadDocument(path.join(ROOT, 'levels', kind.name, `${kind.defaults.setName}.json`), ['set']);
  if (loaded.type !== 'set') throw new Error('not a set');
  const usable = BASE_FILTER[kind.name] ?? (() => true);
  const picked = kind.tiers.flatMap((t) => loaded.doc.levels.filter((l) => l.tier === t && usable(l)).slice(0, 2));
  return curateSet(kind, { ...loaded.doc, levels: picked }, 'base');
}

async function validateSet(set: SetFile, name: string) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, formatDocument(set));
  return (await validateFiles([file], { threads: 1, cache })).files[0]!;
}

describe.each(KINDS.map((k) => [k.name, k] as const))('%s', (_name, kind) => {
  const mutations = MUTATIONS[kind.name] ?? [];

  it('has a mutation for every stored field of its schemas', () => {
    const covered = new Set(mutations.map((m) => m.field));
    expect(storedFields(kind).filter((f) => !covered.has(f))).toEqual([]);
  });

  it('validate passes the untouched levels', async () => {
    const report = await validateSet(baseSet(kind), `${kind.name}-base`);
    expect(report.error).toBeNull();
    expect(report.problems).toEqual([]);
  });

  it.each(mutations.map((m) => [m.field, m] as const))('validate names a changed %s', async (_field, m) => {
    const set = baseSet(kind);
    // a level from the hardest populated tier: every analysis count is in use there
    const level = set.levels[set.levels.length - 1]!;
    m.apply(level, set);
    const report = await validateSet(set, `${kind.name}-${m.field}`);
    if (m.exit === 2) {
      expect(report.error).toContain(level.id);
      expect(report.error).toContain(m.reported);
      return;
    }
    expect(report.error).toBeNull();
    const owner = m.field.startsWith('calibration.') ? 'set' : level.id;
    const named = report.problems.filter((p) => p.level === owner && p.field.startsWith(m.reported));
    expect(named, JSON.stringify(report.problems.slice(0, 5))).not.toEqual([]);
  });

  it('validate names levels out of order', async () => {
    const set = baseSet(kind);
    set.levels.reverse();
    const report = await validateSet(set, `${kind.name}-order`);
    expect(report.problems).toContainEqual(expect.objectContaining({ level: 'set', field: expect.stringMatching(/^levels\[/) }));
  });
});

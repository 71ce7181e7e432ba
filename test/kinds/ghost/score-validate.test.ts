// validate and the ghost score assets: every variant of a wrong maxScore,
// minScore, freeGhosts, course asset or hint path is caught (a flipped bit in any
// byte of them), and so is a number
// stored where the exact limit says "unknown" (the generic change of every
// field is proofpack check-kind: test/kinds/check-kind.test.ts).
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ghost } from '../../../tools/kinds/ghost/index.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { curateSet } from '../../../tools/commands/curate.ts';
import { validateFiles } from '../../../tools/commands/validate/files.ts';
import type { OutcomeCache } from '../../../tools/commands/run/analyze-all.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import type { SetFile } from '../../../tools/lib/files.ts';
import type { GhostAnalysis } from '../../../tools/kinds/ghost/schema.ts';
import { fromBase64, toBase64 } from '../../../tools/lib/bytes.ts';
import { flipByte } from '../../support/bytes.ts';
import { startsWith, tempDir } from '../../support/helpers.ts';

let curated: SetFile;
const dir = tempDir();
/** Outcomes recomputed by earlier validate calls of this file: a mutation outside the puzzle reuses them, a changed puzzle is analysed afresh. */
const cache: OutcomeCache = new Map();

// The exact score limit is lowered so the test stays fast; levels above it carry "unknown".
const config = { ...ghost.defaults.config, scoreGhostLimit: 18 };

beforeAll(async () => {
  const { set } = await generateSet({ kind: ghost, config, seed: 3, name: 'mut', count: 60 }, { threads: 1, con: memoryConsole() });
  curated = curateSet(ghost, set, 'mut.json');
});

type Analysis = GhostAnalysis;
const analysisOf = (s: SetFile, i: number) => s.levels[i]!.analysis as Analysis;

/** A level with pair and contradiction rounds and exact scores, so every count is non-zero and every score asset is there. */
const pick = (s: SetFile) =>
  s.levels.findIndex((l) => {
    const a = l.analysis as Analysis;
    return a.contradiction > 0 && a.pair > 0 && a.maxScore !== 'unknown' && a.maxScore !== a.minScore && a.freeGhosts !== 'unknown' && a.freeGhosts.length > 0;
  });
/** A level above the exact limit (its score assets are "unknown"). */
const pickUnknown = (s: SetFile) => s.levels.findIndex((l) => (l.analysis as Analysis).maxScore === 'unknown');

async function validateMutated(mutate: (s: SetFile, i: number) => void, which = pick) {
  const s = structuredClone(curated);
  const i = which(s);
  expect(i).toBeGreaterThanOrEqual(0);
  const id = s.levels[i]!.id;
  mutate(s, i);
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, formatDocument(s));
  const report = await validateFiles([file], { threads: 1, cache });
  return { report, id, problems: report.files[0]!.problems };
}

describe('validate', () => {
  it('passes the untouched set', async () => {
    const { report } = await validateMutated(() => {});
    expect(report.ok).toBe(true);
  });

  const cases: [string, (s: SetFile, i: number) => void, string][] = [
    ['analysis.maxScore', (s, i) => ((analysisOf(s, i).maxScore as number) += 50), 'analysis.maxScore'],
    ['analysis.minScore', (s, i) => ((analysisOf(s, i).minScore as number) -= 50), 'analysis.minScore'],
    ['analysis.maxScore set to "unknown"', (s, i) => (analysisOf(s, i).maxScore = 'unknown'), 'analysis.maxScore'],
    ['analysis.freeGhosts (one dropped)', (s, i) => (analysisOf(s, i).freeGhosts as [number, number][]).pop(), 'analysis.freeGhosts'],
    [
      'analysis.freeGhosts (a non-free ghost added)',
      (s, i) => {
        const free = analysisOf(s, i).freeGhosts as [number, number][];
        const sol = s.levels[i]!.solution as string[];
        for (let r = 0; r < sol.length; r++)
          for (let c = 0; c < sol.length; c++)
            if (sol[r]![c] === 'G' && !free.some(([fr, fc]) => fr === r && fc === c)) {
              free.push([r, c]);
              return;
            }
        free.length = 0; // every ghost free: drop them all
      },
      'analysis.freeGhosts',
    ],
    [
      'analysis.maxCourse (the version byte)',
      (s, i) => (analysisOf(s, i).maxCourse = flipByte(analysisOf(s, i).maxCourse as string, 0, 1)),
      'analysis.maxCourse',
    ],
    ['analysis.minCourse (a value)', (s, i) => (analysisOf(s, i).minCourse = flipByte(analysisOf(s, i).minCourse as string, 2)), 'analysis.minCourse'],
    [
      'analysis.minCourse (one zero byte more)',
      (s, i) => (analysisOf(s, i).minCourse = toBase64(Uint8Array.from([...fromBase64(analysisOf(s, i).minCourse as string, 'x'), 0]))),
      'analysis.minCourse',
    ],
    ['analysis.hints (a step header)', (s, i) => (analysisOf(s, i).hints = flipByte(analysisOf(s, i).hints, 1, 5)), 'analysis.hints'],
    ['analysis.hints (the last step dropped)', (s, i) => (analysisOf(s, i).hints = analysisOf(s, i).hints.slice(0, -4)), 'analysis.hints'],
  ];

  it.each(cases)('catches a changed %s', async (_name, mutate, field) => {
    const { report, problems } = await validateMutated(mutate);
    expect(report.ok).toBe(false);
    const s = structuredClone(curated);
    const i = pick(s);
    mutate(s, i);
    const id = s.levels[i]!.id;
    expect(problems).toContainEqual(expect.objectContaining({ level: id, field: expect.stringMatching(startsWith(field)) }));
  });

  it('catches a flipped bit in every byte of both course assets and the hint path', async () => {
    const s = structuredClone(curated);
    const i = pick(s);
    const a = analysisOf(s, i);
    // one level copy per byte, each with a distinct id so validate reports each on its own
    const fields = ['maxCourse', 'minCourse', 'hints'] as const;
    const base = s.levels[i]!;
    s.levels = [];
    const expected: [string, string][] = [];
    for (const field of fields) {
      const bytes = fromBase64(a[field] as string, field).length;
      for (let at = 0; at < bytes; at++) {
        const level = structuredClone(base);
        (level.analysis as Analysis)[field] = flipByte(a[field] as string, at, at % 8);
        s.levels.push(level);
        expected.push([field, String(at)]);
      }
    }
    const file = path.join(dir, 'every-byte.json');
    fs.writeFileSync(file, formatDocument(s));
    const report = await validateFiles([file], { threads: 1, cache });
    const problems = report.files[0]!.problems;
    // every copy has its field reported (the copies share an id, so count reports per field)
    for (const field of fields) {
      const want = expected.filter(([f]) => f === field).length;
      expect(problems.filter((p) => p.field === `analysis.${field}`).length, field).toBe(want);
    }
  });

  it('catches a number stored where the exact limit says "unknown"', async () => {
    const { report, problems, id } = await validateMutated((s, i) => {
      analysisOf(s, i).maxScore = 5000;
      analysisOf(s, i).freeGhosts = [];
    }, pickUnknown);
    expect(report.ok).toBe(false);
    expect(problems).toContainEqual(expect.objectContaining({ level: id, field: 'analysis.maxScore', expected: 'unknown' }));
    expect(problems).toContainEqual(expect.objectContaining({ level: id, field: 'analysis.freeGhosts' }));
  });

  it('catches a changed exact limit in the config (the values it implies change)', async () => {
    const { problems } = await validateMutated((s) => {
      (s.generator.config as { scoreGhostLimit: number }).scoreGhostLimit = 4;
    });
    expect(problems).toContainEqual(expect.objectContaining({ field: 'analysis.maxScore', expected: 'unknown' }));
  });
});

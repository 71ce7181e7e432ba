// Apple sets through curate and validate: curate labels without dropping,
// dedups under the 4 shape-keeping symmetries; validate reports set fidelity
// and catches illegal stored moves, a board whose sum breaks the rule and
// scores out of order (a change of every field: proofpack check-kind, test/kinds/check-kind.test.ts).
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { apple } from '../../../tools/kinds/apple/index.ts';
import { APPLE_DEFAULT_CONFIG } from '../../../tools/kinds/apple/config.ts';
import { transformApple } from '../../../tools/kinds/apple/canonical.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { curateSet } from '../../../tools/commands/curate.ts';
import { validateFiles } from '../../../tools/commands/validate/files.ts';
import type { OutcomeCache } from '../../../tools/commands/run/analyze-all.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import { levelId } from '../../../tools/lib/ids.ts';
import type { SetFile } from '../../../tools/lib/files.ts';
import type { AppleAnalysis, ApplePuzzle, AppleRect } from '../../../tools/kinds/apple/schema.ts';
import { tempDir } from '../../support/helpers.ts';

// a small search budget keeps the test fast; validate recomputes with the set's own config
const CONFIG = { ...APPLE_DEFAULT_CONFIG, boards: 10, search: { ...APPLE_DEFAULT_CONFIG.search, work: 30_000 } };
let candidates: SetFile;
let curated: SetFile;
const dir = tempDir();
/** Outcomes recomputed by earlier validate calls of this file: a mutation outside the puzzle reuses them, a changed puzzle is analysed afresh. */
const cache: OutcomeCache = new Map();

beforeAll(async () => {
  ({ set: candidates } = await generateSet({ kind: apple, config: CONFIG, seed: 3, name: 'mut' }, { threads: 1, con: memoryConsole() }));
  curated = curateSet(apple, candidates, 'mut.json');
});

const A = (s: SetFile, i: number) => s.levels[i]!.analysis as AppleAnalysis;

async function validateMutated(mutate: (s: SetFile) => void) {
  const s = structuredClone(curated);
  mutate(s);
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, formatDocument(s));
  const report = await validateFiles([file], { threads: 1, cache });
  return { report, problems: report.files[0]!.problems, s };
}

describe('curate', () => {
  it('labels every board and drops none; tiers follow the fixed greedyScore thresholds', () => {
    expect(curated.levels).toHaveLength(candidates.levels.length);
    for (const l of curated.levels) {
      const g = (l.analysis as AppleAnalysis).greedyScore;
      const want = CONFIG.tiers.find((t) => g >= t.minGreedy)!.tier;
      expect(l.tier).toBe(want);
    }
  });

  it('drops boards equal under a mirror or a half turn, keeping one', () => {
    const first = candidates.levels[0]!;
    const copies = [1, 2, 3].map((t) => ({ ...first, puzzle: transformApple(first.puzzle as ApplePuzzle, t) }));
    for (const c of copies) expect(levelId('apple', apple.canonical(c.puzzle))).toBe(first.id);
    const doubled = { ...candidates, levels: [...candidates.levels, ...copies] };
    const out = curateSet(apple, doubled, 'doubled.json');
    expect(out.curate!.duplicates).toBe(3);
    expect(out.levels).toHaveLength(candidates.levels.length);
  });
});

describe('validate (apple)', () => {
  it('passes the untouched set and reports its fidelity statistics', async () => {
    const { report } = await validateMutated(() => {});
    expect(report.ok).toBe(true);
    const f = report.files[0]!;
    expect(f.stats).toMatchObject({ boards: curated.levels.length, digits: { df: 8 } });
    expect(f.statLines!.join('\n')).toMatch(/per-board chi-square/);
  });

  const cases: [string, (s: SetFile) => void, string][] = [
    ['the greedy play (an illegal move)', (s) => (A(s, 0).greedyPlay[0] = [0, 0, 9, 16]), 'analysis.greedyPlay[0]'],
    ['the solution (an illegal move)', (s) => ((s.levels[0]!.solution as AppleRect[])[1] = [0, 0, 9, 16]), 'solution[1]'],
    [
      'a digit of the board',
      (s) => {
        const b = (s.levels[0]!.puzzle as ApplePuzzle).board;
        b[0] = (b[0]![0] === '9' ? '1' : String(Number(b[0]![0]) + 1)) + b[0]!.slice(1);
      },
      'puzzle.board',
    ],
  ];

  it.each(cases)('catches a changed %s', async (_name, mutate, field) => {
    const { report, problems, s } = await validateMutated(mutate);
    expect(report.ok).toBe(false);
    const id = s.levels[0]!.id; // the stored id names the level (the mutated one when the id itself changed)
    expect(problems.filter((p) => p.level === id).map((p) => p.field)).toContainEqual(expect.stringMatching(`^${field.replace(/[[\]]/g, '\\$&')}`));
  });

  it('catches stored scores out of order (greedy above best)', async () => {
    const { problems } = await validateMutated((s) => {
      A(s, 0).greedyScore = A(s, 0).bestScore + 1;
    });
    expect(problems).toContainEqual(expect.objectContaining({ field: 'analysis', expected: expect.stringContaining('greedyScore <= bestScore') }));
  });
});

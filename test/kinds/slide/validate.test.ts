// validate and slide levels beyond a change of every field (proofpack check-kind, test/kinds/check-kind.test.ts):
// wrong solution moves of several kinds, the SPEC tolerances, statuses that
// never ship.
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { slide } from '../../../tools/kinds/slide/index.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { curateSet } from '../../../tools/commands/curate.ts';
import { validateFiles } from '../../../tools/commands/validate/files.ts';
import type { OutcomeCache } from '../../../tools/commands/run/analyze-all.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import type { SetFile } from '../../../tools/lib/files.ts';
import type { SlideAnalysis, SlidePuzzle, SlideSolution } from '../../../tools/kinds/slide/schema.ts';
import { QUICK_CONFIG } from '../../support/slide-helpers.ts';
import { startsWith, tempDir } from '../../support/helpers.ts';

type L = { id: string; puzzle: SlidePuzzle; solution: SlideSolution; analysis: SlideAnalysis; tier: string };
let curated: SetFile;
const dir = tempDir();
/** Outcomes recomputed by earlier validate calls of this file: a mutation outside the puzzle reuses them, a changed puzzle is analysed afresh. */
const cache: OutcomeCache = new Map();

beforeAll(async () => {
  const { set } = await generateSet({ kind: slide, config: QUICK_CONFIG, seed: 3, name: 'mut' }, { threads: 1, con: memoryConsole() });
  curated = curateSet(slide, set, 'mut.json');
});

/** A level with a fixed block, several solutions and every metric inside (0, 1). */
const pick = (s: SetFile) => {
  const ls = s.levels as L[];
  const i = ls.findIndex((l) => /[A-O]/.test(l.puzzle.board.join('')) && l.analysis.solutionCount > 1 && l.analysis.minMoves >= 3);
  return i >= 0 ? i : ls.findIndex((l) => l.analysis.minMoves >= 3);
};

async function validateMutated(mutate: (l: L, s: SetFile) => void) {
  const s = structuredClone(curated);
  const i = pick(s);
  expect(i).toBeGreaterThanOrEqual(0);
  const level = s.levels[i] as L;
  const id = level.id;
  mutate(level, s);
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, formatDocument(s));
  const report = await validateFiles([file], { threads: 1, cache });
  return { report, id, problems: report.files[0]!.problems, error: report.files[0]!.error };
}

/** A cell of the board that holds no movable block. */
function notMovable(p: SlidePuzzle): [number, number] {
  for (let r = 0; r < p.board.length; r++) for (let c = 0; c < p.board[r]!.length; c++) if (!/[a-o]/.test(p.board[r]![c]!)) return [c, r];
  throw new Error('no such cell');
}

describe('validate (slide)', () => {
  it('passes the untouched set', async () => {
    const { report } = await validateMutated(() => {});
    expect(report.files[0]!.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  const nudge = (v: number, by: number) => (v + by <= 1 ? v + by : v - by);
  const cases: [string, (l: L, s: SetFile) => void, string][] = [
    ['one solution move (the block)', (l) => (l.solution[0] = [...notMovable(l.puzzle), l.solution[0]![2]]), 'solution[0]'],
    [
      'one solution move (the direction)',
      (l) => {
        const last = l.solution.length - 1;
        const m = l.solution[last]!;
        l.solution[last] = [m[0], m[1], ({ U: 'D', D: 'U', L: 'R', R: 'L' } as const)[m[2]]];
      },
      'solution',
    ],
    ['a dropped solution move', (l) => l.solution.pop(), 'solution'],
  ];

  it.each(cases)('catches a changed %s', async (_name, mutate, field) => {
    const { report, problems, id } = await validateMutated(mutate);
    expect(report.ok).toBe(false);
    const changedId = (() => {
      const s = structuredClone(curated);
      const l = s.levels[pick(s)] as L;
      mutate(l, s);
      return l.id;
    })();
    expect(problems).toContainEqual(expect.objectContaining({ level: expect.toBeOneOf([changedId, id]), field: expect.stringMatching(startsWith(field)) }));
  });

  it('a stored metric within the SPEC tolerance passes (0.006 metrics, 0.06 score)', async () => {
    const { report } = await validateMutated((l) => {
      l.analysis.deadEndRatio = nudge(l.analysis.deadEndRatio, 0.005);
      l.analysis.score = Math.round((l.analysis.score + 0.05) * 100) / 100;
    });
    expect(report.ok).toBe(true);
  });

  it('a status other than solved is refused by the schema, naming the field', async () => {
    const { report, error } = await validateMutated((l) => ((l.analysis as { status: string }).status = 'unknown'));
    expect(report.ok).toBe(false);
    expect(error).toMatch(/slide-[0-9a-f]{12} › analysis\.status: must be "solved" \(found "unknown"\)/);
  });
});

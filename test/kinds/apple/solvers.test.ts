// Apple solvers: the geometry-free upper bound against an exhaustive
// partition search and on boards built to need it, and the strong solver:
// legal, never below its start, deterministic, optimal on small states
// (checked by exhaustive search), and greedy <= best <= upper on random boards.
import { describe, expect, it } from 'vitest';
import { digitCounts, formatBoard } from '../../../tools/kinds/apple/board.ts';
import { CELLS } from '../../../tools/kinds/apple/bounds.ts';
import { geometryFreeBound } from '../../../tools/kinds/apple/bound.ts';
import { greedyPlay } from '../../../tools/kinds/apple/greedy.ts';
import { improvePlay } from '../../../tools/kinds/apple/search.ts';
import { replay, unpackRect } from '../../../tools/kinds/apple/rects.ts';
import { analyzeApple } from '../../../tools/kinds/apple/analyze.ts';
import { drawBoard } from '../../../tools/kinds/apple/generate.ts';
import { APPLE_DEFAULT_CONFIG } from '../../../tools/kinds/apple/config.ts';
import { rngFor } from '../../../tools/lib/rng.ts';
import { bruteForceBest, bruteForcePartition, stateWith } from '../../support/apple-helpers.ts';

const countsOf = (items: number[]) => {
  const c = new Array<number>(10).fill(0);
  for (const d of items) c[d]!++;
  return c;
};
const countsFrom = (spec: Record<number, number>) => {
  const c = new Array<number>(10).fill(0);
  for (const [d, k] of Object.entries(spec)) c[Number(d)] = k;
  return c;
};

/** A 10×17 board holding exactly these digit counts (positions do not matter to the bound). */
function boardOf(spec: Record<number, number>): string[] {
  const digits: number[] = [];
  for (const [d, k] of Object.entries(spec)) for (let i = 0; i < k; i++) digits.push(Number(d));
  expect(digits.length).toBe(CELLS);
  return formatBoard(Uint8Array.from(digits));
}

describe('the geometry-free upper bound', () => {
  it('equals an exhaustive partition search on random small multisets (skewed towards large digits too)', () => {
    for (let i = 0; i < 400; i++) {
      const rng = rngFor(2, 'apple-bound', i);
      const n = rng.int(1, 14);
      const big = rng.int(0, 100);
      const items = Array.from({ length: n }, () => (rng.int(0, 99) < big ? rng.int(6, 9) : rng.int(1, 9)));
      expect(geometryFreeBound(countsOf(items))).toBe(bruteForcePartition(items));
    }
  });

  it('is exact on hand-made multisets', () => {
    // a 9 needs exactly one 1: 40 nines, 10 ones, 120 fives -> 10 pairs 9+1 and 60 pairs 5+5;
    // the other 30 nines cannot be cleared: 170 - 30 = 140 (using ones elsewhere, e.g. 5+1+1+1+1+1, clears fewer)
    expect(geometryFreeBound(countsFrom({ 9: 40, 1: 10, 5: 120 }))).toBe(140);
    expect(geometryFreeBound(countsFrom({ 9: 170 }))).toBe(0);
    expect(geometryFreeBound(countsFrom({ 1: 170 }))).toBe(170); // 17 groups of ten 1s
    expect(geometryFreeBound(countsFrom({ 5: 170 }))).toBe(170);
    expect(geometryFreeBound(countsFrom({ 5: 169, 9: 1 }))).toBe(168); // one 5 and the 9 are left
    // 9 and 169 ones: 9+1 and 16 groups of ten 1s = 162; the ones alone make only 160
    expect(geometryFreeBound(countsFrom({ 9: 1, 1: 169 }))).toBe(162);
    // five 5s, a 4 and a 1: 5+5, 5+5 and 5+4+1: all 7 (a 5 with small digits)
    expect(geometryFreeBound(countsFrom({ 5: 5, 4: 1, 1: 1 }))).toBe(7);
    // 9, 4, 4, 1, 1: 4+4+1+1 clears 4 cells; 9+1 would leave 4+4+1 (sum 9): only 2. The 9 stays although a 1 is there
    expect(geometryFreeBound(countsFrom({ 9: 1, 4: 2, 1: 2 }))).toBe(4);
    // 8s with 2s or 1+1: 8, 8, 2, 1, 1 -> 8+2 and 8+1+1 = 5
    expect(geometryFreeBound(countsFrom({ 8: 2, 2: 1, 1: 2 }))).toBe(5);
  });

  it('is what analyze stores for a board with more 9s than 1s', () => {
    const ctx = { config: { ...APPLE_DEFAULT_CONFIG, search: { ...APPLE_DEFAULT_CONFIG.search, work: 40_000 } }, calibration: { greedyQuantiles: null } };
    // 40 nines, 10 ones, 120 fives: sum 360 + 10 + 600 = 970, a game board; bound 140 (above)
    const r = analyzeApple({ board: boardOf({ 9: 40, 1: 10, 5: 120 }) }, ctx);
    expect(r.status).toBe('proven');
    if (r.status === 'proven') {
      expect(r.analysis.upperBound).toBe(140);
      expect(r.analysis.greedyScore).toBeLessThanOrEqual(r.analysis.bestScore);
      expect(r.analysis.bestScore).toBeLessThanOrEqual(140);
    }
    // all 9s (sum 1530): no rectangle sums to 10 (one 9 is 9, two are 18), so every score is 0
    const nines = analyzeApple({ board: boardOf({ 9: 170 }) }, ctx);
    expect(nines).toMatchObject({ status: 'proven', solution: [], analysis: { greedyScore: 0, bestScore: 0, upperBound: 0, greedyPlay: [] } });
    // swap a 5 for a 3: sum 968, not a multiple of 10: no game board has it
    expect(analyzeApple({ board: boardOf({ 9: 40, 1: 10, 5: 119, 3: 1 }) }, ctx).status).toBe('rejected');
  });
});

const SMALL_BUDGET = { ...APPLE_DEFAULT_CONFIG.search, work: 40_000 };

describe('the strong solver', () => {
  it('finds the best play of small hand-made and random states (exhaustive search as the oracle)', () => {
    // row 0: 9 1 9 ; row 1: . 1 . -> 9+1 in row 0, then the other 9 with the 1 below it: the
    // rectangle [0,1,1,2] then holds only those two (its other cells are removed): all 4 cells
    const hand = stateWith([
      [0, 0, 9],
      [0, 1, 1],
      [0, 2, 9],
      [1, 1, 1],
    ]);
    expect(bruteForceBest(hand)).toBe(4);
    expect(improvePlay(hand, greedyPlay(hand), SMALL_BUDGET).score).toBe(4);
    for (let i = 0; i < 25; i++) {
      const rng = rngFor(3, 'apple-small', i);
      const cells: [number, number, number][] = [];
      const used = new Set<number>();
      const n = rng.int(6, 14);
      while (cells.length < n) {
        const r = rng.int(0, 3),
          c = rng.int(0, 5);
        if (used.has(r * 17 + c)) continue;
        used.add(r * 17 + c);
        cells.push([r, c, rng.int(1, 9)]);
      }
      const v = stateWith(cells);
      const best = improvePlay(v, greedyPlay(v), SMALL_BUDGET);
      expect(replay(v, best.moves.map(unpackRect))).toEqual({ ok: true, score: best.score });
      expect(best.score).toBe(bruteForceBest(v));
    }
  });

  it('returns a legal play, never below its start, the same on every run; greedy <= best <= upper on random boards', () => {
    for (let i = 0; i < 4; i++) {
      const { board } = drawBoard(rngFor(4, 'apple-solver', i), 600);
      const g = greedyPlay(board!);
      const a = improvePlay(board!, g, SMALL_BUDGET);
      const b = improvePlay(board!, g, SMALL_BUDGET);
      expect(b).toEqual(a);
      expect(replay(board!, a.moves.map(unpackRect))).toEqual({ ok: true, score: a.score });
      expect(replay(board!, g.moves.map(unpackRect))).toEqual({ ok: true, score: g.score });
      expect(a.score).toBeGreaterThanOrEqual(g.score);
      expect(a.score).toBeLessThanOrEqual(geometryFreeBound(digitCounts(board!)));
    }
  });
});

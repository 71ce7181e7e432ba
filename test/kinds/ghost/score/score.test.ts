// Score assets (SPEC §1): the exact DP against hand-worked boards, against a
// brute force over all G! orders (G ≤ 8), and its course assets against an
// independent plain DP on every state (G ≤ 14); exactness over histories is in
// ghost-course.test.ts. The oracles are in helpers.ts,
// written from the SPEC text without the library's score code.
import { describe, expect, it } from 'vitest';
import { scoreAssets, exactScores, UNKNOWN } from '../../../../tools/kinds/ghost/score/score-assets.ts';
import { scoreModel, playScore } from '../../../../tools/kinds/ghost/score-rule.ts';
import { dpModel } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { scoreTables, optimalStates, totalScore } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import { decodeCourse, courseValue, type Course } from '../../../../tools/kinds/ghost/course-format.ts';
import { fromBase64, toBase64 } from '../../../../tools/lib/bytes.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';
import type { GhostPuzzle } from '../../../../tools/kinds/ghost/schema.ts';
import { bruteForceScores, scoreOracle } from '../../../support/helpers.ts';

const valueAt = (c: Course, state: number) => courseValue(c, (g) => ((state >>> g) & 1) === 1);
const course = (text: unknown, G: number) => decodeCourse(text as string, G);

describe('a hand-worked board: three ghosts around a 3', () => {
  // A=(0,0), B=(0,2), C=(2,0) (ghosts 0, 1, 2 in row-major order); clue (1,1) = 3 sees all three.
  // Targets: row0 2 {A,B}, row2 1 {C}, col0 2 {A,C}, col2 1 {B}; rows 1,3,4 and cols 1,3,4 are 0,
  // so every plain cell of them is open at the start. The only empty plain cell not open at the
  // start is (2,2) (in row 2, col 2 and the clue). It opens at the first catch of B or C:
  //   catching B completes col2, plus row0 if A is already caught (the clue needs C too);
  //   catching C completes row2, plus col0 if A is already caught (the clue needs B too).
  // So the one bonus is 50 × 1 × (1 + [A first]): A first -> 300 + 100 = 400, otherwise 350.
  const puzzle: GhostPuzzle = { size: 5, grid: ['.....', '.3...', '.....', '.....', '.....'], rows: [2, 0, 1, 0, 0], cols: [2, 0, 1, 0, 0] };
  const solution = ['G.G..', '.....', 'G....', '.....', '.....'];

  it('best 400 (A first), worst 350, and only A is free', () => {
    const a = scoreAssets(puzzle, solution, 30).assets;
    expect(a.maxScore).toBe(400);
    expect(a.minScore).toBe(350);
    // From ∅ (on every optimal play) B or C next loses the best; A is only ever missing from ∅.
    expect(a.freeGhosts).toEqual([[0, 0]]);
  });

  it('the course assets, byte by byte', () => {
    const a = scoreAssets(puzzle, solution, 30).assets;
    // W(S) = best bonus still to come + cells opened so far, on the states of a best play
    // {∅, A, AB, AC, ABC}: ∅ 2 + 0, A 2 + 0, AB/AC/ABC 0 + 1. The diagram:
    //   A? free: B? (free: C? (free 2, caught ⊥), caught ⊥)
    //      caught: B? (free: C? (free 2, caught 1), caught 1)
    // Bytes: version 1, row-major order (0), T = 2 values 1, 2 (delta 1); then bits, depth-first,
    // free before caught: 0 = a new node one ghost deeper, 110 + 2 bits = a terminal (00 ⊥, 01 the
    // value 1, 10 the value 2): the root A and its free-side B and C are new (000); C's children
    // 2, ⊥ (110 10, 110 00); B caught: ⊥ (110 00); A caught: B, C new (00); C's children 2, 1
    // (110 10, 110 01); B caught: 1 (110 01):
    //   000 11010 11000 11000 00 11010 11001 11001 (+ 5 zero bits) = 26 198 13 103 32
    expect([...fromBase64(a.maxCourse as string, 'max')]).toEqual([1, 0, 2, 1, 1, 26, 198, 13, 103, 32]);
    const max = course(a.maxCourse, 3);
    expect([0b000, 0b001, 0b011, 0b101, 0b111].map((s) => valueAt(max, s))).toEqual([2, 2, 1, 1, 1]);
    expect([0b010, 0b100, 0b110].map((s) => valueAt(max, s))).toEqual([null, null, null]);
    // worst (bonus 1, A not first): every state but {A}; W = 1 on all of them (∅: 1 + 0; B: 0 + 1; …)
    const min = course(a.minCourse, 3);
    for (let s = 0; s < 8; s++) expect(valueAt(min, s)).toBe(s === 0b001 ? null : 1);
  });

  it('a malformed course asset is refused with its name', () => {
    const bytes = [1, 0, 2, 1, 1, 26, 198, 13, 103, 32];
    const text = (b: number[]) => toBase64(Uint8Array.from(b));
    expect(() => decodeCourse(text(bytes.slice(0, 8)), 3, 'maxCourse')).toThrow(/^maxCourse: ends early/);
    expect(() => decodeCourse(text([...bytes, 0]), 3, 'maxCourse')).toThrow(/^maxCourse: 1 bytes after the end/);
    expect(() => decodeCourse(text([...bytes.slice(0, 9), 33]), 3, 'maxCourse')).toThrow(/^maxCourse: non-zero padding bits/);
    expect(() => decodeCourse(text([1, 2, ...bytes.slice(2)]), 3, 'maxCourse')).toThrow(/unknown ghost order kind 2/);
    expect(() => decodeCourse(text([1, 1, 0, 0, 1, ...bytes.slice(2)]), 3, 'maxCourse')).toThrow(/not a permutation/);
    // the same diagram read as a board of 2 ghosts: its third level does not exist
    expect(() => decodeCourse(text(bytes), 2, 'maxCourse')).toThrow(/^maxCourse: a node at depth 2 of 2/);
  });

  it('the rule: catching A, B, C scores 100, 200, 100', () => {
    const m = scoreModel(puzzle, solution);
    expect(playScore(m, [0])).toBe(100);
    // B after A: completes col2 and row0 (2 constraints), opens (2,2): 100 + 50·1·2
    expect(playScore(m, [0, 1])).toBe(300);
    expect(playScore(m, [0, 1, 2])).toBe(400);
    expect(playScore(m, [1, 0, 2])).toBe(350);
  });
});

describe('a board where every order scores the same', () => {
  // Ghosts (0,0) and (1,1), no clues; rows 0,1 and cols 0,1 hold one ghost each, the rest 0.
  // Not open at the start: (0,1) and (1,0) only. The first catch completes its row and column
  // and opens both: 100 + 50·2·2 = 300; the second opens nothing: 100. Every order: 400.
  const puzzle: GhostPuzzle = { size: 5, grid: ['.....', '.....', '.....', '.....', '.....'], rows: [1, 1, 0, 0, 0], cols: [1, 1, 0, 0, 0] };
  const solution = ['G....', '.G...', '.....', '.....', '.....'];

  it('max = min = 400, both ghosts free, both courses one value everywhere', () => {
    const a = scoreAssets(puzzle, solution, 30).assets;
    expect([a.maxScore, a.minScore]).toEqual([400, 400]);
    expect(a.freeGhosts).toEqual([
      [0, 0],
      [1, 1],
    ]);
    // W = F + opened: 4 + 0 at the start, 0 + 2 after the first catch and after both:
    // n0 = ghost 1? (free 4, caught 2) under ghost 0 free; root = ghost 0? (n0, 2)
    for (const text of [a.maxCourse, a.minCourse]) {
      const c = course(text, 2);
      expect(c.nodes.length / 3).toBe(2);
      for (let s = 0; s < 4; s++) expect(valueAt(c, s)).toBe(s === 0 ? 4 : 2);
    }
  });
});

describe('above the exact limit', () => {
  it('every score asset is the explicit "unknown"', () => {
    const { puzzle, solution } = randomBoard(rngFor(5, 'limit', 0), 6, 9, 8);
    const run = scoreAssets(puzzle, solution, 8);
    expect(run.assets).toEqual({ maxScore: UNKNOWN, minScore: UNKNOWN, freeGhosts: UNKNOWN, maxCourse: UNKNOWN, minCourse: UNKNOWN });
    expect(run.transitions).toBe(0);
    expect(scoreAssets(puzzle, solution, 9).assets.maxScore).not.toBe(UNKNOWN);
  });
});

/** Random boards (not necessarily solvable: the score needs only where the ghosts are). */
function boards(stream: string, count: number, ghosts: (i: number) => number) {
  return Array.from({ length: count }, (_, i) => {
    const rng = rngFor(11, stream, i);
    const n = rng.int(5, 7);
    return randomBoard(rng, n, ghosts(i), rng.int(2, 14));
  });
}

describe('the DP against a brute force over all orders (G ≤ 8)', () => {
  const cases = boards('brute', 36, (i) => 1 + (i % 8));
  it.each(cases.map((c, i) => [i, c] as const))('board %i', (_i, { puzzle, solution }) => {
    const bf = bruteForceScores(puzzle, solution);
    const { assets } = exactScores(scoreModel(puzzle, solution));
    expect(assets.maxScore).toBe(bf.best);
    expect(assets.minScore).toBe(bf.worst);
    expect(assets.freeGhosts).toEqual(bf.free.map((g) => [Math.floor(bf.oracle.ghostCells[g]! / puzzle.size), bf.oracle.ghostCells[g]! % puzzle.size]));
    // the courses have a value exactly on the states on a best (worst) order
    const G = bf.oracle.G;
    const [max, min] = [course(assets.maxCourse, G), course(assets.minCourse, G)];
    for (let s = 0; s < 2 ** G; s++) {
      expect(valueAt(max, s) !== null).toBe(bf.max.states.has(s));
      expect(valueAt(min, s) !== null).toBe(bf.min.states.has(s));
    }
  });

  it('the library rule scores every order as the oracle does', () => {
    for (const { puzzle, solution } of cases.slice(0, 12)) {
      const o = scoreOracle(puzzle, solution);
      const m = scoreModel(puzzle, solution);
      const rng = rngFor(3, 'orders', o.G);
      for (let k = 0; k < 20; k++) {
        const order = Array.from({ length: o.G }, (_, g) => g);
        for (let i = order.length - 1; i > 0; i--) {
          const j = rng.int(0, i);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        expect(playScore(m, order)).toBe(o.playScore(order));
      }
    }
  });
});

/**
 * An independent plain DP with the oracle's gain: F (best/worst still to come)
 * backwards, P (best/worst so far) forwards; a state is on an optimal order
 * exactly when P + F is the optimum.
 */
function plainDp(puzzle: GhostPuzzle, solution: readonly string[]) {
  const o = scoreOracle(puzzle, solution);
  const G = o.G;
  const N = 2 ** G;
  const gain: number[][] = Array.from({ length: N }, (_, s) => Array.from({ length: G }, (_, g) => ((s >> g) & 1 ? 0 : o.gain(s, g))));
  const run = (better: (a: number, b: number) => boolean) => {
    const F = new Float64Array(N);
    const P = new Float64Array(N).fill(NaN);
    for (let s = N - 2; s >= 0; s--) {
      let best = NaN;
      for (let g = 0; g < G; g++)
        if (!((s >> g) & 1)) {
          const v = gain[s]![g]! + F[s | (1 << g)]!;
          if (Number.isNaN(best) || better(v, best)) best = v;
        }
      F[s] = best;
    }
    P[0] = 0;
    for (let s = 0; s < N; s++) {
      for (let g = 0; g < G; g++)
        if (!((s >> g) & 1)) {
          const t = s | (1 << g);
          const v = P[s]! + gain[s]![g]!;
          if (Number.isNaN(P[t]!) || better(v, P[t]!)) P[t] = v;
        }
    }
    const opt = F[0]!;
    const on = (s: number) => P[s]! + F[s]! === opt;
    return { opt, on, P, F };
  };
  const max = run((a, b) => a > b);
  const min = run((a, b) => a < b);
  const free: number[] = [];
  for (let g = 0; g < G; g++) {
    let ok = true;
    for (let s = 0; s < N && ok; s++) if (!((s >> g) & 1) && max.on(s)) ok = max.P[s]! + gain[s]![g]! + max.F[s | (1 << g)]! === max.opt;
    if (ok) free.push(g);
  }
  return { o, G, max, min, free };
}

describe('the course assets against a plain DP on every state (G ≤ 14)', () => {
  const cases = boards('diagram', 6, (i) => 9 + i);
  it.each(cases.map((c, i) => [i, c] as const))('board %i', (_i, { puzzle, solution }) => {
    const ref = plainDp(puzzle, solution);
    const { assets } = exactScores(scoreModel(puzzle, solution));
    expect(assets.maxScore).toBe(ref.max.opt);
    expect(assets.minScore).toBe(ref.min.opt);
    expect(assets.freeGhosts).toEqual(ref.free.map((g) => [Math.floor(ref.o.ghostCells[g]! / puzzle.size), ref.o.ghostCells[g]! % puzzle.size]));
    // W(S) = F(S) + cells opened in S on the states of an optimal play, no value elsewhere
    const [max, min] = [course(assets.maxCourse, ref.G), course(assets.minCourse, ref.G)];
    const base = ref.o.openCells(0).size;
    for (let s = 0; s < 2 ** ref.G; s++) {
      const opened = ref.o.openCells(s).size - base;
      const popcount = s.toString(2).replace(/0/g, '').length;
      // plainDp's F counts whole points; the asset counts bonus (points = 100 a catch + 50 × bonus)
      const want = (side: typeof ref.max) => (side.on(s) ? (side.F[s]! - 100 * (ref.G - popcount)) / 50 + opened : null);
      if (valueAt(max, s) !== want(ref.max)) throw new Error(`max course wrong at state ${s}`);
      if (valueAt(min, s) !== want(ref.min)) throw new Error(`min course wrong at state ${s}`);
    }
  });
});

describe('the DP tables', () => {
  it('F(∅) of the tables is the bonus of the optimum; marking finds ∅ and the full state', () => {
    const { puzzle, solution } = boards('tables', 1, () => 10)[0]!;
    const t = scoreTables(dpModel(scoreModel(puzzle, solution)));
    expect(t.transitions).toBe(10 * 2 ** 9);
    const o = optimalStates(t, 'max');
    expect(o.states[0]! & 1).toBe(1);
    expect((o.states[(2 ** 10 - 1) >>> 5]! >>> ((2 ** 10 - 1) & 31)) & 1).toBe(1);
    expect(totalScore(10, t.fmax[0]!)).toBe(plainDp(puzzle, solution).max.opt);
  });
});

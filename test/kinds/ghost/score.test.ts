// Score assets (SPEC §1): the exact DP against hand-worked boards, against a
// brute force over all G! orders (G ≤ 8), and its decision diagrams against an
// independent plain DP on every state (G ≤ 14). The oracles are in helpers.ts,
// written from the SPEC text without the library's score code.
import { describe, expect, it } from 'vitest';
import { scoreAssets, exactScores, UNKNOWN } from '../../../tools/kinds/ghost/score.ts';
import { scoreModel, playScore } from '../../../tools/kinds/ghost/score-model.ts';
import { dpModel, scoreTables, optimalStates, totalScore } from '../../../tools/kinds/ghost/score-dp.ts';
import { buildDiagram, diagramProblem, inDiagram, canStillReach, type Diagram } from '../../../tools/kinds/ghost/diagram.ts';
import { randomBoard } from '../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../tools/lib/rng.ts';
import type { GhostPuzzle } from '../../../tools/kinds/ghost/schema.ts';
import { bruteForceScores, scoreOracle } from '../../support/helpers.ts';

const member = (d: Diagram, state: number) => inDiagram(d, (g) => ((state >>> g) & 1) === 1);

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

  it('the diagrams, node by node', () => {
    const a = scoreAssets(puzzle, solution, 30).assets;
    // Nodes are [ghost, ifFree, ifCaught]; references 0 false, 1 true, 2 the node just before.
    // max: {∅, A, AB, AC, ABC} = a ∨ (¬b ∧ ¬c). Bottom-up: node 0 tests c (free: true, caught:
    // false); node 1 tests b (free: node 0, caught: false); node 2 tests a (free: node 1, caught: true).
    expect(a.maxDiagram).toEqual({ root: 2, nodes: [2, 1, 0, 1, 2, 0, 0, 2, 1] });
    // min: every state but {A} = ¬a ∨ b ∨ c. Node 0 tests c (free: false, caught: true); node 1
    // tests b (free: node 0, caught: true); node 2 tests a (free: true, caught: node 1).
    expect(a.minDiagram).toEqual({ root: 2, nodes: [2, 0, 1, 1, 2, 1, 0, 1, 2] });
    expect(canStillReach(a.maxDiagram as Diagram, [0])).toBe(true);
    expect(canStillReach(a.maxDiagram as Diagram, new Set([1]))).toBe(false);
    expect(canStillReach(a.minDiagram as Diagram, 0b001)).toBe(false);
    expect(canStillReach(a.minDiagram as Diagram, 0b011)).toBe(true);
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

  it('max = min = 400, both ghosts free, both diagrams the constant true', () => {
    const a = scoreAssets(puzzle, solution, 30).assets;
    expect([a.maxScore, a.minScore]).toEqual([400, 400]);
    expect(a.freeGhosts).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(a.maxDiagram).toEqual({ root: 1, nodes: [] });
    expect(a.minDiagram).toEqual({ root: 1, nodes: [] });
  });
});

describe('above the exact limit', () => {
  it('every score asset is the explicit "unknown"', () => {
    const { puzzle, solution } = randomBoard(rngFor(5, 'limit', 0), 6, 9, 8);
    const run = scoreAssets(puzzle, solution, 8);
    expect(run.assets).toEqual({ maxScore: UNKNOWN, minScore: UNKNOWN, freeGhosts: UNKNOWN, maxDiagram: UNKNOWN, minDiagram: UNKNOWN });
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
    // the diagrams hold exactly the states on a best (worst) order
    const G = bf.oracle.G;
    for (let s = 0; s < 2 ** G; s++) {
      expect(member(assets.maxDiagram as Diagram, s)).toBe(bf.max.states.has(s));
      expect(member(assets.minDiagram as Diagram, s)).toBe(bf.min.states.has(s));
    }
    expect(diagramProblem(assets.maxDiagram as Diagram, G)).toBeNull();
    expect(diagramProblem(assets.minDiagram as Diagram, G)).toBeNull();
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
      for (let g = 0; g < G; g++) if (!((s >> g) & 1)) {
        const v = gain[s]![g]! + F[s | (1 << g)]!;
        if (Number.isNaN(best) || better(v, best)) best = v;
      }
      F[s] = best;
    }
    P[0] = 0;
    for (let s = 0; s < N; s++) {
      for (let g = 0; g < G; g++) if (!((s >> g) & 1)) {
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

describe('the decision diagrams against a plain DP on every state (G ≤ 14)', () => {
  const cases = boards('diagram', 6, (i) => 9 + i);
  it.each(cases.map((c, i) => [i, c] as const))('board %i', (_i, { puzzle, solution }) => {
    const ref = plainDp(puzzle, solution);
    const { assets } = exactScores(scoreModel(puzzle, solution));
    expect(assets.maxScore).toBe(ref.max.opt);
    expect(assets.minScore).toBe(ref.min.opt);
    expect(assets.freeGhosts).toEqual(ref.free.map((g) => [Math.floor(ref.o.ghostCells[g]! / puzzle.size), ref.o.ghostCells[g]! % puzzle.size]));
    for (let s = 0; s < 2 ** ref.G; s++) {
      if (member(assets.maxDiagram as Diagram, s) !== ref.max.on(s)) throw new Error(`max diagram wrong at state ${s}`);
      if (member(assets.minDiagram as Diagram, s) !== ref.min.on(s)) throw new Error(`min diagram wrong at state ${s}`);
    }
    expect(diagramProblem(assets.maxDiagram as Diagram, ref.G)).toBeNull();
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

  it('a BDD of an arbitrary set is exact and reduced', () => {
    const rng = rngFor(9, 'bdd', 0);
    for (const G of [1, 2, 5, 7]) {
      const bits = new Uint32Array(Math.max(1, 2 ** G >>> 5));
      const members = new Set<number>();
      for (let s = 0; s < 2 ** G; s++) if (rng.int(0, 2) === 0) {
        members.add(s);
        bits[s >>> 5]! |= 1 << (s & 31);
      }
      const d = buildDiagram(bits, G);
      expect(diagramProblem(d, G)).toBeNull();
      for (let s = 0; s < 2 ** G; s++) expect(member(d, s)).toBe(members.has(s));
    }
  });
});

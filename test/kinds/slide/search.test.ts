// The slide search and metrics against an independent brute-force oracle
// (test/slide-oracle.ts) on many small random boards, plus internal
// cross-checks: the generator's pruned depth-limited solve, the packed-state
// fast path, and the bounded last layer all agree with the plain computation;
// and dead states as leaves, on a board worked out by hand and on random boards.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileBoard } from '../../../tools/kinds/slide/board.ts';
import { explore } from '../../../tools/kinds/slide/bfs.ts';
import { Expander } from '../../../tools/kinds/slide/packed-state.ts';
import { analyzeSlide } from '../../../tools/kinds/slide/analyze.ts';
import { startRuleProblems } from '../../../tools/kinds/slide/rules.ts';
import { scoreOf } from '../../../tools/kinds/slide/metrics.ts';
import { randomBoard } from '../../../tools/kinds/slide/generate.ts';
import { slide } from '../../../tools/kinds/slide/index.ts';
import { rngFor } from '../../../tools/lib/rng.ts';
import { oracle, oracleCleared, oracleReplay } from '../../support/slide-oracle.ts';

const config = slide.defaults.config;
const ctx = { config, calibration: slide.initialCalibration(config) };
const CHARS = '.....##abcAB';

/** Small valid boards: 2..5 × 2..5, at most 6 blocks, start rules kept. */
const boardArb = fc
  .record({
    h: fc.integer({ min: 2, max: 5 }),
    w: fc.integer({ min: 2, max: 5 }),
    cells: fc.array(fc.integer({ min: 0, max: CHARS.length - 1 }), { minLength: 25, maxLength: 25 }),
  })
  .map(({ h, w, cells }) => Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => CHARS[cells[r * w + c]!]!).join('')))
  .filter((board) => board.join('').replace(/[.#]/g, '').length <= 6 && startRuleProblems({ board }).length === 0);

const blocks = (board: readonly string[]) => board.join('').replace(/[.#]/g, '').length;

/** Compare analyze with the oracle on one board; the oracle's verdict. */
function checkAgainstOracle(board: string[]): 'solved' | 'unsolvable' {
  const want = oracle(board);
  const got = analyzeSlide({ board }, ctx);
  if (want.status === 'unsolvable') {
    expect(got.status, board.join('/')).toBe('rejected');
    expect(got.status === 'rejected' && got.reason).toMatch(/^unsolvable:/);
    return want.status;
  }
  expect(got.status, board.join('/')).toBe('proven');
  if (got.status !== 'proven') return want.status;
  const a = got.analysis;
  expect({ minMoves: a.minMoves, solutionCount: a.solutionCount }).toEqual({ minMoves: want.minMoves, solutionCount: want.solutionCount });
  // stored to 2 decimals: within half a unit of the last digit
  for (const k of ['openingAccuracy', 'deadEndRatio', 'branchingFactor'] as const) {
    expect(Math.abs(a[k] - want[k]), `${k} of ${board.join('/')}`).toBeLessThanOrEqual(0.005 + 1e-9);
  }
  const colours = new Set(board.join('').replace(/[.#]/g, '').toLowerCase()).size;
  expect(a.blockCount).toBe(blocks(board));
  expect(a.colorCount).toBe(colours);
  const score = scoreOf({ ...want, blockCount: blocks(board), colorCount: colours });
  expect(Math.abs(a.score - score)).toBeLessThanOrEqual(0.05 + 1e-9);
  // the stored solution is a shortest clear under the oracle's own rules
  expect(got.solution).toHaveLength(want.minMoves);
  const end = oracleReplay(board, got.solution);
  expect(end !== null && oracleCleared(end)).toBe(true);
  // the metric graph holds the oracle's states exactly (exact mode)
  const exact = explore(compileBoard({ board }), { nodeLimit: 2_000_000, metricBudget: 20_000_000, exact: true });
  expect(exact.status === 'solved' && exact.states).toBe(want.graphStates);
  return want.status;
}

describe('search and metrics vs a brute-force oracle', () => {
  it('agree on random small boards (status, minMoves, solutionCount, metrics, solution, graph size)', () => {
    const seen = { solved: 0, unsolvable: 0 };
    fc.assert(
      fc.property(boardArb, (board) => {
        seen[checkAgainstOracle(board)]++;
      }),
      { numRuns: 250, seed: 20261206 },
    );
    // both outcomes are well represented
    expect(seen.solved).toBeGreaterThan(50);
    expect(seen.unsolvable).toBeGreaterThan(20);
  });

  it('agree on generator boards with 2-3 blocks per colour and fixed blocks', () => {
    const rng = rngFor(1, 'slide-oracle', 0);
    let checked = 0;
    let solved = 0;
    for (let t = 0; t < 400 && checked < 60; t++) {
      const p = randomBoard(rng, { size: 4, walls: [0, 4], colours: [1, 3], blocksPerColour: [2, 3], fixed: [0, 2], minMoves: [1, 6] });
      if (!p || blocks(p.board) > 7) continue;
      if (checkAgainstOracle(p.board) === 'solved') solved++;
      checked++;
    }
    expect(checked).toBe(60);
    expect(solved).toBeGreaterThan(10);
  });
});

describe('dead states are leaves', () => {
  it('a hand-made board where expanding dead states would give another branchingFactor', () => {
    // Columns 0-3, rows 0-1; b x2 movable, colour a x3 (one movable a, two fixed A), one wall:
    //   S0  b.bA      moves (U/D/L/R, '-' illegal):
    //       a.A#      b(0,0): R -> (1,0) meets b(2,0), both vanish -> S1
    //                 b(2,0): L -> (1,0) meets b(0,0), both vanish -> S1
    //                 a(0,1): R -> (1,1) meets A(2,1), both vanish -> S2 (one A left: dead)
    //                 every other move has distance 0                        3 moves
    //   S1  ...A      a(0,1): U -> (0,0), nothing touches -> S3
    //       a.A#      a(0,1): R -> (1,1), vanishes with A(2,1) -> S4 (dead)  2 moves
    //   S2  b.bA      dead: b(0,0) D, b(0,0) R, b(2,0) D, b(2,0) L           4 moves
    //       ...#
    //   S3  a..A      a(0,0): D -> (0,1) -> S1
    //       ..A#      a(0,0): R -> (2,0) between A(3,0) and A(2,1): all three vanish -> clear
    //                                                                        2 moves
    //   S4  ...A      dead, no movable block                                 0 moves
    //       ...#
    // minMoves 3 (S0 -> S1 -> S3 -> clear; S0 reaches S1 by two moves, so solutionCount 2).
    // Dead states are leaves: the states at depth < 3 are S0 (0), S1 S2 (1), S3 S4 (2):
    //   branchingFactor = (3 + 2 + 4 + 2 + 0) / 5 = 11/5 = 2.2
    // Expanding S2 as well would add its children at depth 2 (its R and L moves give S4):
    //   S5 ..bA (b(0,0) D)   b(2,0) D, b(2,0) L -> S4, b(0,1) U -> S2, b(0,1) R -> S4   4 moves
    //      b..#
    //   S6 b..A (b(2,0) D)   b(0,0) D, b(0,0) R -> S4, b(2,1) U -> S2, b(2,1) L -> S4   4 moves
    //      ..b#
    //   branchingFactor = (11 + 4 + 4) / 7 = 19/7 = 2.714..., score 0.26 higher.
    // The rest is the same either way (dead states are never alive):
    //   openingAccuracy 2/3 (two of S0's three moves reach S1, which clears in 2);
    //   dist: S3 1, S1 2, S0 3; alive S0 S1 S3 and the clear; deadEndRatio over depths 0, 1, 2:
    //   (1/3 [S0 -> S2] + 1/2 [S1 -> S4] + 0/2 [S3]) / 3 = 5/18;
    //   score = 5*3 + 20*(1/3) + 30*5/18 + 0.5*11/5 + 0.8*5 + 3*(2-2) = 35.1.
    // The graph (maxDepth 5) is S0..S4 and the cleared board: 6 states.
    const board = ['b.bA', 'a.A#'];
    const got = analyzeSlide({ board }, ctx);
    expect(got.status).toBe('proven');
    if (got.status !== 'proven') return;
    expect(got.analysis).toMatchObject({
      minMoves: 3,
      solutionCount: 2,
      openingAccuracy: 0.67,
      deadEndRatio: 0.28,
      branchingFactor: 2.2,
      blockCount: 5,
      colorCount: 2,
      score: 35.1,
    });
    const exact = explore(compileBoard({ board }), { nodeLimit: 1000, metricBudget: 1000, exact: true });
    expect(exact.status === 'solved' && exact.states).toBe(6);
    // the oracle agrees, and its non-normative mode shows what expanding S2 would give
    const leaf = oracle(board);
    expect(leaf).toMatchObject({ status: 'solved', minMoves: 3, solutionCount: 2, graphStates: 6 });
    expect(leaf.status === 'solved' && leaf.branchingFactor).toBeCloseTo(11 / 5, 12);
    expect(leaf.status === 'solved' && leaf.deadEndRatio).toBeCloseTo(5 / 18, 12);
    const all = oracle(board, { expandDead: true });
    expect(all.status === 'solved' && all.branchingFactor).toBeCloseTo(19 / 7, 12);
    expect(all.status === 'solved' && all.deadEndRatio).toBeCloseTo(5 / 18, 12);
  });

  it('on random boards with a colour of three blocks, analyze gives the leaf reading where the two differ', () => {
    const rng = rngFor(3, 'slide-dead-reading', 0);
    let compared = 0;
    let differ = 0;
    for (let t = 0; t < 400 && compared < 25; t++) {
      const p = randomBoard(rng, { size: 4, walls: [0, 3], colours: [1, 2], blocksPerColour: [3, 3], fixed: [0, 1], minMoves: [1, 6] });
      if (!p || blocks(p.board) > 7) continue;
      const leaf = oracle(p.board);
      if (leaf.status !== 'solved' || leaf.minMoves < 3) continue;
      const all = oracle(p.board, { expandDead: true });
      // only branchingFactor (and the graph) can differ
      expect(
        all.status === 'solved' && {
          minMoves: all.minMoves,
          solutionCount: all.solutionCount,
          deadEndRatio: all.deadEndRatio,
          openingAccuracy: all.openingAccuracy,
        },
      ).toEqual({
        minMoves: leaf.minMoves,
        solutionCount: leaf.solutionCount,
        deadEndRatio: leaf.deadEndRatio,
        openingAccuracy: leaf.openingAccuracy,
      });
      if (all.status !== 'solved') continue;
      const analysed = analyzeSlide(p, ctx);
      expect(analysed.status).toBe('proven');
      if (analysed.status !== 'proven') continue;
      const bf = analysed.analysis.branchingFactor;
      expect(Math.abs(bf - leaf.branchingFactor), p.board.join('/')).toBeLessThanOrEqual(0.005 + 1e-9);
      if (Math.abs(all.branchingFactor - leaf.branchingFactor) > 0.01) {
        differ++;
        expect(Math.abs(bf - all.branchingFactor), p.board.join('/')).toBeGreaterThan(0.005);
      }
      compared++;
    }
    expect(compared).toBe(25);
    // the readings really do differ on some of these boards (the check is not vacuous)
    expect(differ).toBeGreaterThan(0);
  });
});

describe('internal cross-checks', () => {
  it("the generator's pruned, depth-limited solve finds the same minMoves and solutionCount", () => {
    const rng = rngFor(2, 'slide-pruned', 0);
    let compared = 0;
    for (let t = 0; t < 300; t++) {
      const p = randomBoard(rng, { size: 5, walls: [0, 5], colours: [2, 3], blocksPerColour: [2, 3], fixed: [0, 1], minMoves: [1, 5] });
      if (!p) continue;
      const b = compileBoard(p);
      const quick = explore(b, { nodeLimit: 2_000_000, depthLimit: 5 });
      const full = explore(b, { nodeLimit: 20_000 });
      if (full.status === 'unknown') continue;
      if (full.status === 'solved' && full.minMoves <= 5) {
        expect(quick).toMatchObject({ status: 'solved', minMoves: full.minMoves, solutionCount: full.solutionCount });
        compared++;
      } else {
        expect(quick.status).not.toBe('solved');
        if (quick.status === 'unsolvable') expect(full.status).toBe('unsolvable');
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('one-word packed children equal the general packing', () => {
    const rng = rngFor(3, 'slide-pack', 0);
    let states = 0;
    for (let t = 0; t < 40; t++) {
      const p = randomBoard(rng, { size: 6, walls: [2, 6], colours: [2, 4], blocksPerColour: [2, 3], fixed: [0, 2], minMoves: [1, 6] });
      if (!p) continue;
      const b = compileBoard(p);
      const fast = new Expander(b);
      const slow = new Expander(b);
      if (!fast.fastCodes) continue;
      slow.fastCodes = false;
      // every state of the board's metric graph (or of its first 3000 states)
      const g = explore(b, { nodeLimit: 3000, metricBudget: 3000 });
      const keys = g.status === 'solved' && g.graph ? g.graph.table.keys : null;
      const count = g.status === 'solved' && g.graph ? g.graph.table.count : 0;
      if (!keys) continue;
      for (let u = 0; u < count; u++) {
        fast.expand(keys, u * b.words, true);
        slow.expand(keys, u * b.words, true);
        expect(fast.childCount).toBe(slow.childCount);
        expect(Array.from(fast.childKeys.subarray(0, fast.childCount * b.words))).toEqual(Array.from(slow.childKeys.subarray(0, slow.childCount * b.words)));
        expect(Array.from(fast.childFlags.subarray(0, fast.childCount))).toEqual(Array.from(slow.childFlags.subarray(0, slow.childCount)));
        states++;
      }
    }
    expect(states).toBeGreaterThan(1000);
  });

  it('bounding the last layer gives the same analysis as storing it', () => {
    const rng = rngFor(4, 'slide-bound', 0);
    let compared = 0;
    for (let t = 0; t < 200 && compared < 15; t++) {
      const p = randomBoard(rng, { size: 5, walls: [0, 4], colours: [2, 3], blocksPerColour: [2, 3], fixed: [0, 2], minMoves: [2, 5] });
      if (!p) continue;
      const b = compileBoard(p);
      const quick = explore(b, { nodeLimit: 200_000, depthLimit: 5 });
      if (quick.status !== 'solved') continue;
      const fast = explore(b, { nodeLimit: 2_000_000, metricBudget: 20_000_000 });
      const exact = explore(b, { nodeLimit: 2_000_000, metricBudget: 20_000_000, exact: true });
      if (fast.status !== 'solved' || exact.status !== 'solved') throw new Error('not solved');
      expect(fast.statesAtMost).toBeGreaterThanOrEqual(exact.states);
      expect(fast.states).toBeLessThanOrEqual(exact.states);
      const withBudget = analyzeSlide(p, { ...ctx, config: { ...config, metricBudget: exact.states } });
      const over = analyzeSlide(p, { ...ctx, config: { ...config, metricBudget: exact.states - 1 } });
      // the budget is on the exact count: just enough passes, one less is unknown
      expect(withBudget.status).toBe('proven');
      expect(over.status).toBe('unknown');
      expect(withBudget).toEqual(analyzeSlide(p, ctx));
      compared++;
    }
    expect(compared).toBe(15);
  });
});

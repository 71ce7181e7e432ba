// Slide rules and solver on hand-made boards whose answers are worked out by
// hand in the comments (SPEC §2). Coordinates are (col, row); rows top first.
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../../../tools/kinds/slide/board.ts';
import { explore } from '../../../tools/kinds/slide/bfs.ts';
import { analyzeSlide } from '../../../tools/kinds/slide/analyze.ts';
import { replay, startRuleProblems } from '../../../tools/kinds/slide/rules.ts';
import { slide } from '../../../tools/kinds/slide/index.ts';
import type { SlideConfig, SlidePuzzle } from '../../../tools/kinds/slide/schema.ts';

const config: SlideConfig = { ...slide.defaults.config };
const ctx = { config, calibration: slide.initialCalibration(config) };
const solve = (board: string[], opt: { nodeLimit?: number; depthLimit?: number } = {}) =>
  explore(compileBoard({ board }), { nodeLimit: opt.nodeLimit ?? 2_000_000, ...(opt.depthLimit ? { depthLimit: opt.depthLimit } : {}) });
const analyze = (board: string[], c: Partial<SlideConfig> = {}) => analyzeSlide({ board }, { ...ctx, config: { ...config, ...c } });
const proven = (board: string[]) => {
  const o = analyze(board);
  if (o.status !== 'proven') throw new Error(`${board.join('/')}: ${o.status}: ${o.reason}`);
  return o;
};

describe('hand-made boards', () => {
  it('a clear that needs a fixed block to vanish', () => {
    // a . .     The only legal first move is a → R (D is a wall, U/L leave the board):
    // # . .     a stops at (2,0). From there a → D stops on (2,1) above the fixed A
    // . . A     and both vanish: cleared in 2; a → L goes back to the start.
    // Graph: start S -(1 move)-> T -(D)-> clear, T -(L)-> S. dist(S) = 2, dist(T) = 1,
    // all alive (maxDepth 4): deadEndRatio 0, openingAccuracy 1/1,
    // branchingFactor (1 + 2) / 2 states = 1.5, 2 blocks of 1 colour.
    const board = ['a..', '#..', '..A'];
    const o = proven(board);
    expect(o.analysis).toMatchObject({
      status: 'solved',
      minMoves: 2,
      solutionCount: 1,
      openingAccuracy: 1,
      deadEndRatio: 0,
      branchingFactor: 1.5,
      blockCount: 2,
      colorCount: 1,
    });
    // score = 5·2 + 20·0 + 30·0 + 0.5·1.5 + 0.8·2 + 3·(1 − 2) = 9.35, stored to one decimal
    expect(Math.abs(o.analysis.score - 9.35)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(o.solution).toEqual([
      [0, 0, 'R'],
      [2, 0, 'D'],
    ]);
  });

  it('counts both moves that reach the same state (solution count)', () => {
    // a . a     Legal moves at the start: a(0,0) → R and a(2,0) → L both stop on (1,0)
    // # # #     next to the other a: both a vanish, the same state Sa = {b, B};
    // b . B     b → R stops next to the fixed B: both vanish, Sb = {a, a}.
    // Sa has one move (b → R, clears); Sb has two (either a, clears).
    // Shortest sequences: (aR, bR), (aL, bR), (bR, aR), (bR, aL) = 4.
    // Metrics: all 4 states alive, no blunders; openingAccuracy 3/3;
    // branchingFactor (3 + 1 + 2) / 3 = 2; score = 10 + 0 + 0 + 1 + 3.2 + 0 = 14.2.
    const board = ['a.a', '###', 'b.B'];
    const r = solve(board);
    expect(r).toMatchObject({ status: 'solved', minMoves: 2, solutionCount: 4 });
    const o = proven(board);
    expect(o.analysis).toMatchObject({ minMoves: 2, solutionCount: 4, openingAccuracy: 1, deadEndRatio: 0, branchingFactor: 2, blockCount: 4, colorCount: 2 });
    expect(o.analysis.score).toBeCloseTo(14.2, 5);
  });

  it('a triple vanishes at once', () => {
    // a . a     a(1,2) → U slides to (1,0), between both other a: all three touch a
    // . . .     same-coloured block and vanish together: cleared in one move, the
    // . a .     only clearing move of the 7 legal ones (a(0,0): R, D; a(2,0): L, D;
    //           a(1,2): L, R, U). The others leave one a (dead) or three apart.
    const board = ['a.a', '...', '.a.'];
    const o = proven(board);
    expect(o.analysis).toMatchObject({ minMoves: 1, solutionCount: 1, blockCount: 3, colorCount: 1, branchingFactor: 7 });
    expect(o.analysis.openingAccuracy).toBeCloseTo(1 / 7, 2);
    expect(o.solution).toEqual([[1, 2, 'U']]);
    expect(replay({ board }, [[1, 2, 'U']])).toEqual({ illegal: null, blocksLeft: 0 });
    // a pair vanishing leaves one a: a dead state (it can never vanish)
    expect(replay({ board }, [[0, 0, 'R']])).toEqual({ illegal: null, blocksLeft: 1 });
  });

  it('reports unsolvable when every reachable state is explored without a clear', () => {
    // a # a     The wall column keeps the two a apart for ever: each a can only go
    // . # .     up and down, 2 × 2 = 4 reachable states, none cleared.
    const board = ['a#a', '.#.'];
    expect(solve(board)).toMatchObject({ status: 'unsolvable', states: 4 });
    const o = analyze(board);
    expect(o.status).toBe('rejected');
    expect(o.status === 'rejected' && o.reason).toMatch(/^unsolvable: every reachable state explored \(4 states\)/);
  });

  it('reports unknown, not unsolvable, when the node limit is hit first', () => {
    // the same 4-state board: a limit of 3 states stops the search before it has seen everything
    const board = ['a#a', '.#.'];
    expect(solve(board, { nodeLimit: 3 })).toMatchObject({ status: 'unknown', budget: 'node limit' });
    expect(solve(board, { nodeLimit: 4 })).toMatchObject({ status: 'unsolvable' });
    const o = analyze(board, { nodeLimit: 3 });
    expect(o.status).toBe('unknown');
    expect(o.status === 'unknown' && o.reason).toMatch(/^unknown: node limit of 3 states reached/);
    // a solvable board over a small limit is unknown too (the 2-move board above has 4 states)
    expect(analyze(['a.a', '###', 'b.B'], { nodeLimit: 2 }).status).toBe('unknown');
  });

  it("reports unknown when the clear lies beyond the caller's depth limit", () => {
    const board = ['a.a', '###', 'b.B']; // minMoves 2
    expect(solve(board, { depthLimit: 1 })).toMatchObject({ status: 'unknown', budget: 'depth limit' });
    expect(solve(board, { depthLimit: 2 })).toMatchObject({ status: 'solved', minMoves: 2, solutionCount: 4 });
    // an unsolvable board stays unsolvable under a depth limit it never reaches
    expect(solve(['a#a', '.#.'], { depthLimit: 6 })).toMatchObject({ status: 'unsolvable' });
  });

  it('reports unknown when the metric graph is over its budget', () => {
    const o = analyze(['a.a', '###', 'b.B'], { metricBudget: 3 });
    expect(o.status).toBe('unknown');
    expect(o.status === 'unknown' && o.reason).toMatch(/^unknown: metric graph over its budget of 3 states/);
  });

  it('slides stop at walls, blocks and the edge; distance 0 is illegal', () => {
    const p: SlidePuzzle = { board: ['a..#b', '.....', 'b...a'] };
    expect(replay(p, [[0, 0, 'R']])).toEqual({ illegal: null, blocksLeft: 4 }); // stops at (2,0) before the wall
    expect(replay(p, [[0, 0, 'U']]).illegal).toMatchObject({ index: 0 }); // off the board: distance 0
    expect(replay(p, [[4, 0, 'R']]).illegal).toMatchObject({ index: 0 });
    expect(replay(p, [[1, 1, 'R']]).illegal?.why).toMatch(/no block/);
    expect(replay(p, [[3, 0, 'L']]).illegal?.why).toMatch(/wall/);
    expect(replay({ board: ['aA.', '...'] }, [[1, 0, 'R']]).illegal?.why).toMatch(/fixed/);
    // b(0,2) → R slides to (3,2) next to a: nothing vanishes (different colours)
    expect(replay(p, [[0, 2, 'R']])).toEqual({ illegal: null, blocksLeft: 4 });
  });
});

describe('start rules', () => {
  it('accepts a valid start', () => {
    expect(startRuleProblems({ board: ['a.a', '###', 'b.B'] })).toEqual([]);
  });
  it('flags adjacent same-coloured blocks, a lone colour, no movable block', () => {
    expect(startRuleProblems({ board: ['aa.', 'b.b'] }).map((p) => p.field)).toEqual(['puzzle.board[0][0]']);
    expect(startRuleProblems({ board: ['aA.', 'b.b'] }).map((p) => p.field)).toEqual(['puzzle.board[0][0]']);
    expect(startRuleProblems({ board: ['a.a', 'b..'] })).toMatchObject([{ field: 'puzzle.board', expected: 'every colour at least twice' }]);
    expect(startRuleProblems({ board: ['A.A', '...'] })).toMatchObject([{ field: 'puzzle.board', expected: 'at least one movable block' }]);
    expect(startRuleProblems({ board: ['...', '...'] })).toMatchObject([{ expected: 'at least one movable block' }]);
  });
  it('analyze refuses a board that breaks them', () => {
    expect(analyze(['aa.', 'b.b'])).toMatchObject({ status: 'rejected' });
  });
});

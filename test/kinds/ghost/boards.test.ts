// Real ghost boards: one that needs L2, one that needs L3, and a property test
// of soundness against a brute-force enumeration of all solutions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileBoard } from '../../../tools/kinds/ghost/board.ts';
import { solveLayered } from '../../../tools/kinds/ghost/solver.ts';
import { solutionOf, analyzeGhost } from '../../../tools/kinds/ghost/analyze.ts';
import { buildLevel, ruleProblems } from '../../../tools/kinds/ghost/rules.ts';
import { initialGhostCalibration } from '../../../tools/kinds/ghost/tiers.ts';
import { GHOST_DEFAULT_CONFIG } from '../../../tools/kinds/ghost/config.ts';
import type { GhostPuzzle } from '../../../tools/kinds/ghost/schema.ts';
import { allSolutions } from '../../support/helpers.ts';

const ctx = { config: GHOST_DEFAULT_CONFIG, calibration: initialGhostCalibration() };
const cell = (n: number, r: number, c: number, p: GhostPuzzle) => compileBoard(p).plainOf[r * n + c]!;
const has = (mask: Uint32Array, p: number) => (mask[p >>> 5]! & (1 << (p & 31))) !== 0;

describe('a board that needs L2', () => {
  //   2.1..  2      clues: (0,0)=2 sees {(0,1),(1,0),(1,1)}; (2,0)=1 sees {(1,0),(1,1),(3,0),(3,1)}.
  //   ....1  1      Pair them: C = {(1,0),(1,1)}, lo = max(0, 2-1, 1-2) = 1 = hi, so the part
  //   12..1  1      only (0,0) sees, (0,1), holds exactly 1: a ghost; (3,0), (3,1) are empty.
  //   ..2.1  1      Row 0 {(0,1),(0,3),(0,4)} holds 2 and (0,2)=1 sees (0,1),(0,3),(1,1..3):
  //   .1...  1      lo = max(0, 2-1, 1-3) = 1 = hi, so (0,4) is a ghost, (1,1..3) empty.
  //   21111         No constraint alone decides anything at the start (L1 is silent).
  const puzzle: GhostPuzzle = { size: 5, grid: ['2.1..', '....1', '12..1', '..2.1', '.1...'], rows: [2, 1, 1, 1, 1], cols: [2, 1, 1, 1, 1] };
  const solution = ['.G..G', 'G....', '..G..', '...G.', 'G....'];

  it('has exactly one solution, the one stored', () => {
    expect(ruleProblems(puzzle, solution)).toEqual([]);
    expect(allSolutions(puzzle)).toEqual([solution]);
  });

  it('is not solved by L1 alone, and L2 makes the deductions above first', () => {
    const b = compileBoard(puzzle);
    expect(solveLayered(b, { maxLayer: 1 })).toMatchObject({ status: 'limit', direct: 0 });
    const r = solveLayered(b, { trace: true });
    expect(r.rounds[0]!.layer).toBe(2);
    const c = (row: number, col: number) => cell(5, row, col, puzzle);
    expect(has(r.rounds[0]!.ghosts, c(0, 1)) && has(r.rounds[0]!.ghosts, c(0, 4))).toBe(true);
    for (const [row, col] of [
      [3, 0],
      [3, 1],
      [1, 1],
      [1, 2],
      [1, 3],
    ] as const)
      expect(has(r.rounds[0]!.empties, c(row, col))).toBe(true);
    expect(r.status).toBe('solved');
    expect(r.pair).toBeGreaterThanOrEqual(1);
    expect(r.contradiction).toBe(0);
    expect(solutionOf(b, r.state)).toEqual(solution);
  });
});

describe('a board that needs L3', () => {
  const puzzle: GhostPuzzle = { size: 5, grid: ['.1...', '.....', '..2..', '.22..', '.1.2.'], rows: [2, 1, 1, 1, 1], cols: [1, 1, 1, 1, 2] };
  const solution = ['G...G', '...G.', '.G...', '....G', '..G..'];

  it('has exactly one solution, which layers 1 and 2 cannot start on and layer 3 finds', () => {
    expect(allSolutions(puzzle)).toEqual([solution]);
    const b = compileBoard(puzzle);
    expect(solveLayered(b, { maxLayer: 2 })).toMatchObject({ status: 'limit', direct: 0, pair: 0 });
    const r = solveLayered(b, { trace: true });
    expect(r.rounds[0]!.layer).toBe(3);
    expect(r.status).toBe('solved');
    expect(solutionOf(b, r.state)).toEqual(solution);
    const outcome = analyzeGhost(puzzle, ctx);
    expect(outcome.status).toBe('proven');
    if (outcome.status === 'proven') expect(outcome.analysis.contradiction).toBeGreaterThanOrEqual(1);
  });
});

describe('soundness against brute force', () => {
  it('every decided cell agrees with every solution; solved means exactly one solution', () => {
    const board = fc
      .record({
        n: fc.integer({ min: 4, max: 5 }),
        cells: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 25, maxLength: 25 }),
      })
      .map(({ n, cells }) => {
        // 0 plain empty, 1 ghost, 2 clue (never a ghost)
        const ghost = new Uint8Array(n * n);
        const clue = new Uint8Array(n * n);
        for (let i = 0; i < n * n; i++) {
          if (cells[i] === 1) ghost[i] = 1;
          if (cells[i] === 2) clue[i] = 1;
        }
        return buildLevel(n, ghost, clue);
      });
    fc.assert(
      fc.property(board, ({ puzzle }) => {
        const solutions = allSolutions(puzzle, 50);
        const b = compileBoard(puzzle);
        const r = solveLayered(b);
        for (let p = 0; p < b.plainCount; p++) {
          const cellIndex = b.plainCell[p]!;
          const row = Math.floor(cellIndex / puzzle.size);
          const col = cellIndex % puzzle.size;
          if (has(r.state, p)) for (const s of solutions) expect(s[row]![col]).toBe('G');
          if (r.state[(p >>> 5) + 3]! & (1 << (p & 31))) for (const s of solutions) expect(s[row]![col]).toBe('.');
        }
        if (r.status === 'solved') expect(solutions).toEqual([solutionOf(b, r.state)]);
        expect(r.status).not.toBe('contradiction');
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  it('reports a contradiction for numbers no placement satisfies', () => {
    const puzzle: GhostPuzzle = { size: 5, grid: ['.....', '.....', '.....', '.....', '.....'], rows: [5, 0, 0, 0, 0], cols: [0, 1, 1, 1, 1] };
    expect(allSolutions(puzzle)).toEqual([]);
    expect(solveLayered(compileBoard(puzzle)).status).toBe('contradiction');
    expect(analyzeGhost(puzzle, ctx).status).toBe('rejected');
  });
});

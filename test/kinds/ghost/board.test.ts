// compileBoard builds its typed arrays directly (the generator compiles every
// try); it must give the very board that the constraints of SPEC §1 — rows,
// columns, then clue cells in row-major order, each over its plain cells —
// give through the generic boardFromConstraints.
import { describe, expect, it } from 'vitest';
import { rngFor } from '../../../tools/lib/rng.ts';
import { boardFromConstraints, compileBoard, CONSTRAINT_COL, CONSTRAINT_ROW, isClue, type ConstraintSpec } from '../../../tools/kinds/ghost/board.ts';
import { randomBoard } from '../../../tools/kinds/ghost/generate.ts';
import type { GhostPuzzle } from '../../../tools/kinds/ghost/schema.ts';

/** The board written out constraint by constraint, straight from the rules. */
function byTheRules(p: GhostPuzzle) {
  const n = p.size;
  const at = (r: number, c: number) => p.grid[r]![c]!;
  const plainCells: number[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (!isClue(at(r, c))) plainCells.push(r * n + c);
  const plain = (cells: [number, number][]) => cells.filter(([r, c]) => !isClue(at(r, c))).map(([r, c]) => plainCells.indexOf(r * n + c));
  const line = (f: (j: number) => [number, number]) => Array.from({ length: n }, (_, j) => f(j));
  const constraints: ConstraintSpec[] = [];
  for (let r = 0; r < n; r++) constraints.push({ cells: plain(line((c) => [r, c])), target: p.rows[r]!, type: CONSTRAINT_ROW, ref: r });
  for (let c = 0; c < n; c++) constraints.push({ cells: plain(line((r) => [r, c])), target: p.cols[c]!, type: CONSTRAINT_COL, ref: c });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!isClue(at(r, c))) continue;
      const around: [number, number][] = [];
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) if ((dr || dc) && r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n) around.push([r + dr, c + dc]);
      constraints.push({ cells: plain(around), target: Number(at(r, c)), ref: r * n + c });
    }
  }
  return boardFromConstraints(n, plainCells, constraints);
}

describe('compileBoard', () => {
  it('equals the board built constraint by constraint, on 500 random boards of every size', () => {
    const rng = rngFor(17, 'board-test', 0);
    for (let i = 0; i < 500; i++) {
      const n = rng.int(5, 9);
      const { puzzle } = randomBoard(rng, n, rng.int(0, Math.floor((n * n) / 3)), rng.int(0, Math.floor((n * n) / 2)));
      expect(compileBoard(puzzle)).toEqual(byTheRules(puzzle));
    }
  });

  it('handles a board of clues only and a board without clues', () => {
    const clues: GhostPuzzle = { size: 5, grid: Array(5).fill('00000'), rows: [0, 0, 0, 0, 0], cols: [0, 0, 0, 0, 0] };
    const none: GhostPuzzle = { size: 5, grid: Array(5).fill('.....'), rows: [1, 1, 1, 1, 1], cols: [1, 1, 1, 1, 1] };
    expect(compileBoard(clues)).toEqual(byTheRules(clues));
    expect(compileBoard(clues).plainCount).toBe(0);
    expect(compileBoard(none)).toEqual(byTheRules(none));
    expect(compileBoard(none).count).toBe(10);
  });
});

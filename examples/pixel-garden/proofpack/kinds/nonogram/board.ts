// Nonogram rules, once (the solver, the checks, the face and the view use
// them, so no schema library here): a grid is rows of '#' (filled) and '.'
// (empty); each row's and column's clue is the lengths of its runs of filled
// cells, in order. A grid is a solution when every line has its clue.
import { at } from 'proofpack/face';

/** The kind's name: the `kind` of its files and the prefix of its level ids. */
export const NAME = 'nonogram';

/** A puzzle: the clue of every row (top first) and every column (left first). */
export interface Clues {
  rows: number[][];
  cols: number[][];
}

/** The runs of filled cells of one line (`filled(i)` says whether cell i is filled). */
export function clueOf(length: number, filled: (i: number) => boolean): number[] {
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i <= length; i++) {
    if (i < length && filled(i)) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  return runs;
}

/** The clues of a grid of rows of `#` (filled) and anything else (not filled). */
export function cluesOf(grid: readonly string[]): Clues {
  const w = grid[0]?.length ?? 0;
  return {
    rows: grid.map((row) => clueOf(row.length, (c) => row[c] === '#')),
    cols: Array.from({ length: w }, (_, c) => clueOf(grid.length, (r) => at(grid, r)[c] === '#')),
  };
}

/** Where a grid's clues first differ from the puzzle's (`size` when it is not a grid of the puzzle's size), or null when the grid solves it. */
export function firstWrongLine(clues: Clues, grid: readonly string[]): 'size' | { side: 'rows' | 'cols'; index: number; runs: number[] } | null {
  if (grid.length !== clues.rows.length || grid.some((r) => r.length !== clues.cols.length)) return 'size';
  const got = cluesOf(grid);
  for (const side of ['rows', 'cols'] as const) {
    const index = clues[side].findIndex((clue, k) => clue.join() !== at(got[side], k).join());
    if (index >= 0) return { side, index, runs: at(got[side], index) };
  }
  return null;
}

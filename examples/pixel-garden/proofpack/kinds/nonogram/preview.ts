// How a nonogram level looks on the designer's preview page: the clues as
// labels, a blank grid, and the stored solution filled in row by row.
import type { Level, Preview } from 'proofpack/kind';
import type { Analysis, Puzzle, Solution } from './schema.ts';

/** Blank, filled. */
export const PALETTE = ['#fafafa', '#37474f'] as const;

export function preview(level: Level<Puzzle, Solution, Analysis>): Preview {
  const { puzzle, solution, analysis } = level;
  const w = puzzle.cols.length;
  const cells = puzzle.rows.length * w;
  return {
    picture: {
      rows: puzzle.rows.length,
      cols: w,
      fill: Array<number>(cells).fill(0),
      text: Array<string>(cells).fill(''),
      rowLabels: puzzle.rows.map((r) => r.join(' ') || '0'),
      colLabels: puzzle.cols.map((c) => c.join(' ') || '0'),
    },
    steps: solution.map((row, r) => ({
      caption: `row ${r}: ${puzzle.rows[r]?.join(' ') || 'empty'}`,
      set: [...row].flatMap((c, col): [number, number, string][] => (c === '#' ? [[r * w + col, 1, '']] : [])),
    })),
    metrics: [
      ['size', `${puzzle.rows.length}x${w}`],
      ['rounds', analysis.rounds],
      ['probes', analysis.probes],
      ['filled', analysis.filled],
    ],
  };
}

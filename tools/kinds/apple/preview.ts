// How an apple level looks on the preview page: the 10×17 digits (shaded by
// value) and its stored best play rectangle by rectangle, each outlined, the
// cleared cells blanked. The play is replayed with the rules code (rects.ts).
import type { Level, Preview, PreviewStep } from 'proofpack/kind';
import type { AppleAnalysis, ApplePuzzle, AppleSolution } from './schema.ts';
import { parseBoard } from './board.ts';
import { COLS, ROWS } from './bounds.ts';
import { clearRect, packRect } from './rects.ts';

/** 0 removed; 1..9 the digit, light to dark red. */
export const APPLE_PALETTE = ['#f5f5f5', '#ffebee', '#ffcdd2', '#ef9a9a', '#e57373', '#ef5350', '#f44336', '#e53935', '#d32f2f', '#c62828'] as const;

export function applePreview(level: Level<ApplePuzzle, AppleSolution, AppleAnalysis>): Preview {
  const cells = parseBoard(level.puzzle.board);
  const fill = [...cells];
  const text = [...cells].map(String);
  const steps: PreviewStep[] = level.solution.map((rect, k) => {
    const [t, l, b, r] = rect;
    const before = cells.slice();
    const cleared = clearRect(cells, packRect(t, l, b, r));
    const set: [number, number, string][] = [];
    for (let i = 0; i < ROWS * COLS; i++) if (before[i] !== cells[i]) set.push([i, 0, '']);
    return { caption: `move ${k + 1}: rows ${t}–${b}, columns ${l}–${r}: ${cleared} apples`, set, marks: [[t, l, b, r]] };
  });
  const a = level.analysis;
  return {
    picture: { rows: ROWS, cols: COLS, fill, text },
    steps,
    metrics: [
      ['greedy', a.greedyScore],
      ['best', a.bestScore],
      ['upper bound', a.upperBound],
      ['moves (best play)', level.solution.length],
    ],
  };
}

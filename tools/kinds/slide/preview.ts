// How a slide level looks on the preview page: terrain, blocks by colour
// (fixed blocks marked ◆), and its stored solution move by move, replayed with
// the same rules validate uses (playMove); each step outlines the block's path.
import { type Level, type Preview, type PreviewStep, at } from 'proofpack/kind';
import type { SlideAnalysis, SlidePuzzle, SlideSolution } from './schema.ts';
import { COLOUR_MASK, DIR_LETTERS, EMPTY, FIXED, WALL, cellOf, colOf, compileBoard, rowOf } from './board.ts';
import { playMove, slideDestination, startGrid } from './rules.ts';
export { SLIDE_PALETTE } from './palette.ts';

function look(v: number): [number, string] {
  if (v === WALL) return [1, ''];
  if (v === EMPTY) return [0, ''];
  return [1 + (v & COLOUR_MASK), v & FIXED ? '◆' : ''];
}

export function slidePreview(level: Level<SlidePuzzle, SlideSolution, SlideAnalysis>): Preview {
  const b = compileBoard(level.puzzle);
  const grid = startGrid(b);
  const cellsOf = (g: Uint8Array) => {
    const out: [number, string][] = [];
    for (let r = 0; r < b.h; r++) for (let c = 0; c < b.w; c++) out.push(look(at(g, cellOf(b, r, c))));
    return out;
  };
  const start = cellsOf(grid);
  const steps: PreviewStep[] = level.solution.map((move, k) => {
    const [col, row, dir] = move;
    const dest = slideDestination(grid, cellOf(b, row, col), at(b.steps, DIR_LETTERS.indexOf(dir)));
    const before = grid.slice();
    const result = playMove(b, grid, move);
    const set: [number, number, string][] = [];
    for (let r = 0; r < b.h; r++) {
      for (let c = 0; c < b.w; c++) {
        const cell = cellOf(b, r, c);
        if (grid[cell] !== before[cell]) {
          const [fill, text] = look(at(grid, cell));
          set.push([r * b.w + c, fill, text]);
        }
      }
    }
    const [r1, c1] = [rowOf(b, dest), colOf(b, dest)];
    const marks: [number, number, number, number][] = [[Math.min(row, r1), Math.min(col, c1), Math.max(row, r1), Math.max(col, c1)]];
    const vanished = result.ok ? result.vanished : 0;
    return { caption: `move ${k + 1}: (${col},${row}) ${dir}${vanished ? ` → ${vanished} blocks vanish` : ''}`, set, marks };
  });
  const a = level.analysis;
  return {
    picture: { rows: b.h, cols: b.w, fill: start.map((x) => x[0]), text: start.map((x) => x[1]) },
    steps,
    metrics: [
      ['size', `${b.w}×${b.h}`],
      ['minMoves', a.minMoves],
      ['score', a.score],
      ['moves for ★★★/★★/★', `${a.stars.three}/${a.stars.two}/${a.stars.one}`],
      ['deadEndRatio', a.deadEndRatio],
      ['openingAccuracy', a.openingAccuracy],
      ['solutions', a.solutionCount],
    ],
  };
}

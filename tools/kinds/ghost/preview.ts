// How a ghost level looks on the preview page: the grid with its clues and
// line counts, and its solution as the rounds of the layered solve (the same
// solver generate and validate use; nothing is re-derived in the browser).
import type { Level, Preview, PreviewStep } from '../../lib/kind.ts';
import type { GhostAnalysis, GhostPuzzle, GhostSolution } from './schema.ts';
import { compileBoard } from './board.ts';
import { solveLayered } from './solver.ts';

export const GHOST_PALETTE = ['#ffffff', '#d9dde3', '#7e57c2', '#eef3f8'] as const;
const PLAIN = 0;
const CLUE = 1;
const GHOST = 2;
const EMPTY = 3;
const LAYER_NAMES = ['', 'L1 (one constraint)', 'L2 (pair)', 'L3 (contradiction)'];

export function ghostPreview(level: Level<GhostPuzzle, GhostSolution, GhostAnalysis>): Preview {
  const p = level.puzzle;
  const n = p.size;
  const fill: number[] = [];
  const text: string[] = [];
  for (const row of p.grid) {
    for (const ch of row) {
      fill.push(ch === '.' ? PLAIN : CLUE);
      text.push(ch === '.' ? '' : ch);
    }
  }
  const board = compileBoard(p);
  const solve = solveLayered(board, { trace: true });
  const steps: PreviewStep[] = solve.rounds.map((round, i) => {
    const set: [number, number, string][] = [];
    for (let pi = 0; pi < board.plainCount; pi++) {
      const bit = 1 << (pi & 31);
      const w = pi >>> 5;
      if (round.ghosts[w]! & bit) set.push([board.plainCell[pi]!, GHOST, 'G']);
      else if (round.empties[w]! & bit) set.push([board.plainCell[pi]!, EMPTY, '×']);
    }
    const ghosts = set.filter((s) => s[1] === GHOST).length;
    const empty = set.length - ghosts;
    return { caption: `round ${i + 1}: ${LAYER_NAMES[round.layer]}: ${ghosts} ${ghosts === 1 ? 'ghost' : 'ghosts'}, ${empty} empty`, set };
  });
  const a = level.analysis;
  return {
    picture: { rows: n, cols: n, fill, text, colLabels: p.cols.map(String), rowLabels: p.rows.map(String) },
    steps,
    metrics: [
      ['size', `${n}×${n}`],
      ['ghosts', a.ghosts],
      ['logicDepth', a.logicDepth],
      ['rounds L1/L2/L3', `${a.direct}/${a.pair}/${a.contradiction}`],
    ],
  };
}

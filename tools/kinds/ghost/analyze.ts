// Ghost analysis: every derived value of a puzzle, from the layered solve.
// generate, curate and validate all call this one function.
import type { AnalyzeContext, Outcome } from '../../lib/kind.ts';
import type { GhostAnalysis, GhostCalibration, GhostConfig, GhostPuzzle, GhostSolution } from './schema.ts';
import { compileBoard, type Board } from './board.ts';
import { solveLayered, type State } from './solver.ts';
import { encodeHints, hintPath } from './hints.ts';
import { scoreAssets } from './score-assets.ts';
import { logicDepth } from './logic-depth.ts';
import { DP_MAX_GHOSTS } from './limits.ts';

/** The solution rows of a fully decided state. */
export function solutionOf(b: Board, s: State): GhostSolution {
  const cells = Array.from(b.plainOf, (p) => (p >= 0 && ((s[p >>> 5] ?? 0) >>> (p & 31)) & 1 ? 'G' : '.'));
  return Array.from({ length: b.n }, (_, r) => cells.slice(r * b.n, (r + 1) * b.n).join(''));
}

export function analyzeGhost(puzzle: GhostPuzzle, ctx: AnalyzeContext<GhostConfig, GhostCalibration>): Outcome<GhostSolution, GhostAnalysis> {
  const board = compileBoard(puzzle);
  const r = solveLayered(board, { explain: true });
  const rounds = r.direct + r.pair + r.contradiction;
  if (r.status === 'contradiction') return { status: 'rejected', reason: `the clues contradict each other (found after ${rounds} rounds)` };
  if (r.status !== 'solved') return { status: 'rejected', reason: `the layered solver is stuck after ${rounds} rounds: it needs guessing` };
  const solution = solutionOf(board, r.state);
  const ghosts = solution.reduce((k, row) => k + [...row].filter((ch) => ch === 'G').length, 0);
  const counts = { direct: r.direct, pair: r.pair, contradiction: r.contradiction };
  const scores = scoreAssets(puzzle, solution, ctx.config.scoreGhostLimit, ctx.scratch).assets;
  return {
    status: 'proven',
    solution,
    analysis: {
      ghosts,
      ...counts,
      logicDepth: logicDepth(counts, ctx.calibration.weights),
      ...scores,
      hints: encodeHints(hintPath(board, r.rounds), puzzle.size, solution),
    },
  };
}

/**
 * The pool's estimate of analyzeGhost's cost: the score DP's G·2^G transitions
 * when the board has exact scores (G = the sum of the row targets), else one
 * unit (the layered solve). Malformed input is left to analyze to report.
 */
export function ghostAnalyzeCost(puzzle: GhostPuzzle, config: GhostConfig): number {
  const rows = (puzzle as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return 0;
  let G = 0;
  for (const t of rows) G += typeof t === 'number' ? t : 0;
  const limit = (config as { scoreGhostLimit?: unknown }).scoreGhostLimit;
  return typeof limit === 'number' && G <= limit && G <= DP_MAX_GHOSTS ? 1 + G * 2 ** G : 1;
}

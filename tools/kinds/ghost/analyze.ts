// Ghost analysis: every derived value of a puzzle, from the layered solve.
// generate, curate and validate all call this one function.
import type { AnalyzeContext, Outcome } from 'proofpack/kind';
import type { GhostAnalysis, GhostCalibration, GhostConfig, GhostPuzzle, GhostSolution } from './schema.ts';
import { compileBoard, type Board } from './board.ts';
import { solveLayered, type State } from './solver.ts';
import { encodeHints, hintPath } from './hints.ts';
import { scoreAssets } from './score/index.ts';
import { logicDepth } from './logic-depth.ts';
import { DP_MAX_GHOSTS } from './limits.ts';

/** The solution rows of a fully decided state. */
export function solutionOf(b: Board, s: State): GhostSolution {
  const cells = Array.from(b.plainOf, (p) => (p >= 0 && ((s[p >>> 5] ?? 0) >>> (p & 31)) & 1 ? 'G' : '.'));
  return Array.from({ length: b.n }, (_, r) => cells.slice(r * b.n, (r + 1) * b.n).join(''));
}

export function analyzeGhost(puzzle: GhostPuzzle, ctx: AnalyzeContext<GhostConfig, GhostCalibration>): Outcome<GhostSolution, GhostAnalysis> {
  return analyzeGhostDetailed(puzzle, ctx).outcome;
}

/**
 * analyzeGhost() plus the states on optimal plays (best and worst) that the
 * course assets were built from: up to 2·2^G, and on a board whose catching
 * order barely matters (no clues, full rows) they cost far more than the DP.
 */
export function analyzeGhostDetailed(
  puzzle: GhostPuzzle,
  ctx: AnalyzeContext<GhostConfig, GhostCalibration>,
): { outcome: Outcome<GhostSolution, GhostAnalysis>; courseStates: number } {
  const board = compileBoard(puzzle);
  const r = solveLayered(board, { explain: true });
  const rounds = r.direct + r.pair + r.contradiction;
  if (r.status === 'contradiction')
    return { outcome: { status: 'rejected', reason: `the clues contradict each other (found after ${rounds} rounds)` }, courseStates: 0 };
  if (r.status !== 'solved')
    return { outcome: { status: 'rejected', reason: `the layered solver is stuck after ${rounds} rounds: it needs guessing` }, courseStates: 0 };
  const solution = solutionOf(board, r.state);
  const ghosts = solution.reduce((k, row) => k + [...row].filter((ch) => ch === 'G').length, 0);
  const counts = { direct: r.direct, pair: r.pair, contradiction: r.contradiction };
  const scored = scoreAssets(puzzle, solution, ctx.config.scoreGhostLimit, ctx.scratch, ctx.resources, ctx.threads);
  return {
    outcome: {
      status: 'proven',
      solution,
      analysis: {
        ghosts,
        ...counts,
        logicDepth: logicDepth(counts, ctx.calibration.weights),
        ...scored.assets,
        hints: encodeHints(hintPath(board, r.rounds), puzzle.size, solution),
      },
    },
    courseStates: scored.maxStates + scored.minStates,
  };
}

/**
 * DP steps one course state is counted as (validate's run ceiling): building
 * the course assets measured about 280 ns a state against about 0.7 ns a DP
 * transition (docs/untrusted-input.md), rounded up to a power of two.
 */
export const COURSE_STATE_STEPS = 512;

/** analyzeGhost() and its work in ghostRunSteps: the DP's G·2^G steps plus COURSE_STATE_STEPS per course state. */
export function ghostAnalyzeWork(
  puzzle: GhostPuzzle,
  ctx: AnalyzeContext<GhostConfig, GhostCalibration>,
): { outcome: Outcome<GhostSolution, GhostAnalysis>; work: number } {
  const r = analyzeGhostDetailed(puzzle, ctx);
  return { outcome: r.outcome, work: ghostAnalyzeCost(puzzle, ctx.config) + COURSE_STATE_STEPS * r.courseStates };
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

// Apple analysis: every derived value of a board, by the same code for
// generate, curate and validate. The greedy baseline (docs/apple.md), the strong
// solver started from the greedy play (so best >= greedy), and the
// geometry-free bound (so best <= upper <= 170).
import type { AnalyzeContext, Outcome } from 'proofpack/kind';
import { boardSum, digitCounts, parseBoard } from './board.ts';
import { CELLS } from './bounds.ts';
import { unpackRect } from './rects.ts';
import { greedyPlay } from './greedy.ts';
import { improvePlay } from './search.ts';
import { geometryFreeBound } from './bound.ts';
import type { AppleAnalysis, AppleCalibration, AppleConfig, ApplePlay, ApplePuzzle, AppleSolution } from './schema.ts';

function playToJson(moves: readonly number[]): ApplePlay {
  return moves.map(unpackRect);
}

export function analyzeApple(puzzle: ApplePuzzle, ctx: AnalyzeContext<AppleConfig, AppleCalibration>): Outcome<AppleSolution, AppleAnalysis> {
  return analyzeAppleDetailed(puzzle, ctx.config).outcome;
}

/**
 * analyzeApple() plus the work its strong solver spent: ruin-and-recreate
 * iterations plus row-strip scans (the two counts its budgets bound;
 * validate's run ceiling `appleRunWork` sums them). 0 for a board rejected
 * before the search or with no move at all.
 */
export function analyzeAppleDetailed(puzzle: ApplePuzzle, config: AppleConfig): { outcome: Outcome<AppleSolution, AppleAnalysis>; work: number } {
  const board = parseBoard(puzzle.board);
  const sum = boardSum(board);
  if (sum % 10 !== 0) return { outcome: { status: 'rejected', reason: `the digits sum to ${sum}, not a multiple of 10 (every game board does)` }, work: 0 };
  const greedy = greedyPlay(board);
  const best = improvePlay(board, greedy, config.search);
  const work = best.iterations + best.scans;
  const upperBound = geometryFreeBound(digitCounts(board));
  if (!(greedy.score <= best.score && best.score <= upperBound && upperBound <= CELLS)) {
    // cannot happen with correct solvers: report it rather than ship it
    return {
      outcome: { status: 'rejected', reason: `solver bug: greedy ${greedy.score}, best ${best.score}, upper bound ${upperBound} are out of order` },
      work,
    };
  }
  return {
    outcome: {
      status: 'proven',
      solution: playToJson(best.moves),
      analysis: { greedyScore: greedy.score, bestScore: best.score, upperBound, greedyPlay: playToJson(greedy.moves) },
    },
    work,
  };
}

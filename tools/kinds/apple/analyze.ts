// Apple analysis: every derived value of a board, by the same code for
// generate, curate and validate. The greedy baseline (docs/apple.md), the strong
// solver started from the greedy play (so best >= greedy), and the
// geometry-free bound (so best <= upper <= 170).
import type { AnalyzeContext, Outcome } from '../../lib/kind.ts';
import { CELLS, boardSum, digitCounts, parseBoard } from './board.ts';
import { unpackRect } from './rects.ts';
import { greedyPlay } from './greedy.ts';
import { improvePlay } from './search.ts';
import { geometryFreeBound } from './bound.ts';
import type { AppleAnalysis, AppleCalibration, AppleConfig, ApplePlay, ApplePuzzle, AppleSolution } from './schema.ts';

function playToJson(moves: readonly number[]): ApplePlay {
  return moves.map(unpackRect);
}

export function analyzeApple(puzzle: ApplePuzzle, ctx: AnalyzeContext<AppleConfig, AppleCalibration>): Outcome<AppleSolution, AppleAnalysis> {
  const board = parseBoard(puzzle.board);
  const sum = boardSum(board);
  if (sum % 10 !== 0) return { status: 'rejected', reason: `the digits sum to ${sum}, not a multiple of 10 (every game board does)` };
  const greedy = greedyPlay(board);
  const best = improvePlay(board, greedy, ctx.config.search);
  const upperBound = geometryFreeBound(digitCounts(board));
  if (!(greedy.score <= best.score && best.score <= upperBound && upperBound <= CELLS)) {
    // cannot happen with correct solvers: report it rather than ship it
    return { status: 'rejected', reason: `solver bug: greedy ${greedy.score}, best ${best.score}, upper bound ${upperBound} are out of order` };
  }
  return {
    status: 'proven',
    solution: playToJson(best.moves),
    analysis: { greedyScore: greedy.score, bestScore: best.score, upperBound, greedyPlay: playToJson(greedy.moves) },
  };
}

// Apple rule checks of a stored level, before any solving: the board's sum,
// both stored plays replayed move by move, and the order of the stored scores.
import type { Problem } from 'proofpack/face';
import { boardSum, parseBoard } from './board.ts';
import { CELLS } from './bounds.ts';
import { replay } from './rects.ts';
import type { AppleAnalysis, ApplePlay, ApplePuzzle } from './schema.ts';

/** Problems of a play replayed on the board, and its score against the stored one. */
function playProblems(field: string, board: Uint8Array, play: ApplePlay, storedScore: number | undefined): Problem[] {
  const r = replay(board, play);
  if (!r.ok) return [{ field: `${field}[${r.index}]`, stored: play[r.index], expected: `a legal move: ${r.reason}` }];
  if (storedScore !== undefined && r.score !== storedScore)
    return [{ field, stored: `a play clearing ${r.score} cells`, expected: `a play clearing ${storedScore} cells (the stored score)` }];
  return [];
}

export function appleRuleProblems(puzzle: ApplePuzzle, solution: ApplePlay, analysis: AppleAnalysis): Problem[] {
  const board = parseBoard(puzzle.board);
  const problems: Problem[] = [];
  const sum = boardSum(board);
  if (sum % 10 !== 0) problems.push({ field: 'puzzle.board', stored: `digits summing to ${sum}`, expected: 'a sum that is a multiple of 10' });
  problems.push(...playProblems('solution', board, solution, analysis.bestScore));
  problems.push(...playProblems('analysis.greedyPlay', board, analysis.greedyPlay, analysis.greedyScore));
  const { greedyScore: g, bestScore: b, upperBound: u } = analysis;
  if (!(g <= b && b <= u && u <= CELLS)) {
    problems.push({
      field: 'analysis',
      stored: `greedyScore ${g}, bestScore ${b}, upperBound ${u}`,
      expected: `greedyScore <= bestScore <= upperBound <= ${CELLS}`,
    });
  }
  return problems;
}

/** The stored play must be the one the strong solver finds, and must clear bestScore cells. */
export function appleSolutionProblems(puzzle: ApplePuzzle, stored: ApplePlay, proven: { solution: ApplePlay; analysis: AppleAnalysis }): Problem[] {
  const problems: Problem[] = [];
  if (JSON.stringify(stored) !== JSON.stringify(proven.solution)) {
    const i = stored.findIndex((r, k) => JSON.stringify(r) !== JSON.stringify(proven.solution[k]));
    const at = i >= 0 ? i : Math.min(stored.length, proven.solution.length);
    problems.push({ field: `solution[${at}]`, stored: stored[at] ?? 'the end of the play', expected: proven.solution[at] ?? 'the end of the play' });
  }
  problems.push(...playProblems('solution', parseBoard(puzzle.board), stored, proven.analysis.bestScore));
  return problems;
}

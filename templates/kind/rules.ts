// Checks of a stored level by the rules alone (its presses replayed), the
// stored solution against the solver's, and the symmetries: a board turned
// or mirrored is the same game (a press reaches the same neighbours).
import { TRANSFORMS, smallestEncoding, transformRows, type Problem } from 'proofpack/kind';
import { after, count, pressesOf } from './board.ts';
import type { Analysis, Puzzle, Solution } from './schema.ts';

export function ruleProblems(puzzle: Puzzle, solution: Solution, analysis: Analysis): Problem[] {
  const presses = pressesOf(solution, puzzle.size);
  const lit = presses && count(after(puzzle.lights, presses));
  if (presses === null) return [{ field: 'solution', stored: `${solution.length} rows`, expected: `${puzzle.size} rows of ${puzzle.size} cells` }];
  if (lit) return [{ field: 'solution', stored: `presses leaving ${lit} lights on`, expected: 'presses that turn every light off' }];
  return presses.length === analysis.presses ? [] : [{ field: 'analysis.presses', stored: analysis.presses, expected: presses.length }];
}

export const solutionProblems = (stored: Solution, proven: Solution): Problem[] =>
  JSON.stringify(stored) === JSON.stringify(proven) ? [] : [{ field: 'solution', stored, expected: proven }];

/** The board under each of the 8 turns and mirrors, itself first. */
export const equivalents = (p: Puzzle): Puzzle[] => TRANSFORMS.map((t) => ({ size: p.size, lights: transformRows(p.lights, t) }));
export const canonical = (p: Puzzle): Puzzle => smallestEncoding(equivalents(p));

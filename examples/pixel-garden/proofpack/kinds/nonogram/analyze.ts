// analyze(): everything derived from a puzzle, by the same code for generate,
// curate and validate: the solver's verdict as an outcome, with the solution
// and the grade when it proved the solution unique.
import type { Analyzed } from 'proofpack/kind';
import { solve } from './solve.ts';
import type { Analysis, Config, Puzzle, Solution } from './schema.ts';

/** analyze(): the outcome and the solver's work (line cells × runs). */
export function analyzeWork(puzzle: Puzzle, config: Config): Analyzed<Solution, Analysis> {
  const s = solve(puzzle, config.work);
  if (s.status !== 'solved') {
    if (s.status === 'over budget')
      return { outcome: { status: 'unknown', reason: `the solver's work passed its budget (work ${config.work})` }, work: s.work };
    const reason =
      s.status === 'no solution' ? 'no grid has these clues' : 'line logic and probing stall: the puzzle needs guessing (or has several solutions)';
    return { outcome: { status: 'rejected', reason }, work: s.work };
  }
  const w = puzzle.cols.length;
  const solution = puzzle.rows.map((_, r) => Array.from(s.grid.subarray(r * w, r * w + w), (v) => (v === 1 ? '#' : '.')).join(''));
  const filled = s.grid.filter((v) => v === 1).length;
  return { outcome: { status: 'proven', solution, analysis: { rounds: s.rounds, probes: s.probes, filled } }, work: s.work };
}

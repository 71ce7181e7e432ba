// Checks of a stored level by the rules alone: its solution has the puzzle's
// size and clues and as many filled cells as the analysis says; and the stored
// solution against the solver's (it is unique, so they must be equal).
import type { Problem } from 'proofpack/kind';
import { firstWrongLine } from './board.ts';
import type { Analysis, Puzzle, Solution } from './schema.ts';

export function ruleProblems(puzzle: Puzzle, solution: Solution, analysis: Analysis): Problem[] {
  const wrong = firstWrongLine(puzzle, solution);
  if (wrong === 'size')
    return [
      { field: 'solution', stored: `${solution.length} rows of ${solution[0]?.length ?? 0}`, expected: `${puzzle.rows.length} rows of ${puzzle.cols.length}` },
    ];
  if (wrong !== null) {
    const line = `${wrong.side === 'rows' ? 'row' : 'column'} ${wrong.index}`;
    return [
      {
        field: 'solution',
        stored: `${line} with runs [${wrong.runs}]`,
        expected: `runs [${puzzle[wrong.side][wrong.index]}] (puzzle.${wrong.side}[${wrong.index}])`,
      },
    ];
  }
  const filled = solution.join('').replaceAll('.', '').length;
  return filled === analysis.filled ? [] : [{ field: 'analysis.filled', stored: analysis.filled, expected: filled }];
}

export function solutionProblems(stored: Solution, proven: Solution): Problem[] {
  const r = proven.findIndex((row, i) => row !== stored[i]);
  if (r < 0 && stored.length === proven.length) return [];
  const at = r < 0 ? proven.length : r;
  return [{ field: `solution[${at}]`, stored: stored[at] ?? 'no row', expected: proven[at] ?? 'no row' }];
}

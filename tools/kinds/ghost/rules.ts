// Ghost rules that do not need the solver: the numbers a solution implies
// (clue values, row and column counts), rule checks of a stored level, and the
// count of target-0 constraints.
import type { GhostPuzzle, GhostSolution } from './schema.ts';
import { isClue, neighbours } from './board.ts';
import { type Problem, at } from 'proofpack/face';

export const GHOST = 'G';
const NO_GHOST = '.';
export const PLAIN = '.';

const around = new Int16Array(8);

/** Ghosts around (r, c), up to 8 neighbours. */
function ghostsAround(isGhost: (r: number, c: number) => boolean, n: number, r: number, c: number): number {
  let k = 0;
  for (let j = neighbours(n, r, c, around) - 1; j >= 0; j--) {
    const cell = at(around, j);
    if (isGhost(Math.floor(cell / n), cell % n)) k++;
  }
  return k;
}

/** The puzzle and solution for ghosts and clue cells given as per-cell flags (row-major). */
export function buildLevel(n: number, ghost: Uint8Array, clue: Uint8Array): { puzzle: GhostPuzzle; solution: GhostSolution } {
  const isGhost = (r: number, c: number) => ghost[r * n + c] === 1;
  const grid: string[] = [];
  const solution: string[] = [];
  const rows = new Array<number>(n).fill(0);
  const cols = new Array<number>(n).fill(0);
  for (let r = 0; r < n; r++) {
    let line = '';
    let sol = '';
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      line += clue[i] ? String(ghostsAround(isGhost, n, r, c)) : PLAIN;
      sol += ghost[i] ? GHOST : NO_GHOST;
      if (ghost[i]) {
        rows[r] = at(rows, r) + 1;
        cols[c] = at(cols, c) + 1;
      }
    }
    grid.push(line);
    solution.push(sol);
  }
  return { puzzle: { size: n, grid, rows, cols }, solution };
}

/** Constraints (rows, columns, clue cells) whose target is 0: free information. */
export function zeroTargetCount(p: GhostPuzzle): number {
  let k = 0;
  for (const v of p.rows) if (v === 0) k++;
  for (const v of p.cols) if (v === 0) k++;
  for (const row of p.grid) for (const ch of row) if (ch === '0') k++;
  return k;
}

/**
 * Rule checks of a stored level: no ghost on a clue cell, and every number of
 * the puzzle equals what the stored solution implies.
 */
export function ruleProblems(p: GhostPuzzle, s: GhostSolution): Problem[] {
  const n = p.size;
  const problems: Problem[] = [];
  // a solution that does not fit the board is one problem, never a throw; its missing cells count as no ghost
  problems.push(...solutionShapeProblems(n, s));
  const isGhost = (r: number, c: number) => s[r]?.[c] === GHOST;
  const rows = new Array<number>(n).fill(0);
  const cols = new Array<number>(n).fill(0);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const ch = at(at(p.grid, r), c);
      if (isGhost(r, c)) {
        rows[r] = at(rows, r) + 1;
        cols[c] = at(cols, c) + 1;
        if (isClue(ch)) problems.push({ field: `solution[${r}][${c}]`, stored: GHOST, expected: NO_GHOST }); // a clue cell holds no ghost
      }
      if (isClue(ch)) {
        const k = ghostsAround(isGhost, n, r, c);
        if (k !== Number(ch)) problems.push({ field: `puzzle.grid[${r}][${c}]`, stored: Number(ch), expected: k });
      }
    }
  }
  for (let i = 0; i < n; i++) {
    if (p.rows[i] !== rows[i]) problems.push({ field: `puzzle.rows[${i}]`, stored: p.rows[i], expected: rows[i] });
    if (p.cols[i] !== cols[i]) problems.push({ field: `puzzle.cols[${i}]`, stored: p.cols[i], expected: cols[i] });
  }
  return problems;
}

/** A solution of `n` rows of `n` cells each, or the problems that say how it is not. */
export function solutionShapeProblems(n: number, s: GhostSolution): Problem[] {
  const problems: Problem[] = [];
  if (s.length !== n) problems.push({ field: 'solution', stored: `${s.length} rows`, expected: `${n} rows` });
  for (let r = 0; r < Math.min(n, s.length); r++) {
    if (at(s, r).length !== n) problems.push({ field: `solution[${r}]`, stored: `${at(s, r).length} cells`, expected: `${n} cells` });
  }
  return problems;
}

/** The stored solution against the one the layered solver proved (the only one there is). */
export function solutionProblems(puzzle: GhostPuzzle, stored: GhostSolution, proven: GhostSolution): Problem[] {
  const problems: Problem[] = [];
  if (stored.length !== puzzle.size) problems.push({ field: 'solution', stored: `${stored.length} rows`, expected: `${puzzle.size} rows` });
  for (let r = 0; r < puzzle.size; r++) {
    if (stored[r] !== proven[r]) problems.push({ field: `solution[${r}]`, stored: stored[r], expected: proven[r] });
  }
  return problems;
}

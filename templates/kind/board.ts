// Lights Out, the rules once (the solver, the checks and the face use them,
// so no schema library here): a board is `size` rows of '0' (off) and '1'
// (on); a press toggles a cell and its four neighbours; all off wins.
import { at } from 'proofpack/face';

/** The cells of rows of '0'/'1', row-major, as 0 and 1. */
export const parse = (rows: readonly string[]): number[] => rows.flatMap((r) => [...r].map((c) => (c === '1' ? 1 : 0)));
/** Row-major 0/1 cells as `n` rows of '0'/'1'. */
export const format = (cells: readonly number[], n: number): string[] => Array.from({ length: n }, (_, r) => cells.slice(r * n, r * n + n).join(''));
/** How many cells are 1. */
export const count = (cells: readonly number[]): number => cells.reduce((a, b) => a + b, 0);

/** The cells a press of cell `i` toggles on an n×n board: itself and its neighbours. */
export function reach(i: number, n: number): number[] {
  const [r, c] = [Math.floor(i / n), i % n];
  return [i, r > 0 ? i - n : -1, r < n - 1 ? i + n : -1, c > 0 ? i - 1 : -1, c < n - 1 ? i + 1 : -1].filter((j) => j >= 0);
}

/** The cells of an n×n board (`lights`) after pressing each cell of `presses` (row-major indexes). */
export function after(lights: readonly string[], presses: readonly number[]): number[] {
  const cells = parse(lights);
  for (const i of presses) for (const j of reach(i, lights.length)) cells[j] = at(cells, j) ^ 1;
  return cells;
}

/** The cells marked '1' in rows of '0'/'1', or null when the rows are not n rows of n cells. */
export const pressesOf = (rows: readonly string[], n: number): number[] | null =>
  rows.length === n && rows.every((r) => r.length === n) ? parse(rows).flatMap((p, i) => (p ? [i] : [])) : null;

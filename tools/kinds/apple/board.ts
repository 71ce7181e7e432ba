// The apple board (docs/apple.md): 10 rows × 17 columns of digits 1..9. Cells are
// numbered row-major (cell = row * 17 + col); a working copy holds 0 for a
// removed cell. Parsing, formatting and digit counts live here; the sizes in
// bounds.ts.
import { at } from 'proofpack/face';
import { CELLS, COLS, ROWS } from './bounds.ts';

/** Board rows (10 strings of 17 digits) as a working copy of digits. */
export function parseBoard(rows: readonly string[]): Uint8Array {
  const d = new Uint8Array(CELLS);
  for (let r = 0; r < ROWS; r++) {
    const row = at(rows, r);
    for (let c = 0; c < COLS; c++) d[r * COLS + c] = row.charCodeAt(c) - 48;
  }
  return d;
}

export function formatBoard(d: Uint8Array): string[] {
  const rows: string[] = [];
  for (let r = 0; r < ROWS; r++) {
    let line = '';
    for (let c = 0; c < COLS; c++) line += String(d[r * COLS + c]);
    rows.push(line);
  }
  return rows;
}

/** counts[k] = number of cells holding digit k (counts[0] = removed cells). */
export function digitCounts(d: Uint8Array): Int32Array {
  const counts = new Int32Array(10);
  for (let i = 0; i < d.length; i++) counts[at(d, i)] = at(counts, at(d, i)) + 1;
  return counts;
}

export function boardSum(d: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < d.length; i++) s += at(d, i);
  return s;
}

// The 8 symmetries of a rectangular grid (rotations and reflections) and the
// "smallest encoding" rule of the level ids that picks one canonical representative.
import stringify from 'fast-json-stable-stringify';
import { at } from './at.ts';

/**
 * Transform t in 0..7: bit 1 mirrors columns, bit 2 mirrors rows, bit 4
 * transposes afterwards. t = 0 is the identity; transforms with bit 4 turn an
 * h×w grid into w×h.
 */
export const TRANSFORMS = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** Transforms that keep an h×w grid h×w when h ≠ w (identity, mirrors, half turn). */
export const SHAPE_KEEPING = [0, 1, 2, 3] as const;

function transposes(t: number): boolean {
  return (t & 4) !== 0;
}

/** Source coordinates of output cell (r, c) of transform t applied to an h×w grid. */
export function sourceOf(t: number, h: number, w: number, r: number, c: number): [number, number] {
  let sr = r;
  let sc = c;
  if (t & 4) [sr, sc] = [c, r];
  if (t & 2) sr = h - 1 - sr;
  if (t & 1) sc = w - 1 - sc;
  return [sr, sc];
}

/** Apply transform t to a grid of strings (one string per row, one character per cell). */
export function transformRows(rows: readonly string[], t: number): string[] {
  const h = rows.length;
  const w = rows[0]?.length ?? 0;
  const [oh, ow] = transposes(t) ? [w, h] : [h, w];
  const out: string[] = [];
  for (let r = 0; r < oh; r++) {
    let line = '';
    for (let c = 0; c < ow; c++) {
      const [sr, sc] = sourceOf(t, h, w, r, c);
      line += at(at(rows, sr), sc);
    }
    out.push(line);
  }
  return out;
}

/** Row and column values (e.g. line counts) after transform t of an h×w grid. */
export function transformLines<T>(rowVals: readonly T[], colVals: readonly T[], t: number): { rows: T[]; cols: T[] } {
  const h = rowVals.length;
  const w = colVals.length;
  const fr = (r: number) => (t & 2 ? h - 1 - r : r);
  const fc = (c: number) => (t & 1 ? w - 1 - c : c);
  const rows = rowVals.map((_, r) => at(rowVals, fr(r)));
  const cols = colVals.map((_, c) => at(colVals, fc(c)));
  return transposes(t) ? { rows: cols, cols: rows } : { rows, cols };
}

/** The variant whose stable JSON is smallest (plain string order). */
export function smallestEncoding<P>(variants: readonly P[]): P {
  let best = at(variants, 0);
  let bestText = stringify(best);
  for (const v of variants.slice(1)) {
    const text = stringify(v);
    if (text < bestText) {
      best = v;
      bestText = text;
    }
  }
  return best;
}

// Small descriptive statistics used by curate and the reports.
import { at } from './at.ts';
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? at(s, m) : (at(s, m - 1) + at(s, m)) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}

/** Population standard deviation. */
export function sd(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length);
}

/** Round half away from zero to `digits` decimals, the rounding every stored figure uses. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(Math.abs(value) * f) / f;
  return value < 0 ? -r : r;
}

/** Sample standard deviation (n - 1 in the denominator). */
export function sampleSd(values: readonly number[]): number {
  if (values.length < 2) return NaN;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / (values.length - 1));
}

/** The p-quantile by linear interpolation between order statistics (R's type 7). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(s.length - 1, lo + 1);
  return at(s, lo) + (h - lo) * (at(s, hi) - at(s, lo));
}

/** Ranks 1..n of `values`, ascending, ties given their average rank. */
export function ranks(values: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: values.length }, (_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
  const r = new Float64Array(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1] as number] === values[order[i] as number]) j++;
    for (let k = i; k <= j; k++) r[order[k] as number] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

/** Spearman's rank correlation of two equally long lists (Pearson's on their ranks). */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length < 2) return NaN;
  const ra = ranks(a);
  const rb = ranks(b);
  const m = (a.length + 1) / 2;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = (ra[i] as number) - m;
    const y = (rb[i] as number) - m;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

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

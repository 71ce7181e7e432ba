// Distribution functions and the hypothesis tests the set reports use
// (chi-square, normal, Kolmogorov–Smirnov). Implemented from the standard
// formulas (Numerical Recipes 3rd ed., §6.2 and §14.3; Abramowitz & Stegun
// 6.5); test/distributions.test.ts checks them against table values.
import { at } from './at.ts';

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 terms; |error| < 1e-13). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x); // reflection
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  x -= 1;
  let a = 0;
  const t = x + g + 0.5;
  for (const [i, ci] of c.entries()) a += i === 0 ? ci : ci / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const TINY = 1e-300;

/** Regularized lower incomplete gamma P(a, x) = γ(a, x) / Γ(a), a > 0, x >= 0. */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 - P(a, x), computed without cancellation. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

/** P(a, x) by its series (converges fast for x < a + 1). */
function gammaSeries(a: number, x: number): number {
  let ap = a;
  let del = 1 / a;
  let sum = del;
  for (let n = 0; n < 10_000; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x) by its continued fraction (modified Lentz; converges fast for x >= a + 1). */
function gammaContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(X <= x) for X ~ chi-square with df degrees of freedom. */
export function chiSquareCdf(x: number, df: number): number {
  return gammaP(df / 2, x / 2);
}

/** P(X >= x) for X ~ chi-square with df degrees of freedom (the test's p-value). */
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** Complementary error function, through erfc(x) = Q(1/2, x²) for x >= 0. */
export function erfc(x: number): number {
  return x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
}

/** Two-sided p-value of a standard normal statistic z: P(|Z| >= |z|). */
export function normalTwoSided(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

/**
 * Q_KS(λ) = P(K > λ) for the Kolmogorov distribution K (the limit of √n·D):
 * 2 Σ_{j>=1} (-1)^{j-1} exp(-2 j² λ²), or for small λ the equivalent
 * 1 - (√(2π)/λ) Σ_{j>=1} exp(-(2j-1)² π² / (8 λ²)), which converges fast there.
 */
export function kolmogorovSurvival(lambda: number): number {
  if (lambda <= 0) return 1;
  if (lambda < 1.18) {
    const y = Math.exp(-(Math.PI * Math.PI) / (8 * lambda * lambda));
    let sum = 0;
    for (let j = 1; j < 50; j++) {
      const term = y ** ((2 * j - 1) * (2 * j - 1));
      sum += term;
      if (term < 1e-17) break;
    }
    return Math.max(0, Math.min(1, 1 - (Math.sqrt(2 * Math.PI) / lambda) * sum));
  }
  let sum = 0;
  for (let j = 1; j < 100; j++) {
    const term = Math.exp(-2 * j * j * lambda * lambda);
    sum += j % 2 === 1 ? term : -term;
    if (term < 1e-17) break;
  }
  return Math.max(0, Math.min(1, 2 * sum));
}

export interface KsResult {
  /** The largest distance between the two empirical distribution functions. */
  d: number;
  p: number;
}

/**
 * Two-sample Kolmogorov–Smirnov test. Ties are handled by stepping both
 * empirical distributions past every equal value at once. The p-value is the
 * asymptotic one with Stephens' small-sample correction,
 * Q_KS((√nₑ + 0.12 + 0.11/√nₑ) D) with nₑ = n·m / (n + m); for data with many
 * ties (discrete values) it is conservative.
 */
export function ksTwoSample(a: readonly number[], b: readonly number[]): KsResult {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  const n = x.length;
  const m = y.length;
  if (n === 0 || m === 0) return { d: 0, p: 1 };
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < n && j < m) {
    const v = Math.min(at(x, i), at(y, j));
    while (i < n && x[i] === v) i++;
    while (j < m && y[j] === v) j++;
    d = Math.max(d, Math.abs(i / n - j / m));
  }
  const ne = Math.sqrt((n * m) / (n + m));
  return { d, p: kolmogorovSurvival((ne + 0.12 + 0.11 / ne) * d) };
}

export interface CorrelationResult {
  r: number;
  /** Pairs the correlation was computed over. */
  n: number;
  /** Two-sided p-value of r under independence, from z = r·√n (normal; fine for the thousands of pairs a set has). */
  p: number;
}

/** Pearson correlation of paired samples (xs[i], ys[i]). */
export function pearson(xs: ArrayLike<number>, ys: ArrayLike<number>): CorrelationResult {
  const n = xs.length;
  if (n < 2) return { r: 0, n, p: 1 };
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += at(xs, i);
    my += at(ys, i);
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = at(xs, i) - mx;
    const dy = at(ys, i) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const r = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
  return { r, n, p: normalTwoSided(r * Math.sqrt(n)) };
}

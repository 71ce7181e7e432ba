// Logic Rating (SPEC §1): 1PL model, Newton's method with a weak normal prior
// (mean 10, sd 10 by default), a = 0.3, display 100·θ clamped to 0..4400,
// shown after 20 attempts, confirmed at 60. Expected values are worked by hand
// below, or found by bisection on the derivative of the log posterior written
// here from the formula (an independent method to Newton's).
import { describe, expect, it } from 'vitest';
import { logicRating, RATING_DEFAULTS, type Attempt } from '../../../tools/kinds/ghost/rating.ts';

/** θ where d/dθ [Σ log-likelihood − (θ−μ)²/(2σ²)] = 0, by bisection. */
function bisect(attempts: Attempt[], a = 0.3, mu = 10, sd = 10): number {
  const slope = (t: number) => attempts.reduce((s, x) => s + a * ((x.clean ? 1 : 0) - 1 / (1 + Math.exp(-a * (t - x.b)))), 0) - (t - mu) / (sd * sd);
  let lo = -1000,
    hi = 1000; // slope(lo) > 0 > slope(hi): the prior term dominates far out
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const repeat = (n: number, a: Attempt) => Array.from({ length: n }, () => a);

describe('logicRating', () => {
  it('with no attempts is the prior mean, hidden', () => {
    const r = logicRating([]);
    expect(r.theta).toBe(10);
    expect(r.display).toBe(1000);
    expect(r.status).toBe('hidden');
    expect(r.se).toBeCloseTo(10, 12); // prior information 1/σ² only
  });

  it('a clear at b=5 and a miss at b=15 balance at the prior mean 10', () => {
    // slope at 10: 0.3(1 − σ(1.5)) + 0.3(0 − σ(−1.5)) − 0 = 0.3(1 − σ(1.5) − σ(−1.5)) = 0
    const r = logicRating([
      { b: 5, clean: true },
      { b: 15, clean: false },
    ]);
    expect(r.theta).toBeCloseTo(10, 9);
  });

  it('one clean clear at b=10 moves θ to about 15.20', () => {
    // x = θ − 10 solves 0.3(1 − σ(0.3x)) = x/100, i.e. 30(1 − σ(0.3x)) = x.
    // x = 5.20: σ(1.56) = 0.82635, 30·0.17365 = 5.2095 > 5.20; x = 5.21: 30·0.17322 = 5.1966 < 5.21,
    // so x ≈ 5.204 by interpolation: θ ≈ 15.204, displayed 1520.
    const r = logicRating([{ b: 10, clean: true }]);
    expect(r.theta).toBeGreaterThan(15.2);
    expect(r.theta).toBeLessThan(15.21);
    expect(r.theta).toBeCloseTo(bisect([{ b: 10, clean: true }]), 8);
    expect(r.display).toBe(1520);
  });

  it('stays finite when a player clears none, and clamps the display at 0', () => {
    // 30 misses at b=5: slope(−5) = −9·σ(−3) + 0.15 = −0.43 + 0.15 < 0 and
    // slope(−15) = −9·σ(−6) + 0.25 = −0.02 + 0.25 > 0, so −15 < θ < −5.
    const attempts = repeat(30, { b: 5, clean: false });
    const r = logicRating(attempts);
    expect(r.theta).toBeGreaterThan(-15);
    expect(r.theta).toBeLessThan(-5);
    expect(r.theta).toBeCloseTo(bisect(attempts), 8);
    expect(r.display).toBe(0);
    expect(r.status).toBe('shown');
  });

  it('stays finite when a player clears all, and clamps the display at 4400', () => {
    // 60 clears at b=43: slope(50) = 18(1 − σ(2.1)) − 0.4 = 1.96 − 0.4 > 0,
    // slope(60) = 18(1 − σ(5.1)) − 0.5 = 0.11 − 0.5 < 0, so 50 < θ < 60.
    const attempts = repeat(60, { b: 43, clean: true });
    const r = logicRating(attempts);
    expect(r.theta).toBeGreaterThan(50);
    expect(r.theta).toBeLessThan(60);
    expect(r.theta).toBeCloseTo(bisect(attempts), 8);
    expect(r.display).toBe(4400);
    expect(r.status).toBe('confirmed');
  });

  it('shows after 20 attempts and confirms at 60', () => {
    const at = (n: number) => logicRating(repeat(n, { b: 8, clean: true })).status;
    expect([at(19), at(20), at(59), at(60)]).toEqual(['hidden', 'shown', 'shown', 'confirmed']);
  });

  it('a mixed record matches the bisection, and a is configurable', () => {
    const attempts: Attempt[] = [];
    for (let i = 0; i < 40; i++) attempts.push({ b: 3 + (i % 17), clean: i % 3 !== 0 });
    expect(logicRating(attempts).theta).toBeCloseTo(bisect(attempts), 8);
    expect(logicRating(attempts, { a: 0.6 }).theta).toBeCloseTo(bisect(attempts, 0.6), 8);
    expect(logicRating(attempts, { a: 0.6 }).theta).not.toBeCloseTo(logicRating(attempts).theta, 3);
    expect(RATING_DEFAULTS.a).toBe(0.3);
  });
});

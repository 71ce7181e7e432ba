// Set fidelity: the distribution functions against table values and closed
// forms, the model's exact board-sum moments by exact enumeration, and the
// fidelity report on a set drawn by the generator (no problem) and on
// deliberately biased sets (each caught by the test meant for it).
import { describe, expect, it } from 'vitest';
import { chiSquareCdf, chiSquareSurvival, erfc, gammaP, kolmogorovSurvival, ksTwoSample, logGamma, pearson } from '../../../tools/lib/distributions.ts';
import { formatBoard } from '../../../tools/kinds/apple/board.ts';
import { CELLS } from '../../../tools/kinds/apple/bounds.ts';
import { drawBoard } from '../../../tools/kinds/apple/generate.ts';
import { fidelityReport, MODEL_SUM_MEAN, MODEL_SUM_SD } from '../../../tools/kinds/apple/fidelity.ts';
import { APPLE_DEFAULT_CONFIG } from '../../../tools/kinds/apple/config.ts';
import type { ApplePuzzle } from '../../../tools/kinds/apple/schema.ts';
import { rngFor, type Rng } from '../../../tools/lib/rng.ts';

describe('distribution functions', () => {
  it('log-gamma and the regularized incomplete gamma match closed forms', () => {
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12); // Γ(10) = 9!
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12); // Γ(1/2) = √π
    for (const x of [0.1, 1, 3, 10, 40]) expect(gammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 13); // P(1, x) = 1 - e^-x
    expect(gammaP(3, 2)).toBeCloseTo(1 - 5 * Math.exp(-2), 13); // 1 - e^-2 (1 + 2 + 2²/2)
  });

  it('chi-square with df 8 matches the closed form for even df and the table', () => {
    // df = 8: P(X >= x) = e^(-x/2) Σ_{j<4} (x/2)^j / j!
    const closed = (x: number) => Math.exp(-x / 2) * (1 + x / 2 + (x / 2) ** 2 / 2 + (x / 2) ** 3 / 6);
    for (const x of [0.5, 2, 7.3, 8, 15.5, 30, 60]) expect(chiSquareSurvival(x, 8)).toBeCloseTo(closed(x), 12);
    // table: critical values of chi-square(8) at 0.05, 0.01, 0.001
    expect(chiSquareSurvival(15.507, 8)).toBeCloseTo(0.05, 4);
    expect(chiSquareSurvival(20.09, 8)).toBeCloseTo(0.01, 4);
    expect(chiSquareSurvival(26.124, 8)).toBeCloseTo(0.001, 5);
    // the seed's digit counts over 500 boards: chi-square 7.30, p = 0.504
    const counts = [9479, 9381, 9373, 9422, 9371, 9562, 9512, 9319, 9581];
    const e = 85000 / 9;
    const x = counts.reduce((a, c) => a + (c - e) ** 2 / e, 0);
    expect(x).toBeCloseTo(7.3, 2);
    expect(chiSquareSurvival(x, 8)).toBeCloseTo(0.504, 3);
    // other df: 3.841 (df 1) and 124.342 (df 100) at 0.05
    expect(chiSquareSurvival(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(124.342, 100)).toBeCloseTo(0.05, 4);
    expect(chiSquareCdf(7.344, 8)).toBeCloseTo(0.5, 3); // the median of chi-square(8)
  });

  it('erfc matches reference values', () => {
    expect(erfc(0)).toBeCloseTo(1, 14);
    expect(erfc(0.5)).toBeCloseTo(0.4795001221869535, 13);
    expect(erfc(1)).toBeCloseTo(0.15729920705028513, 13);
    expect(erfc(2)).toBeCloseTo(0.004677734981047266, 14);
    expect(erfc(-1)).toBeCloseTo(1.8427007929497148, 13);
  });

  it('the Kolmogorov distribution matches the table, and its two series agree where they meet', () => {
    expect(kolmogorovSurvival(1.2238)).toBeCloseTo(0.1, 3);
    expect(kolmogorovSurvival(1.3581)).toBeCloseTo(0.05, 3);
    expect(kolmogorovSurvival(1.6276)).toBeCloseTo(0.01, 3);
    expect(kolmogorovSurvival(1.9495)).toBeCloseTo(0.001, 4);
    expect(kolmogorovSurvival(0.5)).toBeCloseTo(0.9639, 4);
    expect(kolmogorovSurvival(1.1799999)).toBeCloseTo(kolmogorovSurvival(1.18), 6);
    expect(kolmogorovSurvival(0)).toBe(1);
  });

  it('two-sample KS distance by hand, with ties', () => {
    // [1,2,3] vs [2,3,4]: the empirical CDFs differ by 1/3 at 1, 2 and 3
    expect(ksTwoSample([1, 2, 3], [2, 3, 4]).d).toBeCloseTo(1 / 3, 12);
    // ties: [1,1,2] vs [1,2,2]: at 1 the CDFs are 2/3 and 1/3
    expect(ksTwoSample([1, 1, 2], [1, 2, 2]).d).toBeCloseTo(1 / 3, 12);
    expect(ksTwoSample([5, 1, 3], [3, 5, 1])).toEqual({ d: 0, p: 1 });
    expect(ksTwoSample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]).d).toBe(1);
  });

  it('Pearson r by hand', () => {
    // means 2.5; Σdx·dy = 2.25 - 0.25 - 0.25 + 2.25 = 4, Σdx² = Σdy² = 5: r = 0.8
    expect(pearson([1, 2, 3, 4], [1, 3, 2, 4]).r).toBeCloseTo(0.8, 14);
    expect(pearson([1, 2, 3], [2, 4, 6]).r).toBeCloseTo(1, 14);
  });
});

describe('the model', () => {
  it('board sums of the rejection-sampled model: mean exactly 850, variance 3400/3 (exact enumeration of the sum law)', () => {
    // ways[s] = number of digit strings of length k with sum s, for k = 170 (BigInt: exact)
    let ways = [1n];
    for (let k = 0; k < CELLS; k++) {
      const next = new Array<bigint>(ways.length + 9).fill(0n);
      ways.forEach((w, s) => {
        for (let d = 1; d <= 9; d++) next[s + d]! += w;
      });
      ways = next;
    }
    let n = 0n,
      s1 = 0n,
      s2 = 0n;
    ways.forEach((w, s) => {
      if (s % 10 !== 0) return;
      n += w;
      s1 += w * BigInt(s);
      s2 += w * BigInt(s) * BigInt(s);
    });
    expect(s1 % n).toBe(0n);
    expect(s1 / n).toBe(850n);
    expect(MODEL_SUM_MEAN).toBe(850);
    // variance = s2/n - 850², compared at 1e-12 (it differs from 3400/3 by about 1e-155)
    const scale = 10n ** 30n;
    const variance = Number((s2 * scale) / n - 850n * 850n * scale) / 1e30;
    expect(variance).toBeCloseTo(3400 / 3, 9);
    expect(MODEL_SUM_SD).toBeCloseTo(Math.sqrt(3400 / 3), 12);
  });
});

const fidelity = APPLE_DEFAULT_CONFIG.fidelity;

/** n boards drawn by `draw` (a digit per cell from the rng), kept when the sum is a multiple of 10 unless `anySum`. */
function setOf(n: number, stream: string, draw: (rng: Rng, prev: number) => number, anySum = false): ApplePuzzle[] {
  const out: ApplePuzzle[] = [];
  for (let i = 0; i < n; i++) {
    const rng = rngFor(9, stream, i);
    for (;;) {
      const d = new Uint8Array(CELLS);
      let sum = 0;
      for (let c = 0; c < CELLS; c++) {
        d[c] = draw(rng, c % 17 === 0 ? 0 : d[c - 1]!);
        sum += d[c]!;
      }
      if (anySum || sum % 10 === 0) {
        out.push({ board: formatBoard(d) });
        break;
      }
    }
  }
  return out;
}

const fields = (puzzles: ApplePuzzle[]) => fidelityReport(puzzles, fidelity).problems.map((p) => p.field);

describe('the fidelity report', () => {
  it('finds nothing wrong with 200 boards drawn by the generator, and prints every figure', () => {
    const puzzles = Array.from({ length: 200 }, (_, i) => ({ board: formatBoard(drawBoard(rngFor(9, 'apple-good', i), 600).board!) }));
    const r = fidelityReport(puzzles, fidelity);
    expect(r.problems).toEqual([]);
    expect(r.lines.join('\n')).toMatch(/chi-square .* p = .*board sum: mean .*per-board chi-square: mean .*KS D .*horizontal r .*vertical r/s);
    const s = r.stats as { boardSum: { mean: number }; perBoardChiSquare: { mean: number; reference: { mean: number; median: number; sd: number } } };
    // the simulated reference behaves like chi-square(8): mean 8, median 7.34, sd 4
    expect(s.perBoardChiSquare.reference.mean).toBeCloseTo(8, 0);
    expect(s.perBoardChiSquare.reference.median).toBeGreaterThan(6.8);
    expect(s.perBoardChiSquare.reference.median).toBeLessThan(7.9);
    expect(Math.abs(s.boardSum.mean - 850)).toBeLessThan(10);
  });

  it('catches too many 9s (digit chi-square)', () => {
    // 9 twice as likely as any other digit
    const puzzles = setOf(200, 'apple-nines', (rng) => {
      const r = rng.int(0, 9);
      return r === 9 ? 9 : r + 1;
    });
    expect(fields(puzzles)).toContain('fidelity.digits');
  });

  it('catches correlated horizontal neighbours', () => {
    // a cell copies its left neighbour one time in five
    const puzzles = setOf(200, 'apple-copy', (rng, prev) => (prev && rng.int(0, 4) === 0 ? prev : rng.int(1, 9)));
    const f = fields(puzzles);
    expect(f).toContain('fidelity.neighbours.horizontal');
    expect(f).not.toContain('fidelity.neighbours.vertical');
  });

  it('catches flattened boards (every board has the same digit counts)', () => {
    // nineteen of each digit but eighteen 5s: sum 855 - 5 = 850; shuffled per board
    const puzzles = Array.from({ length: 200 }, (_, i) => {
      const rng = rngFor(9, 'apple-flat', i);
      const digits: number[] = [];
      for (let d = 1; d <= 9; d++) for (let k = 0; k < (d === 5 ? 18 : 19); k++) digits.push(d);
      const a = Float64Array.from(digits);
      rng.sample(a, a.length, a.length);
      return { board: formatBoard(Uint8Array.from(a)) };
    });
    const f = fields(puzzles);
    expect(f).toContain('fidelity.perBoardChiSquare');
    expect(f).toContain('fidelity.boardSum.sd');
    expect(f).not.toContain('fidelity.digits');
  });

  it('catches boards whose sum is not a multiple of 10 (no rejection step)', () => {
    expect(fields(setOf(50, 'apple-anysum', (rng) => rng.int(1, 9), true))).toContain('fidelity.boardSum');
  });
});

// Set fidelity (docs/apple.md): is a set of boards what the original
// game's generator makes? The model: 170 digits uniform on 1..9 and
// independent, kept when the sum is a multiple of 10. Under it:
// * every digit is uniform (the conditioning moves a single cell's law by
//   about 9^-169), so the set's digit counts are tested against uniform with a
//   chi-square test, df 8;
// * the board sum has mean exactly 850 (the law of the sum is symmetric about
//   850, a multiple of 10) and variance 170·(9²-1)/12 = 3400/3 (sd 33.665),
//   to within 1e-150 (both checked in test/apple-fidelity.test.ts by exact
//   enumeration). The mean is tested with z = (mean - 850)/(σ/√n); the spread
//   with Σ(sum - 850)²/σ², chi-square with n df, two-sided;
// * the per-board chi-square of the 9 digit counts against 170/9 each follows
//   (nearly) chi-square df 8; its distribution over the set is compared with a
//   simulated sample of the model (Kolmogorov–Smirnov, two-sample; the
//   simulation's seed and size are in the config, so it is deterministic);
// * horizontally and vertically neighbouring digits are uncorrelated (Pearson
//   r, z = r·√n).
// A test with p below the config's alpha is a problem (validate exits 1).
import {
  type Problem,
  type SetReport,
  chiSquareSurvival,
  ksTwoSample,
  normalTwoSided,
  pearson,
  chiSquareCdf,
  mean,
  median,
  round,
  sampleSd,
  Rng32,
  at,
} from 'proofpack/kind';
import { parseBoard } from './board.ts';
import { CELLS, COLS, ROWS } from './bounds.ts';
import type { AppleConfig, ApplePuzzle } from './schema.ts';

export const MODEL_SUM_MEAN = 850;
export const MODEL_SUM_SD = Math.sqrt(3400 / 3);
const EXPECTED_PER_BOARD = CELLS / 9;

/** Chi-square of a board's 9 digit counts against 170/9 each. */
function boardChiSquare(counts: ArrayLike<number>): number {
  let x = 0;
  for (let k = 1; k <= 9; k++) x += (at(counts, k) - EXPECTED_PER_BOARD) ** 2 / EXPECTED_PER_BOARD;
  return x;
}

const referenceCache = new Map<string, number[]>();

/**
 * What drawing the reference sample costs in appleRunWork's unit: about 20 µs a board (ten
 * boards of 170 draws for each one kept), counted as 256 units (a unit of the strong solver
 * is 64–140 ns). Keyed like the cache: a sample drawn once is counted once.
 */
export function referenceSampleWork(fidelity: { referenceBoards: number; referenceSeed: number }): { key: string; work: number } {
  return { key: `${fidelity.referenceBoards}/${fidelity.referenceSeed}`, work: 256 * fidelity.referenceBoards };
}

/**
 * Per-board chi-squares of `boards` boards simulated from the model with a
 * 32-bit generator seeded by `seed` (rejection sampling exactly as generate).
 */
function referenceChiSquares(boards: number, seed: number): number[] {
  const key = referenceSampleWork({ referenceBoards: boards, referenceSeed: seed }).key;
  const cached = referenceCache.get(key);
  if (cached) return cached;
  const rng = new Rng32(seed ^ 0x5eed0a11);
  const counts = new Int32Array(10);
  const out: number[] = [];
  while (out.length < boards) {
    counts.fill(0);
    let sum = 0;
    for (let i = 0; i < CELLS; i++) {
      const d = 1 + rng.below(9);
      counts[d] = at(counts, d) + 1;
      sum += d;
    }
    if (sum % 10 === 0) out.push(boardChiSquare(counts));
  }
  referenceCache.set(key, out);
  return out;
}

export interface FidelityStats {
  boards: number;
  digits: { counts: number[]; chiSquare: number; df: number; p: number };
  boardSum: { mean: number; sd: number; modelMean: number; modelSd: number; meanP: number; sdP: number; notMultipleOf10: number };
  perBoardChiSquare: {
    mean: number;
    median: number;
    sd: number;
    reference: { boards: number; seed: number; mean: number; median: number; sd: number };
    ks: { d: number; p: number };
  };
  neighbours: { horizontal: { r: number; n: number; p: number }; vertical: { r: number; n: number; p: number } };
}

const r4 = (x: number) => round(x, 4);
const pShow = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

/** What the statistics are computed from: per board its sum and chi-square, the digit totals, neighbour pairs. */
export interface BoardFigures {
  boards: number;
  sums: number[];
  chis: number[];
  /** Digit totals, index 1..9 (index 0 unused). */
  total: number[];
  notMultipleOf10: number;
  horizontal: { xs: number[]; ys: number[] };
  vertical: { xs: number[]; ys: number[] };
}

export function boardFigures(puzzles: readonly ApplePuzzle[]): BoardFigures {
  const total = new Array<number>(10).fill(0);
  const sums: number[] = [];
  const chis: number[] = [];
  const hx: number[] = [],
    hy: number[] = [],
    vx: number[] = [],
    vy: number[] = [];
  let notMultiple = 0;
  for (const p of puzzles) {
    const d = parseBoard(p.board);
    const counts = new Int32Array(10);
    let sum = 0;
    for (let i = 0; i < CELLS; i++) {
      counts[at(d, i)] = at(counts, at(d, i)) + 1;
      sum += at(d, i);
    }
    for (let k = 1; k <= 9; k++) total[k] = at(total, k) + at(counts, k);
    sums.push(sum);
    if (sum % 10 !== 0) notMultiple++;
    chis.push(boardChiSquare(counts));
    for (let r = 0; r < ROWS; r++) {
      for (let c = 0; c < COLS; c++) {
        if (c + 1 < COLS) {
          hx.push(at(d, r * COLS + c));
          hy.push(at(d, r * COLS + c + 1));
        }
        if (r + 1 < ROWS) {
          vx.push(at(d, r * COLS + c));
          vy.push(at(d, (r + 1) * COLS + c));
        }
      }
    }
  }
  return { boards: puzzles.length, sums, chis, total, notMultipleOf10: notMultiple, horizontal: { xs: hx, ys: hy }, vertical: { xs: vx, ys: vy } };
}

function fidelityStats(puzzles: readonly ApplePuzzle[], config: AppleConfig['fidelity']): FidelityStats {
  const n = puzzles.length;
  const { sums, chis, total, notMultipleOf10: notMultiple, horizontal, vertical } = boardFigures(puzzles);
  const digits = n * CELLS;
  let chi = 0;
  for (let k = 1; k <= 9; k++) chi += (at(total, k) - digits / 9) ** 2 / (digits / 9);
  // board sums: mean by z, spread by Σ(sum - 850)²/σ² ~ chi-square(n), two-sided
  const sumMean = mean(sums);
  const meanP = n ? normalTwoSided((sumMean - MODEL_SUM_MEAN) / (MODEL_SUM_SD / Math.sqrt(n))) : 1;
  const spread = sums.reduce((a, s) => a + ((s - MODEL_SUM_MEAN) / MODEL_SUM_SD) ** 2, 0);
  const sdP = n ? Math.min(1, 2 * Math.min(chiSquareCdf(spread, n), chiSquareSurvival(spread, n))) : 1;
  const ref = referenceChiSquares(config.referenceBoards, config.referenceSeed);
  const ks = ksTwoSample(chis, ref);
  const h = pearson(horizontal.xs, horizontal.ys);
  const v = pearson(vertical.xs, vertical.ys);
  return {
    boards: n,
    digits: { counts: total.slice(1), chiSquare: r4(chi), df: 8, p: r4p(chiSquareSurvival(chi, 8)) },
    boardSum: {
      mean: r4(sumMean),
      sd: r4(sampleSd(sums)),
      modelMean: MODEL_SUM_MEAN,
      modelSd: r4(MODEL_SUM_SD),
      meanP: r4p(meanP),
      sdP: r4p(sdP),
      notMultipleOf10: notMultiple,
    },
    perBoardChiSquare: {
      mean: r4(mean(chis)),
      median: r4(median(chis)),
      sd: r4(sampleSd(chis)),
      reference: { boards: ref.length, seed: config.referenceSeed, mean: r4(mean(ref)), median: r4(median(ref)), sd: r4(sampleSd(ref)) },
      ks: { d: r4(ks.d), p: r4p(ks.p) },
    },
    neighbours: { horizontal: { r: r4(h.r), n: h.n, p: r4p(h.p) }, vertical: { r: r4(v.r), n: v.n, p: r4p(v.p) } },
  };
}

/** p-values keep 4 significant digits (small ones matter). */
function r4p(p: number): number {
  return Number.isFinite(p) ? Number(p.toPrecision(4)) : p;
}

export function fidelityReport(puzzles: readonly ApplePuzzle[], config: AppleConfig['fidelity']): SetReport {
  const s = fidelityStats(puzzles, config);
  const alpha = config.alpha;
  const problems: Problem[] = [];
  const check = (field: string, p: number, what: string) => {
    if (p < alpha) problems.push({ field, stored: `${what} (p = ${pShow(p)})`, expected: `p >= ${alpha} under the game's generator` });
  };
  check('fidelity.digits', s.digits.p, `digit counts ${s.digits.counts.join('/')}, chi-square ${s.digits.chiSquare}`);
  check('fidelity.boardSum.mean', s.boardSum.meanP, `board sum mean ${s.boardSum.mean}`);
  check('fidelity.boardSum.sd', s.boardSum.sdP, `board sum sd ${s.boardSum.sd}`);
  check('fidelity.perBoardChiSquare', s.perBoardChiSquare.ks.p, `per-board chi-square KS D ${s.perBoardChiSquare.ks.d}`);
  check('fidelity.neighbours.horizontal', s.neighbours.horizontal.p, `horizontal neighbour r ${s.neighbours.horizontal.r}`);
  check('fidelity.neighbours.vertical', s.neighbours.vertical.p, `vertical neighbour r ${s.neighbours.vertical.r}`);
  if (s.boardSum.notMultipleOf10 > 0)
    problems.push({ field: 'fidelity.boardSum', stored: `${s.boardSum.notMultipleOf10} boards whose sum is not a multiple of 10`, expected: 'none' });
  const b = s.perBoardChiSquare;
  const lines = [
    `fidelity of ${s.boards} boards vs the game's generator (problem when p < ${alpha}):`,
    `  digits 1-9: ${s.digits.counts.join(' ')}; chi-square ${s.digits.chiSquare.toFixed(2)} (df 8), p = ${pShow(s.digits.p)}`,
    `  board sum: mean ${s.boardSum.mean.toFixed(1)} (model 850, p = ${pShow(s.boardSum.meanP)}), sd ${s.boardSum.sd.toFixed(1)} (model ${s.boardSum.modelSd.toFixed(1)}, p = ${pShow(s.boardSum.sdP)})`,
    `  per-board chi-square: mean ${b.mean.toFixed(2)}, median ${b.median.toFixed(2)}, sd ${b.sd.toFixed(2)}; simulated (${b.reference.boards} boards): ${b.reference.mean.toFixed(2)} / ${b.reference.median.toFixed(2)} / ${b.reference.sd.toFixed(2)}; KS D ${b.ks.d.toFixed(4)}, p = ${pShow(b.ks.p)}`,
    `  neighbours: horizontal r ${s.neighbours.horizontal.r.toFixed(4)} (n ${s.neighbours.horizontal.n}, p = ${pShow(s.neighbours.horizontal.p)}), vertical r ${s.neighbours.vertical.r.toFixed(4)} (n ${s.neighbours.vertical.n}, p = ${pShow(s.neighbours.vertical.p)})`,
  ];
  return { problems, stats: s as unknown as Record<string, unknown>, lines };
}

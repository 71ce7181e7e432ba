// Comparing two apple sets (validate --compare), e.g. boards recorded from the
// original game against generated ones — the comparison seed 000 used to show
// the generator matches the game: board sums and per-board chi-squares by
// two-sample Kolmogorov–Smirnov, digit frequencies by a chi-square test of
// homogeneity (2×9 table, df 8), and each neighbour correlation by Fisher's z.
import { type Problem, type SetReport, chiSquareSurvival, ksTwoSample, normalTwoSided, pearson, mean, round, at } from 'proofpack/kind';
import { boardFigures } from './fidelity.ts';
import type { ApplePuzzle } from './schema.ts';

interface SetFigures {
  boards: number;
  sums: number[];
  chis: number[];
  digits: number[];
  horizontal: { r: number; n: number };
  vertical: { r: number; n: number };
}

function figures(puzzles: readonly ApplePuzzle[]): SetFigures {
  const f = boardFigures(puzzles);
  const h = pearson(f.horizontal.xs, f.horizontal.ys);
  const v = pearson(f.vertical.xs, f.vertical.ys);
  return { boards: f.boards, sums: f.sums, chis: f.chis, digits: f.total.slice(1), horizontal: { r: h.r, n: h.n }, vertical: { r: v.r, n: v.n } };
}

/** Chi-square test of homogeneity of two digit-count vectors (df 8). */
function homogeneity(a: readonly number[], b: readonly number[]): { chiSquare: number; p: number } {
  const na = a.reduce((x, y) => x + y, 0);
  const nb = b.reduce((x, y) => x + y, 0);
  let chi = 0;
  for (let k = 0; k < 9; k++) {
    const col = at(a, k) + at(b, k);
    const ea = (col * na) / (na + nb);
    const eb = (col * nb) / (na + nb);
    if (ea > 0) chi += (at(a, k) - ea) ** 2 / ea;
    if (eb > 0) chi += (at(b, k) - eb) ** 2 / eb;
  }
  return { chiSquare: chi, p: chiSquareSurvival(chi, 8) };
}

/** Two correlations compared by Fisher's z (two-sided p). */
function fisher(a: { r: number; n: number }, b: { r: number; n: number }): number {
  if (a.n < 4 || b.n < 4) return 1;
  const z = (Math.atanh(a.r) - Math.atanh(b.r)) / Math.sqrt(1 / (a.n - 3) + 1 / (b.n - 3));
  return normalTwoSided(z);
}

const r4 = (x: number) => round(x, 4);
const p4 = (p: number) => (Number.isFinite(p) ? Number(p.toPrecision(4)) : p);
const pShow = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

export function compareApple(a: readonly ApplePuzzle[], b: readonly ApplePuzzle[], alpha: number): SetReport {
  const A = figures(a);
  const B = figures(b);
  const sums = ksTwoSample(A.sums, B.sums);
  const chis = ksTwoSample(A.chis, B.chis);
  const digits = homogeneity(A.digits, B.digits);
  const h = fisher(A.horizontal, B.horizontal);
  const v = fisher(A.vertical, B.vertical);
  const stats = {
    boards: [A.boards, B.boards],
    boardSum: { means: [r4(mean(A.sums)), r4(mean(B.sums))], ks: { d: r4(sums.d), p: p4(sums.p) } },
    perBoardChiSquare: { means: [r4(mean(A.chis)), r4(mean(B.chis))], ks: { d: r4(chis.d), p: p4(chis.p) } },
    digits: { counts: [A.digits, B.digits], chiSquare: r4(digits.chiSquare), df: 8, p: p4(digits.p) },
    neighbours: {
      horizontal: { r: [r4(A.horizontal.r), r4(B.horizontal.r)], p: p4(h) },
      vertical: { r: [r4(A.vertical.r), r4(B.vertical.r)], p: p4(v) },
    },
  };
  const problems: Problem[] = [];
  const check = (field: string, p: number, what: string) => {
    if (p < alpha) problems.push({ field, stored: `${what} (p = ${pShow(p)})`, expected: `the same distribution in both sets (p >= ${alpha})` });
  };
  check('boardSum', sums.p, `board sums differ, KS D ${r4(sums.d)}`);
  check('perBoardChiSquare', chis.p, `per-board chi-squares differ, KS D ${r4(chis.d)}`);
  check('digits', digits.p, `digit frequencies differ, chi-square ${r4(digits.chiSquare)}`);
  check('neighbours.horizontal', h, `horizontal neighbour r ${r4(A.horizontal.r)} vs ${r4(B.horizontal.r)}`);
  check('neighbours.vertical', v, `vertical neighbour r ${r4(A.vertical.r)} vs ${r4(B.vertical.r)}`);
  const lines = [
    `${A.boards} boards vs ${B.boards} boards (a difference is a problem when p < ${alpha}):`,
    `  board sum: mean ${mean(A.sums).toFixed(1)} vs ${mean(B.sums).toFixed(1)}; KS D ${sums.d.toFixed(4)}, p = ${pShow(sums.p)}`,
    `  per-board chi-square: mean ${mean(A.chis).toFixed(2)} vs ${mean(B.chis).toFixed(2)}; KS D ${chis.d.toFixed(4)}, p = ${pShow(chis.p)}`,
    `  digit frequencies: chi-square ${digits.chiSquare.toFixed(2)} (df 8), p = ${pShow(digits.p)}`,
    `  neighbours: horizontal r ${A.horizontal.r.toFixed(4)} vs ${B.horizontal.r.toFixed(4)} (p = ${pShow(h)}), vertical r ${A.vertical.r.toFixed(4)} vs ${B.vertical.r.toFixed(4)} (p = ${pShow(v)})`,
  ];
  return { problems, stats, lines };
}

// The solver: Lights Out is a linear system over GF(2) (press j toggles light
// i), solved exactly by Gaussian elimination. The board is clearable iff the
// system is consistent; its solutions are one particular solution plus the
// null space, all 2^nullity of which are counted to prove the fewest presses.
// Work (row operations plus solutions counted) is bounded by the config.
import { at, type AnalyzeContext, type Outcome } from 'proofpack/kind';
import { format, parse, reach } from './board.ts';
import type { Analysis, Calibration, Config, Puzzle, Solution } from './schema.ts';

const bit = (j: number) => 1n << BigInt(j);
const ones = (x: bigint) => x.toString(2).replaceAll('0', '').length;

/** analyze() and the work it spent. */
export function solve(puzzle: Puzzle, config: Config): { outcome: Outcome<Solution, Analysis>; work: number } {
  const n = puzzle.size;
  const N = n * n;
  const lights = parse(puzzle.lights);
  // row i: the presses that toggle light i, and (bit N) whether it is on
  const rows = lights.map((on, i) => reach(i, n).reduce((r, j) => r | bit(j), BigInt(on) << BigInt(N)));
  const pivots: number[] = [];
  let work = 0;
  const over = () => ({ outcome: { status: 'unknown' as const, reason: `the solver's work passed its budget (work ${config.work})` }, work });
  for (let col = 0; col < N; col++) {
    const r = pivots.length;
    const p = rows.findIndex((row, k) => k >= r && (row & bit(col)) !== 0n);
    if (p < 0) continue;
    [rows[r], rows[p]] = [at(rows, p), at(rows, r)];
    for (let k = 0; k < N; k++) if (k !== r && (at(rows, k) & bit(col)) !== 0n) rows[k] = at(rows, k) ^ at(rows, r);
    work += N;
    if (work > config.work) return over();
    pivots.push(col);
  }
  if (rows.slice(pivots.length).some((row) => row !== 0n)) return { outcome: { status: 'rejected', reason: 'no presses turn every light off' }, work };
  let base = 0n;
  pivots.forEach((c, k) => {
    if ((at(rows, k) >> BigInt(N)) & 1n) base |= bit(c);
  });
  const free = [...Array(N).keys()].filter((c) => !pivots.includes(c));
  const kernel = free.map((f) => pivots.reduce((v, c, k) => ((at(rows, k) & bit(f)) !== 0n ? v | bit(c) : v), bit(f)));
  let best = base;
  for (let mask = 1; mask < 2 ** free.length; mask++) {
    if (++work > config.work) return over();
    const x = kernel.reduce((v, k, i) => (mask & (1 << i) ? v ^ k : v), base);
    if (ones(x) < ones(best)) best = x;
  }
  const presses = [...Array(N).keys()].map((i) => ((best & bit(i)) !== 0n ? 1 : 0));
  return { outcome: { status: 'proven', solution: format(presses, n), analysis: { presses: ones(best), solutions: 2 ** free.length } }, work };
}

/** The kind's analyze(): everything derived from a puzzle. */
export const analyze = (puzzle: Puzzle, ctx: AnalyzeContext<Config, Calibration>) => solve(puzzle, ctx.config).outcome;

// The solver, by light chasing: the first row's presses decide the rest (press under each light still on), so trying all
// 2^size first rows finds every solution and proves the fewest. Generation: random presses on a dark board (so it is clearable).
import type { Analyzed, Rng, SlotResult } from 'proofpack/kind';
import { lit, press } from './face.ts';
import type { Analysis, Config, Puzzle, Solution } from './schema.ts';

/** analyze(): the outcome, and the work it spent (cells visited), `unknown` past the config's budget. */
export function solve({ size: n, lights }: Puzzle, config: Config): Analyzed<Solution, Analysis> {
  const found: number[][] = [];
  for (let firstRow = 0, work = n * n; firstRow < 2 ** n; firstRow++, work += n * n) {
    if (work > config.work) return { outcome: { status: 'unknown', reason: `the solver's work passed its budget (work ${config.work})` }, work };
    let rows = lights;
    const presses: number[] = [];
    for (let i = 0; i < n * n; i++) {
      if (i < n ? (firstRow >> i) & 1 : rows[Math.floor(i / n) - 1]?.[i % n] === '1') {
        rows = press(rows, i);
        presses.push(i);
      }
    }
    if (lit(rows) === 0) found.push(presses);
  }
  const work = n * n * 2 ** n;
  if (found.length === 0) return { outcome: { status: 'rejected', reason: 'no presses turn every light off' }, work };
  const best = found.reduce((a, b) => (b.length < a.length ? b : a)); // the first of the fewest: deterministic
  return { outcome: { status: 'proven', solution: best, analysis: { presses: best.length, solutions: found.length } }, work };
}

/** What one wanted level asks: its plan entry (board size, range of its fewest presses). */
export type Spec = Config['plan'][number];
export const plan = (config: Config) => config.plan.map((s) => ({ label: `${s.size}x${s.size} ${s.presses.join('-')} presses`, count: s.count, spec: s }));

/** One wanted level: boards pressed at random from dark until one's fewest presses fall in the entry's range. */
export function generateSlot(config: Config, spec: Spec, rng: Rng): SlotResult<Puzzle, Solution, Analysis> {
  let disagreements = 0;
  for (let tries = 1; tries <= config.triesPerLevel; tries++) {
    const puzzle = { size: spec.size, lights: Array<string>(spec.size).fill('0'.repeat(spec.size)) };
    for (let i = 0; i < spec.size ** 2; i++) if (rng.int(0, 1)) puzzle.lights = press(puzzle.lights, i);
    const out = solve(puzzle, config).outcome;
    if (out.status === 'rejected') disagreements++; // pressed from dark, so clearable: a solver bug
    if (out.status === 'proven' && out.analysis.presses >= spec.presses[0] && out.analysis.presses <= spec.presses[1])
      return { found: { puzzle, solution: out.solution, analysis: out.analysis }, tries, disagreements };
  }
  return { found: null, tries: config.triesPerLevel, disagreements };
}

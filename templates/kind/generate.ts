// Generation: the default config, the plan (one entry per board size), and
// rejection sampling from the slot's seeded rng: press each cell with
// probability 1/2 on a dark board (so the board is clearable), analyze it, and
// draw again while its fewest presses are not in the entry's range.
import type { AnalyzeContext, PlanEntry, Rng, SlotResult } from 'proofpack/kind';
import { after, format } from './board.ts';
import { analyze } from './solve.ts';
import type { Analysis, Calibration, Config, Puzzle, Solution } from './schema.ts';

export const DEFAULT_CONFIG: Config = {
  plan: [
    { size: 3, count: 8, presses: [1, 3] },
    { size: 4, count: 8, presses: [4, 6] },
    { size: 5, count: 8, presses: [7, 25] },
  ],
  triesPerLevel: 200,
  work: 20_000,
  tiers: [
    { tier: 'EASY', maxPresses: 3 },
    { tier: 'MEDIUM', maxPresses: 6 },
    { tier: 'HARD', maxPresses: 81 },
  ],
};

/** What one wanted level asks: its board size and the range of its fewest presses. */
export type Spec = { size: number; presses: [number, number] };

export const plan = (config: Config): PlanEntry<Spec>[] =>
  config.plan.map(({ size, count, presses }) => ({ label: `${size}x${size} ${presses.join('-')} presses`, count, spec: { size, presses } }));

export function generateSlot(config: Config, spec: Spec, rng: Rng, ctx: AnalyzeContext<Config, Calibration>): SlotResult<Puzzle, Solution, Analysis> {
  let disagreements = 0;
  for (let tries = 1; tries <= config.triesPerLevel; tries++) {
    const presses = [...Array(spec.size ** 2).keys()].filter(() => rng.int(0, 1));
    const puzzle = { size: spec.size, lights: format(after(Array(spec.size).fill('0'.repeat(spec.size)), presses), spec.size) };
    const out = analyze(puzzle, ctx);
    if (out.status === 'rejected') disagreements++; // pressed from dark, so clearable: a solver bug
    if (out.status === 'proven' && out.analysis.presses >= spec.presses[0] && out.analysis.presses <= spec.presses[1])
      return { found: { puzzle, solution: out.solution, analysis: out.analysis }, tries, disagreements };
  }
  return { found: null, tries: config.triesPerLevel, disagreements };
}

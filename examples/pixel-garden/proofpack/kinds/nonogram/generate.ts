// Generation: the plan (one entry per board shape) and rejection sampling
// from the slot's seeded rng: draw a grid (each cell filled with the entry's
// density), take its clues, and keep it when the solver proves that grid the
// only solution, needing at least the entry's probes; else draw again, at most
// triesPerLevel times.
import type { AnalyzeContext, PlanEntry, Rng, SlotResult } from 'proofpack/kind';
import { cluesOf } from './board.ts';
import { analyzeWork } from './analyze.ts';
import type { Analysis, Calibration, Config, Puzzle, Solution } from './schema.ts';

/** What one wanted level asks: its shape and density. */
export type Spec = { rows: number; cols: number; density: number; minProbes: number };

export const plan = (config: Config): PlanEntry<Spec>[] =>
  config.plan.map(({ rows, cols, count, density, minProbes }) => ({
    label: `${rows}x${cols} ${density}%${minProbes > 0 ? ` ≥${minProbes} probes` : ''}`,
    count,
    spec: { rows, cols, density, minProbes },
  }));

export function generateSlot(config: Config, spec: Spec, rng: Rng, ctx: AnalyzeContext<Config, Calibration>): SlotResult<Puzzle, Solution, Analysis> {
  let disagreements = 0;
  for (let tries = 1; tries <= config.triesPerLevel; tries++) {
    const grid = Array.from({ length: spec.rows }, () => Array.from({ length: spec.cols }, () => (rng.int(1, 100) <= spec.density ? '#' : '.')).join(''));
    const puzzle = cluesOf(grid);
    const out = analyzeWork(puzzle, ctx.config).outcome;
    if (out.status !== 'proven' || out.analysis.probes < spec.minProbes) continue;
    // the drawn grid solves the puzzle, so a unique solution must be it: anything else is a solver bug
    if (out.solution.join() !== grid.join()) {
      disagreements++;
      continue;
    }
    return { found: { puzzle, solution: out.solution, analysis: out.analysis }, tries, disagreements };
  }
  return { found: null, tries: config.triesPerLevel, disagreements };
}

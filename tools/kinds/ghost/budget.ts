// The ghost config's budgets: the exact score DP's size (its time, memory and
// scratch disk) and the generator's tries and deepening; each ceiling the
// largest the built-in standard config and its presets use (lib/budget.ts ceilingOf).
import { ceilingOf, type BudgetField, type RunBudget } from 'proofpack/kind';
import { GHOST_DEFAULT_CONFIG, GHOST_PRESETS } from './config.ts';

/** The standard config and every preset's: the configs the ceilings are read from. */
const BUILT_IN = [GHOST_DEFAULT_CONFIG, ...Object.values(GHOST_PRESETS).map((p) => p.config)];

export const GHOST_BUDGETS: readonly BudgetField[] = [
  {
    field: 'scoreGhostLimit',
    ceiling: ceilingOf('scoreGhostLimit', BUILT_IN),
    bounds: 'the exact score DP (time grows as G·2^G, memory as 6·2^G bytes, about 2 s and 0.4 GB a board at 26)',
  },
  { field: 'triesPerBoard', ceiling: ceilingOf('triesPerBoard', BUILT_IN), bounds: 'sampling tries per wanted board', generateOnly: true },
  { field: 'plan.tries', ceiling: ceilingOf('plan.tries', BUILT_IN), bounds: 'sampling tries per wanted board of a plan entry', generateOnly: true },
  { field: 'plan.deepen', ceiling: ceilingOf('plan.deepen', BUILT_IN), bounds: 'candidate clue changes per deepened board', generateOnly: true },
  { field: 'plan.starts', ceiling: ceilingOf('plan.starts', BUILT_IN), bounds: 'sampled boards deepened per wanted board', generateOnly: true },
];

/**
 * A run's ceiling: the work of all its ghost levels, the exact-score DP's G·2^G steps plus 512 steps
 * per course state (analyze.ts COURSE_STATE_STEPS); about 2.5 times the committed standard set's 405
 * levels (7.8·10^10 steps and 3.2·10^7 course states: 9.5·10^10).
 */
export const GHOST_RUN_BUDGET: RunBudget = {
  field: 'ghostRunSteps',
  ceiling: 240_000_000_000,
  unit: 'ghost exact-score DP steps (G·2^G a level, and 512 for each course state)',
};

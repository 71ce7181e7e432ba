// The ghost config's budgets: the one number that sets what analyze() may cost.
import type { BudgetField, RunBudget } from 'proofpack/kind';
import { GHOST_DEFAULT_CONFIG } from './config.ts';

export const GHOST_BUDGETS: readonly BudgetField[] = [
  {
    field: 'scoreGhostLimit',
    ceiling: GHOST_DEFAULT_CONFIG.scoreGhostLimit,
    bounds: 'the exact score DP (time grows as G·2^G, memory as 6·2^G bytes, about 2 s and 0.4 GB a board at 26)',
  },
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

// The ghost config's budgets: the one number that sets what analyze() may cost.
import type { BudgetField } from '../../lib/budget.ts';
import { GHOST_DEFAULT_CONFIG } from './config.ts';

export const GHOST_BUDGETS: readonly BudgetField[] = [
  {
    field: 'scoreGhostLimit',
    ceiling: GHOST_DEFAULT_CONFIG.scoreGhostLimit,
    bounds: 'the exact score DP (time grows as G·2^G, memory as 6·2^G bytes, about 2 s and 0.4 GB a board at 26)',
  },
];

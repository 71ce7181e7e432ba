// The apple config's budgets: the strong solver's iterations and work, and the
// size of the simulated sample the set's fidelity report draws.
import type { BudgetField } from '../../lib/budget.ts';
import { APPLE_DEFAULT_CONFIG } from './config.ts';

export const APPLE_BUDGETS: readonly BudgetField[] = [
  { field: 'search.iterations', ceiling: APPLE_DEFAULT_CONFIG.search.iterations, bounds: 'ruin-and-recreate iterations of the strong solver' },
  { field: 'search.work', ceiling: APPLE_DEFAULT_CONFIG.search.work, zeroIsUnlimited: true, bounds: 'row-strip scans of the strong solver (0 = no limit)' },
  { field: 'fidelity.referenceBoards', ceiling: APPLE_DEFAULT_CONFIG.fidelity.referenceBoards, bounds: 'simulated boards of the set fidelity report' },
];

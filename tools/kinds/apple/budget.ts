// The apple config's budgets: the strong solver's iterations and work, the
// size of the simulated sample the set's fidelity report draws, and the
// generator's tries; each ceiling the largest the built-in standard config
// uses (lib/budget.ts ceilingOf; apple has no presets). And a run's ceiling on
// the solver's iterations and strip scans of all its levels.
import { ceilingOf, type BudgetField, type RunBudget } from 'proofpack/kind';
import { APPLE_DEFAULT_CONFIG } from './config.ts';

/** The configs the ceilings are read from: the standard one (no presets). */
const BUILT_IN = [APPLE_DEFAULT_CONFIG];

export const APPLE_BUDGETS: readonly BudgetField[] = [
  { field: 'search.iterations', ceiling: ceilingOf('search.iterations', BUILT_IN), bounds: 'ruin-and-recreate iterations of the strong solver' },
  {
    field: 'search.work',
    ceiling: ceilingOf('search.work', BUILT_IN, true),
    zeroIsUnlimited: true,
    bounds: 'row-strip scans of the strong solver (0 = no limit)',
  },
  { field: 'fidelity.referenceBoards', ceiling: ceilingOf('fidelity.referenceBoards', BUILT_IN), bounds: 'simulated boards of the set fidelity report' },
  { field: 'triesPerBoard', ceiling: ceilingOf('triesPerBoard', BUILT_IN), bounds: 'whole-board draws per wanted board', generateOnly: true },
];

/** A run's ceiling: the strong solver's iterations plus strip scans of all its apple levels (about 2.5 times what the committed standard set's 200 levels spend, 4.0·10^8; one level spends at most about 3·10^6 at the default budgets: 1,000,000 iterations and 2,000,000 scans). */
export const APPLE_RUN_BUDGET: RunBudget = {
  field: 'appleRunWork',
  ceiling: 1_000_000_000,
  unit: 'apple strong-solver iterations and strip scans (and 256 for each simulated reference board of a set report)',
};

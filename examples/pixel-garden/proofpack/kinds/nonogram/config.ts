// The default config (the standard set pipeline makes without a config of
// the game's own), its seed, the budget validate holds stored configs to, and
// the ceiling on a whole validate run's solver work.
import type { BudgetField, RunBudget } from 'proofpack/kind';
import type { Config } from './schema.ts';

export const DEFAULT_CONFIG: Config = {
  plan: [
    { rows: 5, cols: 5, count: 8, density: 60, minProbes: 0 },
    { rows: 8, cols: 8, count: 8, density: 55, minProbes: 0 },
    { rows: 10, cols: 10, count: 8, density: 50, minProbes: 0 },
    { rows: 10, cols: 10, count: 6, density: 45, minProbes: 1 },
  ],
  triesPerLevel: 400,
  work: 5_000_000,
  tiers: [
    { tier: 'EASY', maxProbes: 0, maxRounds: 5 },
    { tier: 'MEDIUM', maxProbes: 0, maxRounds: 100_000 },
    { tier: 'HARD', maxProbes: 225, maxRounds: 100_000 },
  ],
};

export const DEFAULT_SEED = 20261204;

export const BUDGETS: readonly BudgetField[] = [
  { field: 'work', ceiling: DEFAULT_CONFIG.work, bounds: "the solver's line work per puzzle (cells x runs of every line solved)" },
];

/** A run's ceiling: the solver's line work of all its nonogram levels (a standard set of 40 levels spends about 10^6; one level at most the 5·10^6 of the default budget). */
export const RUN_BUDGET: RunBudget = {
  field: 'nonogramRunWork',
  ceiling: 100_000_000,
  unit: 'nonogram line work (cells × runs of every line solved)',
};

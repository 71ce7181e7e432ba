// The slide config's budgets: the solver's and the metric graph's state counts,
// and the generator's tries and its states per board; each ceiling the largest
// the built-in standard config and its presets use (lib/budget.ts ceilingOf).
import { ceilingOf, type BudgetField, type RunBudget } from 'proofpack/kind';
import { SLIDE_DEFAULT_CONFIG, SLIDE_PRESETS } from './config.ts';

/** The standard config and every preset's: the configs the ceilings are read from. */
const BUILT_IN = [SLIDE_DEFAULT_CONFIG, ...Object.values(SLIDE_PRESETS).map((p) => p.config)];

export const SLIDE_BUDGETS: readonly BudgetField[] = [
  { field: 'nodeLimit', ceiling: ceilingOf('nodeLimit', BUILT_IN), bounds: 'states the solver discovers before giving up' },
  { field: 'metricBudget', ceiling: ceilingOf('metricBudget', BUILT_IN), bounds: 'states of the metric graph' },
  { field: 'maxStates', ceiling: ceilingOf('maxStates', BUILT_IN), bounds: "states the generator's search holds for one board", generateOnly: true },
  { field: 'triesPerBoard', ceiling: ceilingOf('triesPerBoard', BUILT_IN), bounds: 'sampling tries per wanted board', generateOnly: true },
];

/** A run's ceiling: the states all its slide levels explore together (about 2.5 times what the committed standard set's 234 levels explore, 11.8 M). */
export const SLIDE_RUN_BUDGET: RunBudget = { field: 'slideRunStates', ceiling: 30_000_000, unit: 'slide solver and metric-graph states' };

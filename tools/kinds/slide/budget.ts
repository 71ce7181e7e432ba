// The slide config's budgets: the solver's and the metric graph's state counts.
import type { BudgetField, RunBudget } from 'proofpack/kind';
import { SLIDE_DEFAULT_CONFIG } from './config.ts';

export const SLIDE_BUDGETS: readonly BudgetField[] = [
  { field: 'nodeLimit', ceiling: SLIDE_DEFAULT_CONFIG.nodeLimit, bounds: 'states the solver discovers before giving up' },
  { field: 'metricBudget', ceiling: SLIDE_DEFAULT_CONFIG.metricBudget, bounds: 'states of the metric graph' },
];

/** A run's ceiling: the states all its slide levels explore together (about 2.5 times what the committed standard set's 234 levels explore, 11.8 M). */
export const SLIDE_RUN_BUDGET: RunBudget = { field: 'slideRunStates', ceiling: 30_000_000, unit: 'slide solver and metric-graph states' };

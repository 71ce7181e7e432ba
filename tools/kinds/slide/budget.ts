// The slide config's budgets: the solver's and the metric graph's state counts.
import type { BudgetField } from '../../lib/budget.ts';
import { SLIDE_DEFAULT_CONFIG } from './config.ts';

export const SLIDE_BUDGETS: readonly BudgetField[] = [
  { field: 'nodeLimit', ceiling: SLIDE_DEFAULT_CONFIG.nodeLimit, bounds: 'states the solver discovers before giving up' },
  { field: 'metricBudget', ceiling: SLIDE_DEFAULT_CONFIG.metricBudget, bounds: 'states of the metric graph' },
];

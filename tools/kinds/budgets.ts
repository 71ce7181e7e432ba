// Every kind's config budgets, by kind name (see tools/lib/budget.ts). Beside
// the registry (index.ts): commands look budgets up here.
import type { BudgetField } from '../lib/budget.ts';
import { GHOST_BUDGETS } from './ghost/budget.ts';
import { SLIDE_BUDGETS } from './slide/budget.ts';
import { APPLE_BUDGETS } from './apple/budget.ts';

export const BUDGETS: Readonly<Record<string, readonly BudgetField[]>> = {
  ghost: GHOST_BUDGETS,
  slide: SLIDE_BUDGETS,
  apple: APPLE_BUDGETS,
};

export function budgetsOf(kind: string): readonly BudgetField[] {
  return BUDGETS[kind] ?? [];
}

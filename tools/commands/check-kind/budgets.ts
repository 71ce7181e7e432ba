// Check: the kind's budgets are present (a non-empty list, each a number of
// its default config, with a ceiling) and hold: the sample's own config is
// within them, and a config raising one past its ceiling is refused before any
// work (one line naming the field): by validate's budget check as a set's stored
// config, or, for a field generate alone spends, by generate's.
import { InputError } from '../../lib/errors.ts';
import { budgetValue } from '../../lib/budget.ts';
import { budgetProblems, configBudgetProblems } from '../run/budgets.ts';
import type { CheckContext } from './context.ts';

const CHECK = 'budgets';

/** A copy of `config` with the number at the dotted `field` set to `value` (through a list: in every entry). */
function withValue(config: unknown, field: string, value: number): unknown {
  const copy = structuredClone(config);
  const set = (node: unknown, parts: readonly string[]): void => {
    if (Array.isArray(node)) {
      for (const entry of node) set(entry, parts);
      return;
    }
    if (node === null || typeof node !== 'object' || parts.length === 0) return;
    const [head, ...rest] = parts as [string, ...string[]];
    const o = node as Record<string, unknown>;
    if (rest.length === 0) o[head] = value;
    else set(o[head], rest);
  };
  set(copy, field.split('.'));
  return copy;
}

export function checkBudgets(c: CheckContext): void {
  const { kind, set } = c;
  const budgets = Array.isArray(kind.budgets) ? kind.budgets : [];
  if (budgets.length === 0) {
    c.v.add(CHECK, 'budgets', 'none: list the config numbers that bound what analyze may spend', 'the kind record');
    return;
  }
  const file = `${c.job} (the sample)`;
  try {
    budgetProblems(file, { type: 'set', kind, doc: set });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    c.v.add(CHECK, 'budgets', `the sample's own config is over a budget: ${e.message}`, c.job);
  }
  for (const b of budgets) {
    const input = `budget ${JSON.stringify(b.field)} of the kind record`;
    const value = budgetValue(kind.defaults.config, b.field);
    if (typeof value !== 'number') {
      c.v.add(CHECK, 'budgets', `${JSON.stringify(b.field)} is not a number of the default config`, input);
      continue;
    }
    if (typeof b.ceiling !== 'number' || !Number.isFinite(b.ceiling) || b.ceiling < 0) {
      c.v.add(CHECK, 'budgets', `${JSON.stringify(b.field)} has no ceiling (a finite number ≥ 0)`, input);
      continue;
    }
    const own = typeof budgetValue(set.generator.config, b.field) === 'number' ? set.generator.config : kind.defaults.config;
    const config = withValue(own, b.field, b.ceiling + 1);
    let refused = false;
    if (b.generateOnly) refused = configBudgetProblems(kind, config, file).some((line) => line.includes(b.field.split('.').at(-1) as string));
    else
      try {
        budgetProblems(file, { type: 'set', kind, doc: { ...set, generator: { ...set.generator, config } } });
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        refused = e.message.includes(b.field);
      }
    if (!refused) c.v.add(CHECK, 'budgets', `a stored config raising ${b.field} to ${b.ceiling + 1} (past its ceiling ${b.ceiling}) is not refused`, input);
  }
}

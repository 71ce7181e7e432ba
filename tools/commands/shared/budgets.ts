// Budgets belong to the person running the command: a set or pack whose stored
// config asks analyze() for more than the kind's built-in ceiling (or the one
// given with --budget) is refused before any work, one line naming the file,
// the field and the flag that allows it.
import { InputError, show, where } from '../../lib/errors.ts';
import { budgetValue, overBudget, type RunBudget } from '../../lib/budget.ts';
import { kinds, kindByName } from '../../kinds/index.ts';
import type { Loaded } from './documents.ts';
import { at } from '../../lib/at.ts';

/** Ceilings raised (or lowered) on the command line: `field` -> value. */
export type BudgetLimits = ReadonlyMap<string, number>;

/** Parse `--budget field=value` options; unknown fields and bad numbers are usage errors. */
export function parseBudgetOptions(items: readonly string[] | undefined): Map<string, number> {
  const limits = new Map<string, number>();
  const known = [...new Set(kinds().flatMap((k) => [...k.budgets.map((b) => b.field), ...(k.runBudget ? [k.runBudget.field] : [])]))];
  for (const item of items ?? []) {
    const m = /^([A-Za-z.]+)=(\d+)$/.exec(item);
    if (!m) throw new InputError(`--budget ${show(item)}: expected field=value, e.g. scoreGhostLimit=32 (fields: ${known.join(', ')})`);
    if (!known.includes(at(m, 1))) throw new InputError(`--budget ${m[1]}: not a budget field (fields: ${known.join(', ')})`);
    limits.set(at(m, 1), Number(m[2]));
  }
  return limits;
}

/** Throws an InputError when the loaded document's stored config is over a budget. */
export function budgetProblems(file: string, l: Loaded, limits: BudgetLimits = new Map()): void {
  if (l.type !== 'set' && l.type !== 'pack') return;
  const config = l.doc.generator.config;
  for (const b of l.kind.budgets) {
    const value = budgetValue(config, b.field);
    if (typeof value !== 'number') continue;
    const limit = limits.get(b.field) ?? b.ceiling;
    if (!overBudget(b, value, limit)) continue;
    const asked = b.zeroIsUnlimited && value === 0 ? '0 (no limit)' : String(value);
    const raised = limits.has(b.field) ? `--budget ${b.field}=${limit}` : `the built-in ceiling ${limit}`;
    throw new InputError(
      `${where(file, `generator.config.${b.field}`)}: ${asked} is over ${raised} (${b.bounds}); validate does not let a file raise its own budget: run with --budget ${b.field}=${b.zeroIsUnlimited && value === 0 ? 0 : value} if you trust it`,
    );
  }
}

/**
 * The `--budget` items that let validate recompute with `config`'s own budgets: pipeline
 * validates what it just generated from the config its user chose, so that config's
 * budgets are the user's, not a file's (fields at or under the ceiling are left out).
 */
export function budgetsAllowing(kindName: string, config: unknown): string[] {
  const items: string[] = [];
  for (const b of kindByName(kindName).budgets) {
    const value = budgetValue(config, b.field);
    if (typeof value === 'number' && overBudget(b, value, b.ceiling)) items.push(`${b.field}=${value}`);
  }
  return items;
}

/** A kind's run ceiling for this run: its RunBudget, with --budget's value when given. */
export type RunCeilingOf = RunBudget;

/** Each kind's run ceiling (tools/lib/budget.ts RunBudget), raised or lowered by `--budget FIELD=N`. */
export function runCeilings(limits: BudgetLimits = new Map()): Map<string, RunCeilingOf> {
  const out = new Map<string, RunCeilingOf>();
  for (const k of kinds()) if (k.runBudget) out.set(k.name, { ...k.runBudget, ceiling: limits.get(k.runBudget.field) ?? k.runBudget.ceiling });
  return out;
}

// What a budget of a kind's config is: a number that bounds the time or memory
// analyze() (or a whole-set report) may spend on a level. The kinds list theirs
// (tools/kinds/<kind>/budget.ts, the record's `budgets`); validate refuses a stored config above them
// unless the person running it raised the ceiling (docs/untrusted-input.md).

export interface BudgetField {
  /** Dotted path inside the generator config, e.g. `search.work`. */
  field: string;
  /** The highest value accepted without a flag: the kind's built-in default. */
  ceiling: number;
  /** 0 stands for "no limit" (so it is above every ceiling). */
  zeroIsUnlimited?: boolean;
  /** What the number bounds, for the message. */
  bounds: string;
}

/**
 * A ceiling on a whole run's work in one kind's own count (slide: states
 * explored), summed over the levels in level order: the run stops at the level
 * that passes it (validate, docs/untrusted-input.md). Raised with `--budget FIELD=N`.
 */
export interface RunBudget {
  field: string;
  ceiling: number;
  /** What is counted, for the message and the docs. */
  unit: string;
}

/** The value at a dotted path of a config, or undefined. */
export function budgetValue(config: unknown, field: string): unknown {
  let v: unknown = config;
  for (const part of field.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** Whether `value` is over `limit` (0 counts as unlimited where the field says so). */
export function overBudget(b: BudgetField, value: number, limit: number): boolean {
  if (b.zeroIsUnlimited && value === 0) return !(b.zeroIsUnlimited && limit === 0);
  if (b.zeroIsUnlimited && limit === 0) return false;
  return value > limit;
}

// What a budget of a kind's config is: a number that bounds the time, memory
// or scratch disk generate's slots, analyze() (or a whole-set report) may
// spend. The kinds list theirs (tools/kinds/<kind>/budget.ts, the record's
// `budgets`), each with its ceiling by one rule: the largest value the
// built-in standard config and its presets use (ceilingOf). generate, pipeline
// and validate refuse a config above a ceiling unless the person running the
// command raised it with --budget (docs/cli.md, docs/untrusted-input.md).

/** A number of a kind's config that bounds what a command spends, and its ceiling. */
export interface BudgetField {
  /** Dotted path inside the generator config, e.g. `search.work`; through a list, every entry's value (`plan.deepen`). */
  field: string;
  /** The highest value accepted without a flag: the largest the built-in standard config and its presets use (ceilingOf). */
  ceiling: number;
  /** 0 stands for "no limit" (so it is above every ceiling). */
  zeroIsUnlimited?: boolean;
  /** What the number bounds, for the message. */
  bounds: string;
  /** Spent by generate only (its tries, its generator's search): validate, which recomputes levels, never reaches it and does not check it. */
  generateOnly?: boolean;
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

/** One number a budget field names in a config: where (`plan[3].deepen`, `search.work`) and its value. */
export interface BudgetReading {
  /** The path, with the index of each list entry passed through. */
  path: string;
  /** The list entries passed through, outermost first: [list name, index, entry]. */
  entries: [string, number, unknown][];
  value: number;
}

/** Every number at a dotted path of a config; a list on the way stands for each of its entries. */
export function budgetReadings(config: unknown, field: string): BudgetReading[] {
  let at: { path: string; entries: [string, number, unknown][]; v: unknown }[] = [{ path: '', entries: [], v: config }];
  for (const part of field.split('.')) {
    const next: typeof at = [];
    for (const { path, entries, v } of at) {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) continue;
      const child = (v as Record<string, unknown>)[part];
      const here = path ? `${path}.${part}` : part;
      if (Array.isArray(child)) child.forEach((e, i) => next.push({ path: `${here}[${i}]`, entries: [...entries, [here, i, e]], v: e }));
      else next.push({ path: here, entries, v: child });
    }
    at = next;
  }
  return at.flatMap(({ path, entries, v }) => (typeof v === 'number' ? [{ path, entries, value: v }] : []));
}

/** The value at a dotted path of a config (through a list: the largest, by budgetOrder), or undefined. */
export function budgetValue(config: unknown, field: string): number | undefined {
  return budgetReadings(config, field).reduce<number | undefined>(
    (most, r) => (most === undefined || budgetOrder(r.value, most) > 0 ? r.value : most),
    undefined,
  );
}

/** Compares two values of a field where 0 may stand for "no limit" (then above every other). */
function budgetOrder(a: number, b: number, zeroIsUnlimited = false): number {
  if (zeroIsUnlimited && a === 0) return b === 0 ? 0 : 1;
  if (zeroIsUnlimited && b === 0) return -1;
  return a - b;
}

/**
 * The one rule for a field's default ceiling: the largest value the kind's
 * built-in standard config and its presets use (`configs`), so that the
 * standard job and every preset run without a flag.
 */
export function ceilingOf(field: string, configs: readonly unknown[], zeroIsUnlimited = false): number {
  let most: number | undefined;
  for (const c of configs) for (const r of budgetReadings(c, field)) if (most === undefined || budgetOrder(r.value, most, zeroIsUnlimited) > 0) most = r.value;
  if (most === undefined) throw new Error(`budget ${field}: not a number of the built-in config or its presets`);
  return most;
}

/** Whether `value` is over `limit` (0 counts as unlimited where the field says so). */
export function overBudget(b: BudgetField, value: number, limit: number): boolean {
  if (b.zeroIsUnlimited && value === 0) return !(b.zeroIsUnlimited && limit === 0);
  if (b.zeroIsUnlimited && limit === 0) return false;
  return value > limit;
}

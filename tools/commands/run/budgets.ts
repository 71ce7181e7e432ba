// Budgets belong to the person running the command, one rule for generate,
// pipeline and validate: each budget field of a kind (lib/budget.ts) has a
// ceiling, the largest the built-in standard config and its presets use,
// raised or lowered only by `--budget FIELD=N` on the command line. A config
// that asks for more is refused before any work, one line naming the file,
// the field and the flag that raises it: the config generate or pipeline runs
// (configBudgetProblems), or the stored config of a set or pack validate
// recomputes (budgetProblems; fields generate alone spends are not its).
// A field several kinds have with different ceilings (triesPerBoard) is named
// with its kind to raise one kind's alone (`--budget ghost.triesPerBoard=700`);
// unqualified, a flag sets the ceiling of every kind that has the field.
import { InputError, show, where } from '../../lib/errors.ts';
import { budgetReadings, budgetValue, overBudget, type BudgetField, type RunBudget } from '../../lib/budget.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { kinds } from '../../kinds/index.ts';
import type { Loaded } from '../files/documents.ts';
import { at } from '../../lib/at.ts';

/** Ceilings raised (or lowered) on the command line: `field` or `kind.field` -> value. */
export type BudgetLimits = ReadonlyMap<string, number>;

/** Every field of every kind, budgets and run ceilings. */
const fieldsOf = (k: PuzzleKind) => [...k.budgets.map((b) => b.field), ...(k.runBudget ? [k.runBudget.field] : [])];

/** Parse `--budget field=value` options (`kind.field=value` too); unknown fields and bad numbers are usage errors. */
export function parseBudgetOptions(items: readonly string[] | undefined): Map<string, number> {
  const limits = new Map<string, number>();
  const known = [...new Set(kinds().flatMap(fieldsOf))];
  const qualified = kinds().flatMap((k) => fieldsOf(k).map((f) => `${k.name}.${f}`));
  for (const item of items ?? []) {
    const m = /^([A-Za-z.]+)=(\d+)$/.exec(item);
    if (!m) throw new InputError(`--budget ${show(item)}: expected field=value, e.g. scoreGhostLimit=32 (fields: ${known.join(', ')})`);
    if (!known.includes(at(m, 1)) && !qualified.includes(at(m, 1)))
      throw new InputError(`--budget ${m[1]}: not a budget field (fields: ${known.join(', ')}; a kind's own: KIND.FIELD, e.g. ghost.triesPerBoard)`);
    limits.set(at(m, 1), Number(m[2]));
  }
  return limits;
}

/** The flag's value for `field` of `kind` (its own `kind.field` first), or undefined when none was given. */
export function givenLimit(limits: BudgetLimits, kind: string, field: string): number | undefined {
  return limits.get(`${kind}.${field}`) ?? limits.get(field);
}

/**
 * How a flag names `field` of `kind`: qualified by the kind when another kind
 * has a field of that name with another ceiling (raising it unqualified could
 * lower that kind's); as it is where every kind that has it shares its ceiling.
 */
export function budgetFlagName(kind: string, field: string): string {
  const ceilings = new Set(
    kinds().flatMap((k) => [...k.budgets, ...(k.runBudget ? [k.runBudget] : [])].filter((b) => b.field === field).map((b) => b.ceiling)),
  );
  return ceilings.size > 1 ? `${kind}.${field}` : field;
}

/** Throws an InputError when the loaded document's stored config is over a budget. */
export function budgetProblems(file: string, l: Loaded, limits: BudgetLimits = new Map()): void {
  if (l.type !== 'set' && l.type !== 'pack') return;
  const config = l.doc.generator.config;
  for (const b of l.kind.budgets) {
    if (b.generateOnly) continue;
    const value = budgetValue(config, b.field);
    if (typeof value !== 'number') continue;
    const given = givenLimit(limits, l.kind.name, b.field);
    const limit = given ?? b.ceiling;
    if (!overBudget(b, value, limit)) continue;
    const asked = b.zeroIsUnlimited && value === 0 ? '0 (no limit)' : String(value);
    const flag = budgetFlagName(l.kind.name, b.field);
    const raised = given !== undefined ? `--budget ${flag}=${limit}` : `the built-in ceiling ${limit}`;
    throw new InputError(
      `${where(file, `generator.config.${b.field}`)}: ${asked} is over ${raised} (${b.bounds}); validate does not let a file raise its own budget: run with --budget ${flag}=${b.zeroIsUnlimited && value === 0 ? 0 : value} if you trust it`,
    );
  }
}

/**
 * The lines refusing `config` (read from `source`: its file, or the preset or
 * built-in config named) where a budget field is over the run's ceiling:
 * `limits` (--budget), else the field's default ceiling. Empty when none is.
 */
export function configBudgetProblems(kind: PuzzleKind, config: unknown, source: string, limits: BudgetLimits = new Map()): string[] {
  const lines: string[] = [];
  for (const b of kind.budgets) {
    const given = givenLimit(limits, kind.name, b.field);
    const limit = given ?? b.ceiling;
    const flag = budgetFlagName(kind.name, b.field);
    for (const r of budgetReadings(config, b.field)) {
      if (!overBudget(b, r.value, limit)) continue;
      const asked = b.zeroIsUnlimited && r.value === 0 ? '0 (no limit)' : String(r.value);
      const ceiling = given !== undefined ? `the ceiling ${limit} given with --budget ${flag}=${limit}` : `the runner's ceiling ${limit}`;
      lines.push(`${where(source, readingPlace(kind, r))}: ${asked} is above ${ceiling} (${b.bounds}); raise it with --budget ${flag}=${r.value}`);
      break; // the first entry over it names the field; --budget raises it for all
    }
  }
  return lines;
}

/** Throws the InputError of configBudgetProblems (every line) when there is any. */
export function checkConfigBudgets(kind: PuzzleKind, config: unknown, source: string, limits?: BudgetLimits): void {
  const lines = configBudgetProblems(kind, config, source, limits);
  if (lines.length > 0) throw new InputError(lines[0] ?? '', lines);
}

/** Where a reading is, a list entry named by its key too where the kind keys that list: `plan[3] (9x9 pair ULTIMATE II).deepen`. */
function readingPlace(kind: PuzzleKind, r: { path: string; entries: [string, number, unknown][] }): string {
  let place = r.path;
  for (const [list, index, entry] of r.entries) {
    const keyOf = kind.keyedLists?.[list];
    if (!keyOf) continue;
    let key: string;
    try {
      key = keyOf(entry);
    } catch {
      continue;
    }
    place = place.replace(`${list}[${index}]`, `${list}[${index}] (${key})`);
  }
  return place;
}

/** Every budget field of every kind, once, with its kind (docs/cli.md's table). */
export function budgetFields(): { kind: string; budget: BudgetField }[] {
  return kinds().flatMap((k) => k.budgets.map((budget) => ({ kind: k.name, budget })));
}

/** A kind's run ceiling for this run: its RunBudget, with --budget's value when given. */
export type RunCeilingOf = RunBudget;

/** Each kind's run ceiling (tools/lib/budget.ts RunBudget), raised or lowered by `--budget FIELD=N`. */
export function runCeilings(limits: BudgetLimits = new Map()): Map<string, RunCeilingOf> {
  const out = new Map<string, RunCeilingOf>();
  for (const k of kinds()) if (k.runBudget) out.set(k.name, { ...k.runBudget, ceiling: givenLimit(limits, k.name, k.runBudget.field) ?? k.runBudget.ceiling });
  return out;
}

/** The line naming where a run's work passed its ceiling, and the ceiling it suggests (at least the work so far). */
export function ceilingLine(where: string, total: number, ceiling: RunCeilingOf, suggest = total): string {
  const guess = suggest > total ? ' (the work so far and a guess at the levels not yet checked, from the ones checked)' : ' (or more)';
  return `${where}: the run's work passed its ceiling here (${total.toLocaleString('en-US')} ${ceiling.unit} so far, over ${ceiling.ceiling.toLocaleString('en-US')}); stopped, nothing checked past it is reported: run with --budget ${ceiling.field}=${suggest}${guess} if you trust these files`;
}

/** n rounded up to two significant digits (n ≥ 0). */
export function roundUp2(n: number): number {
  if (n < 100) return Math.ceil(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / unit) * unit;
}

// A generator config file as generate and pipeline read it: the kind's config
// (complete or partial, merged over the defaults) plus two keys of the job
// itself, `seed` and `name`, which are taken out before the kind's config is
// checked (the set stores them in generator.seed and name, never inside
// generator.config). Keyed lists given as objects (docs/config.md) are applied
// here. Every problem of the file is reported at once.
import type { PuzzleKind } from '../../lib/kind.ts';
import { InputError, show, where } from '../../lib/errors.ts';
import { readJson } from '../../lib/io.ts';
import { closestName, mergeKeyed } from '../../lib/partial.ts';
import { checkConfig } from './documents.ts';
import { at } from '../../lib/at.ts';

/** Set names: the file name pipeline writes (`levels/<kind>/<name>.json`) and the set's `name`. */
export const SET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const JOB_KEYS = ['seed', 'name'] as const;

export interface JobConfig {
  /** The effective (merged, checked) config of the kind. */
  config: unknown;
  seed?: number;
  name?: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A problem with the seed value, or undefined when it is a usable seed. */
export function seedProblem(value: unknown): string | undefined {
  return Number.isSafeInteger(value) && (value as number) >= 0
    ? undefined
    : `expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (found ${show(value)})`;
}

/** A problem with a set name, or undefined when it is usable. */
export function nameProblem(value: unknown): string | undefined {
  return typeof value === 'string' && SET_NAME.test(value)
    ? undefined
    : `expected a set name: lower-case letters, digits, - and _, at most 64, starting with a letter or digit (found ${show(value)})`;
}

export function readJobConfig(kind: PuzzleKind, file: string): JobConfig {
  return checkJobConfig(kind, file, readJson(file));
}

export function checkJobConfig(kind: PuzzleKind, file: string, raw: unknown): JobConfig {
  if (!isPlainObject(raw)) return { config: checkConfig(kind, file, raw) };
  const problems: string[] = [];
  const job: { seed?: number; name?: string } = {};
  if (Object.hasOwn(raw, 'seed')) {
    const p = seedProblem(raw['seed']);
    if (p) problems.push(`${where(file, 'seed')}: ${p}`);
    else job.seed = raw['seed'] as number;
  }
  if (Object.hasOwn(raw, 'name')) {
    const p = nameProblem(raw['name']);
    if (p) problems.push(`${where(file, 'name')}: ${p}`);
    else job.name = raw['name'] as string;
  }
  const defaults = kind.defaults.config as Record<string, unknown>;
  const own = Object.keys(defaults);
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if ((JOB_KEYS as readonly string[]).includes(key)) continue;
    // a typo of seed or name (and of no config key) is named here; the config check does not know them
    const guess = own.includes(key) || closestName(key, own) ? undefined : closestName(key, JOB_KEYS);
    if (guess) {
      problems.push(`${where(file, key)}: unknown field (did you mean ${JSON.stringify(guess)}?)`);
      continue;
    }
    Object.defineProperty(rest, key, { value: raw[key], enumerable: true, writable: true, configurable: true });
  }
  // a list changed by key: later messages name its entries by key (`plan › "5x5 direct EASY" › count`), not by index
  const renames: [string, string][] = [];
  /** Entries added by a key that names no default entry, as messages name them: `file › plan › "EASY 5x5"`. */
  const added: string[] = [];
  for (const [list, keyOf] of Object.entries(kind.keyedLists ?? {})) {
    const given = rest[list];
    if (!Object.hasOwn(rest, list) || !isPlainObject(given) || !Array.isArray(defaults[list])) continue;
    const merged = mergeKeyed(defaults[list] as unknown[], keyOf, given);
    for (const p of merged.problems) problems.push(`${where(file, list)} › ${p}`);
    rest[list] = merged.list;
    merged.keys.forEach((key, i) => renames.push([`${where(file, `${list}[${i}]`)}`, where(file, list, JSON.stringify(key))]));
    for (const key of merged.added) added.push(where(file, list, JSON.stringify(key)));
  }
  const byKey = (line: string) => {
    for (const [from, to] of renames) {
      if (line.startsWith(`${from}.`)) return `${to} › ${line.slice(from.length + 1)}`;
      if (line.startsWith(`${from}:`) || line.startsWith(`${from}[`)) return `${to}${line.slice(from.length)}`;
    }
    return line;
  };
  let config: unknown;
  try {
    config = checkConfig(kind, file, rest);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    problems.push(...newEntryHints(kind.name, added, e.lines.map(byKey)));
  }
  if (problems.length > 0) throw new InputError(at(problems, 0), problems);
  return { config, ...job };
}

/**
 * A key that names no entry adds a new entry, which must give every field
 * (docs/config.md); when such an entry misses fields, the key was most likely
 * meant to name an existing entry (`"EASY 5x5"` for `"5x5 direct EASY"`). Its
 * `field: missing` lines become one line saying so and where the keys are listed.
 */
function newEntryHints(kindName: string, added: readonly string[], lines: readonly string[]): string[] {
  const out: string[] = [];
  const missing = new Map<string, string[]>();
  for (const line of lines) {
    const entry = added.find((a) => line.startsWith(`${a} › `) && line.endsWith(': missing'));
    if (entry === undefined) {
      out.push(line);
      continue;
    }
    const fields = missing.get(entry);
    const field = line.slice(entry.length + 3, -': missing'.length);
    if (fields) fields.push(field);
    else {
      missing.set(entry, [field]);
      out.push(entry);
    }
  }
  return out.map((line) => {
    const fields = missing.get(line);
    if (!fields) return line;
    return `${line}: no entry has this key, so it is read as a new entry, which must give every field (missing: ${fields.join(', ')}); to change an existing entry, use its key: proofpack config ${kindName} --keys lists them`;
  });
}

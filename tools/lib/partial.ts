// Partial configs and "did you mean": a config names only what differs from a
// kind's defaults and is merged over them (objects key by key, arrays and
// everything else replaced whole). A list the kind gives entry keys for (e.g.
// the plan) may instead be given as an object keyed by entry: each key changes,
// removes (null) or adds one entry. Unknown keys are matched to the nearest
// known one by edit distance (a swap of two letters counts as one edit).
// Every key is an own key: `__proto__`, `constructor` or `toString` in a config
// is a key like any other (merged or reported), never a prototype lookup.
// Pure functions, no I/O.
import { at } from './at.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (o: object, key: string) => Object.hasOwn(o, key);

/** Set `key` as an own, enumerable property (`__proto__` included, never the prototype). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `partial` over `defaults`: where both are plain objects, every key of either,
 * each merged again; anywhere else (arrays, numbers, strings, null) the partial
 * value replaces the default whole. A complete config merges to itself.
 */
export function mergePartial(defaults: unknown, partial: unknown): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(partial)) return partial === undefined ? defaults : partial;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) put(out, key, has(partial, key) ? mergePartial(defaults[key], partial[key]) : defaults[key]);
  for (const key of Object.keys(partial)) if (!has(defaults, key)) put(out, key, partial[key]);
  return out;
}

/** The key of each entry of a keyed list; a key that repeats gets ` #2`, ` #3`, … on its later entries. */
export function entryKeys<T>(entries: readonly T[], keyOf: (entry: T) => string): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const base = keyOf(e);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} #${n}`;
  });
}

/**
 * The line for a plan entry whose board size has no band (the path from the
 * config's top, for the command to put the file in front of): what the bands
 * are, and the three ways out. Met when a partial config gives `bands` as a
 * list, which replaces the default bands but keeps the default plan.
 */
export function noBandLine(key: string, size: number, bandKeys: readonly string[]): string {
  return `plan › ${JSON.stringify(key)}: no band for size ${size} (the bands are ${bandKeys.join(', ') || 'none'}); add a band of size ${size}, drop the entry ("${key}": null), or give the plan as a list`;
}

/** What a keyed change of a list did, or why it could not. */
export interface KeyedResult {
  list: unknown[];
  /** The key of each entry of `list` (a default entry's key, or the key that added it). */
  keys: string[];
  /** One line per problem: `key: what` (the caller adds the file and list name). */
  problems: string[];
  /** The keys that named no entry and added one (a misspelt key the typo check did not catch lands here too). */
  added: string[];
}

/**
 * A list changed by key: `changes` maps an entry key (entryKeys) to an object
 * merged over that entry, or to null (the entry is removed); a key that names
 * no entry adds its object as a new entry at the end — unless it is a likely
 * typo of an existing key, or is null, which is reported.
 */
export function mergeKeyed(defaults: readonly unknown[], keyOf: (entry: any) => string, changes: Record<string, unknown>): KeyedResult {
  const keys = entryKeys(defaults, keyOf);
  const problems: string[] = [];
  const list: unknown[] = [];
  const listKeys: string[] = [];
  const added: string[] = [];
  const push = (entry: unknown, key: string) => {
    list.push(entry);
    listKeys.push(key);
  };
  defaults.forEach((entry, i) => {
    const key = at(keys, i);
    if (!has(changes, key)) return push(entry, key);
    const change = changes[key];
    if (change === null) return;
    if (!isPlainObject(change)) {
      problems.push(`${JSON.stringify(key)}: expected an object (fields to change) or null (to remove the entry)`);
      return push(entry, key);
    }
    push(mergePartial(entry, change), key);
  });
  for (const key of Object.keys(changes)) {
    if (keys.includes(key)) continue;
    const change = changes[key];
    const guess = closestName(key, keys);
    if (guess !== undefined) problems.push(`${JSON.stringify(key)}: no such entry (did you mean ${JSON.stringify(guess)}?)`);
    else if (!isPlainObject(change))
      problems.push(`${JSON.stringify(key)}: no such entry to ${change === null ? 'remove' : 'change'}; a new entry is an object with every field of an entry`);
    else {
      push(change, key);
      added.push(key);
    }
  }
  return { list, keys: listKeys, problems, added };
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: insertions,
 * deletions, substitutions and swaps of two neighbouring letters), case-insensitive.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const rows: number[][] = [Array.from({ length: t.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      const up = at(rows, i - 1);
      let d = Math.min(at(up, j) + 1, at(row, j - 1) + 1, at(up, j - 1) + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, at(at(rows, i - 2), j - 2) + 1);
      row[j] = d;
    }
    rows.push(row);
  }
  return at(at(rows, s.length), t.length);
}

/** The known name closest to `name`, if it is close enough to be a typo (at most a third of its letters, at least 1, at most 3). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(name, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

// Partial configs and "did you mean": a config names only what differs from a
// kind's defaults and is merged over them (objects key by key, arrays and
// everything else replaced whole); unknown keys are matched to the nearest
// known one by edit distance. Pure functions, no I/O.
import { at } from './at.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `partial` over `defaults`: where both are plain objects, every key of either,
 * each merged again; anywhere else (arrays, numbers, strings, null) the partial
 * value replaces the default whole. A complete config merges to itself.
 */
export function mergePartial(defaults: unknown, partial: unknown): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(partial)) return partial === undefined ? defaults : partial;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) out[key] = key in partial ? mergePartial(defaults[key], partial[key]) : defaults[key];
  for (const key of Object.keys(partial)) if (!(key in defaults)) out[key] = partial[key];
  return out;
}

/** Levenshtein distance (insertions, deletions, substitutions), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row[j] = Math.min(at(prev, j) + 1, at(row, j - 1) + 1, at(prev, j - 1) + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return at(prev, t.length);
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

// The order of a curated set: easiest first. curate writes levels in this
// order and validate checks that a curated set is in it.
import type { Level, PuzzleKind } from '../../lib/kind.ts';

/** Sort easiest first: tier (ladder order), then difficulty, then id. */
export function orderLevels(kind: PuzzleKind, levels: Level[]): Level[] {
  const rank = new Map(kind.tiers.map((t, i) => [t, i]));
  // a tier the kind does not have (validate reports it) sorts after every real tier
  const rankOf = (l: Level) => rank.get(l.tier) ?? kind.tiers.length;
  return [...levels].sort(
    (a, b) => rankOf(a) - rankOf(b) || kind.difficulty(a.analysis) - kind.difficulty(b.analysis) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

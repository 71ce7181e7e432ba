// The order of a curated set: easiest first. curate writes levels in this
// order and validate checks that a curated set is in it; a set re-tiered by
// players (calibrate --retier) orders each tier by player difficulty.
import type { Level, PuzzleKind } from '../../lib/kind.ts';

/**
 * Sort easiest first: tier (ladder order), then difficulty, then id. With
 * `byPlayers`, within a tier the levels with players' figures come first,
 * easiest by players first, then the others by the solver's difficulty.
 */
export function orderLevels(kind: PuzzleKind, levels: Level[], byPlayers = false): Level[] {
  const rank = new Map(kind.tiers.map((t, i) => [t, i]));
  // a tier the kind does not have (validate reports it) sorts after every real tier
  const rankOf = (l: Level) => rank.get(l.tier) ?? kind.tiers.length;
  const players = (a: Level, b: Level) => {
    if (!byPlayers) return 0;
    if (a.players && b.players) return a.players.difficulty - b.players.difficulty;
    return (a.players ? 0 : 1) - (b.players ? 0 : 1);
  };
  return [...levels].sort(
    (a, b) => rankOf(a) - rankOf(b) || players(a, b) || kind.difficulty(a.analysis) - kind.difficulty(b.analysis) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

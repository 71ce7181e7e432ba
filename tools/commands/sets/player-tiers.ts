// A set's levels with their players' figures: each level's solver tier (the
// kind's tierOf), its `players` where the fit has one, and with `retier` the
// tiers recut by player difficulty: the fitted levels keep the set's tier
// names and sizes among themselves, the easiest by players in the lowest
// tier; levels without enough attempts keep their solver tier. Then the
// order, easiest first (ordering.ts). Kind code on plain data: calibrate runs
// it as a step on the pool, validate's checks step runs it to recompute.
import type { LevelPlayers, SetFile } from '../../lib/files.ts';
import type { Level, PuzzleKind } from '../../lib/kind.ts';
import { orderLevels } from './ordering.ts';

/** The levels of `set` as a fit makes them (`players`: level id -> figures). */
export function levelsWithPlayers(kind: PuzzleKind, set: SetFile, players: ReadonlyMap<string, LevelPlayers>, retier: boolean): Level[] {
  const config = set.generator.config;
  const solverTiered: Level[] = set.levels.map(({ players: _, ...level }) => {
    const tier = kind.tierOf(level.analysis, set.calibration, config) ?? level.tier;
    const fitted = players.get(level.id);
    return fitted ? { ...level, tier, players: fitted } : { ...level, tier };
  });
  if (!retier) return orderLevels(kind, solverTiered);
  // the solver's order breaks ties of player difficulty
  const solverRank = new Map(orderLevels(kind, solverTiered).map((l, i) => [l.id, i]));
  const fitted = solverTiered.filter((l) => l.players !== undefined);
  const tierRank = new Map(kind.tiers.map((t, i) => [t, i]));
  const tiers = fitted.map((l) => l.tier).sort((a, b) => (tierRank.get(a) ?? kind.tiers.length) - (tierRank.get(b) ?? kind.tiers.length));
  const byPlayers = [...fitted].sort(
    (a, b) =>
      (a.players as LevelPlayers).difficulty - (b.players as LevelPlayers).difficulty || (solverRank.get(a.id) as number) - (solverRank.get(b.id) as number),
  );
  const recut = new Map(byPlayers.map((l, i) => [l.id, tiers[i] as string]));
  return orderLevels(
    kind,
    solverTiered.map((l) => ({ ...l, tier: recut.get(l.id) ?? l.tier })),
    true,
  );
}

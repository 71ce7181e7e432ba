// Star thresholds of a slide level, from the proven minimum instead of a
// designer's guess (issue 7): ★★★ for a clear in minMoves moves (the proven
// shortest), ★★ within minMoves + 2 (the slack the metric graph explores: a
// player who still clears there never left the "alive" states), ★ within
// 2·minMoves + 2 (twice the par plus the same slack). A clear in more moves
// earns no star. No Node-only imports (the game client uses it).
export interface StarThresholds {
  three: number;
  two: number;
  one: number;
}

export function starThresholds(minMoves: number): StarThresholds {
  return { three: minMoves, two: minMoves + 2, one: 2 * minMoves + 2 };
}

/** Stars for a clear in `moves` moves (0 when it took more than the ★ threshold). */
export function starsFor(moves: number, t: StarThresholds): 0 | 1 | 2 | 3 {
  return moves <= t.three ? 3 : moves <= t.two ? 2 : moves <= t.one ? 1 : 0;
}

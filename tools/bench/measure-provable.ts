// Measures the reading of "provable at that moment" (game.ts) on the
// curated ghost sets: for four ways of playing every level, the share of
// catches the game marks not provable and the share of levels cleared clean.
// A measurement script of the bench side (not part of the client bundle). Run: node --import tsx tools/bench/measure-provable.ts levels/ghost/*.json
import * as fs from 'node:fs';
import { ghostStep, isCleanClear, startGhostGame, type GhostAction } from '../kinds/ghost/game.ts';
import { hintPathActions } from '../kinds/ghost/vectors.ts';
import type { GhostLevel } from '../kinds/ghost/play.ts';

/** The four plays measured, by name: each a list of actions for a level. */
export const PLAYS: Record<string, (level: GhostLevel) => GhostAction[]> = {
  'hint path, × marks placed': hintPathActions,
  'hint path, catches only': (l) => hintPathActions(l).filter((a) => a.type === 'catch'),
  'row-major, catches only': (l) => ghostsOf(l).map(([row, col]) => ({ type: 'catch', row, col })),
  'reverse row-major, catches only': (l) =>
    ghostsOf(l)
      .reverse()
      .map(([row, col]) => ({ type: 'catch', row, col })),
};

function ghostsOf(level: GhostLevel): [number, number][] {
  return level.solution.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === 'G' ? [[r, c] as [number, number]] : [])));
}

/** Catches and catches not provable, and clean clears, of one play over the levels. */
export function measure(levels: readonly GhostLevel[], play: (level: GhostLevel) => GhostAction[]) {
  let catches = 0;
  let unprovable = 0;
  let clean = 0;
  for (const level of levels) {
    let state = startGhostGame(level);
    for (const a of play(level)) state = ghostStep(level, state, a).state;
    catches += state.catches.length;
    unprovable += state.unprovable;
    if (isCleanClear(state)) clean++;
  }
  return { levels: levels.length, catches, unprovable, clean };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const levels = process.argv.slice(2).flatMap((f) => (JSON.parse(fs.readFileSync(f, 'utf8')) as { levels: GhostLevel[] }).levels);
  for (const [name, play] of Object.entries(PLAYS)) {
    const m = measure(levels, play);
    console.log(
      `${name}: ${m.unprovable} of ${m.catches} catches not provable (${((100 * m.unprovable) / m.catches).toFixed(1)} %), ${m.clean} of ${m.levels} levels clean (${((100 * m.clean) / m.levels).toFixed(1)} %)`,
    );
  }
}

// The apple kind's client face (tools/lib/face.ts): the client's reading of an
// apple level in a pack, the replay of its stored solution, and its game loop (start, step, restore); its play-page view is view.ts. No schema
// library: the client bundles it.
import { type KindFace, arr, int, obj, show, str, tuple, type Check } from 'proofpack/face';
import { appleStep, restoreAppleGame, startAppleGame, type AppleAction, type AppleEvent, type AppleGameState } from './game.ts';
import { replayApple, type AppleLevel } from './play.ts';

const corners = tuple(int(0, 9), int(0, 16), int(0, 9), int(0, 16));
/** [top, left, bottom, right] on the board, top ≤ bottom and left ≤ right, as the schema says. */
const rect: Check = (v, where) => {
  const e = corners(v, where);
  if (e !== null) return e;
  const [t = 0, l = 0, b = 0, r = 0] = v as number[];
  return t > b ? `expected top ≤ bottom, found ${show(v)}` : l > r ? `expected left ≤ right, found ${show(v)}` : null;
};

function levelProblem(level: Record<string, unknown>): string | null {
  return (
    obj({ puzzle: obj({ board: arr(str(/^[1-9]{17}$/, '17 digits 1-9'), 10, 10) }) })(level, '') ??
    obj({ solution: arr(rect, 0, 170) })(level, '') ??
    obj({ analysis: obj({ greedyScore: int(0, 170), bestScore: int(0, 170), upperBound: int(0, 170), greedyPlay: arr(rect, 0, 170) }) })(level, '')
  );
}

/** The apple kind's face: what the game client (and the play page, under its view) plays apple levels with. */
export const face: KindFace<AppleLevel, 'apple', AppleGameState, AppleAction, AppleEvent> = {
  name: 'apple',
  levelProblem,
  replay: replayApple,
  start: (level) => startAppleGame(level),
  step: appleStep,
  restore: restoreAppleGame,
};

// The slide kind's client face (tools/lib/face.ts): the client's reading of a
// slide level in a pack, the replay of its stored solution, and its game loop (start, step, restore); its play-page view is view.ts. No schema
// library: the client bundles it.
import { type KindFace, arr, int, obj, str, tuple } from 'proofpack/face';
import { slideStep, restoreSlideGame, startSlideGame, type SlideAction, type SlideEvent, type SlideGameState } from './game.ts';
import { replaySlide, type SlideLevel } from './play.ts';

function levelProblem(level: Record<string, unknown>): string | null {
  const board = (level.puzzle as { board?: unknown[] } | null)?.board;
  const w = Array.isArray(board) && typeof board[0] === 'string' ? board[0].length : 2;
  return (
    obj({ puzzle: obj({ board: arr(str(new RegExp(`^[#.a-oA-O]{${Math.min(Math.max(w, 2), 8)}}$`), `a row of ${w} of # . a-o A-O`), 2, 8) }) })(level, '') ??
    obj({ solution: arr(tuple(int(0, 7), int(0, 7), str(/^[UDLR]$/, 'U, D, L or R')), 0, 256) })(level, '') ??
    // minMoves ≥ 1 as the schema says: a level is never already clear.
    obj({ analysis: obj({ minMoves: int(1, 256), stars: obj({ three: int(1, 1e6), two: int(1, 1e6), one: int(1, 1e6) }) }) })(level, '')
  );
}

/** The slide kind's face: what the game client (and the play page, under its view) plays slide levels with. */
export const face: KindFace<SlideLevel, 'slide', SlideGameState, SlideAction, SlideEvent> = {
  name: 'slide',
  levelProblem,
  replay: replaySlide,
  start: (level) => startSlideGame(level),
  step: slideStep,
  restore: restoreSlideGame,
};

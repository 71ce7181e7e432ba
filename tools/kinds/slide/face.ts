// The slide kind's client face (tools/lib/face.ts): the client's reading of a
// slide level in a pack (the shape of every field, then the cheap consistency
// checks, by the kind's own rules: the start rules, the stored solution
// replayed to minMoves and three stars, the stars from minMoves), the replay of
// its stored solution, and its game loop (start, step, restore); its
// play-page view is view.ts. Its bounds are the schema's (bounds.ts). No
// schema library: the client bundles it.
import { type KindFace, arr, int, obj, ruleProblem, show, str, tuple } from 'proofpack/face';
import { slideGameCleared, slideStep, restoreSlideGame, startSlideGame, type SlideAction, type SlideEvent, type SlideGameState } from './game.ts';
import { replaySlide, type SlideLevel } from './play.ts';
import { slideSolutionProblems, startRuleProblems } from './rules.ts';
import { starThresholds } from './stars.ts';
import { MAX_SIDE, MAX_SOLUTION_MOVES, MAX_STAR_MOVES, MIN_SIDE, ROW_CHARS } from './bounds.ts';

function levelProblem(level: Record<string, unknown>): string | null {
  return shapeProblem(level) ?? consistencyProblem(level as unknown as SlideLevel);
}

/** The stored values against the rules: a valid start, the solution a clear in minMoves flicks, the stars those of minMoves (stars.ts). */
function consistencyProblem(level: SlideLevel): string | null {
  const rule = startRuleProblems(level.puzzle)[0] ?? slideSolutionProblems(level.puzzle, level.solution, level)[0];
  if (rule) return ruleProblem(rule);
  const want = starThresholds(level.analysis.minMoves);
  const { three, two, one } = level.analysis.stars;
  if (three !== want.three || two !== want.two || one !== want.one)
    return `.analysis.stars: found ${show({ three, two, one })}, expected ${show(want)} (from minMoves ${level.analysis.minMoves})`;
  const replay = replaySlide(level);
  return replay.ok ? null : `.solution: ${replay.problems[0]}`;
}

function shapeProblem(level: Record<string, unknown>): string | null {
  const board = (level.puzzle as { board?: unknown[] } | null)?.board;
  const w = Array.isArray(board) && typeof board[0] === 'string' ? board[0].length : MIN_SIDE;
  const letters = ROW_CHARS.split('').join(' ').replace(/ - /g, '-');
  const move = tuple(int(0, MAX_SIDE - 1), int(0, MAX_SIDE - 1), str(/^[UDLR]$/, 'U, D, L or R'));
  const stars = int(1, MAX_STAR_MOVES);
  return (
    obj({
      puzzle: obj({
        board: arr(str(new RegExp(`^[${ROW_CHARS}]{${Math.min(Math.max(w, MIN_SIDE), MAX_SIDE)}}$`), `a row of ${w} of ${letters}`), MIN_SIDE, MAX_SIDE),
      }),
    })(level, '') ??
    obj({ solution: arr(move, 0, MAX_SOLUTION_MOVES) })(level, '') ??
    // minMoves ≥ 1 as the schema says: a level is never already clear.
    obj({ analysis: obj({ minMoves: int(1, MAX_SOLUTION_MOVES), stars: obj({ three: stars, two: stars, one: stars }) }) })(level, '')
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
  // solved: the board clear; a mistake: a dead end backed out of, each undo and each restart
  outcome: (level, state) => ({ solved: slideGameCleared(level, state), mistakes: state.undos + state.restarts }),
};

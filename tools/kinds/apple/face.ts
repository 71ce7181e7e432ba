// The apple kind's client face (tools/lib/face.ts): the client's reading of an
// apple level in a pack (the shape of every field, then the cheap consistency
// checks, by the kind's own rules: both stored plays replayed to their scores,
// greedyScore ≤ bestScore ≤ upperBound, the greedy play the greedy rule's),
// the replay of its stored solution, and its game loop (start, step,
// restore); its play-page view is view.ts. Its bounds are the schema's
// (bounds.ts). No schema library: the client bundles it.
import { type KindFace, arr, int, obj, ruleProblem, show, str, tuple, type Check } from 'proofpack/face';
import { appleStep, restoreAppleGame, startAppleGame, type AppleAction, type AppleEvent, type AppleGameState } from './game.ts';
import { replayApple, type AppleLevel } from './play.ts';
import { appleRuleProblems } from './rules.ts';
import { greedyPlay } from './greedy.ts';
import { parseBoard } from './board.ts';
import { rectBottom, rectLeft, rectRight, rectTop } from './rects.ts';
import { CELLS, COLS, MAX_PLAY_MOVES, ROWS } from './bounds.ts';

const corners = tuple(int(0, ROWS - 1), int(0, COLS - 1), int(0, ROWS - 1), int(0, COLS - 1));
/** [top, left, bottom, right] on the board, top ≤ bottom and left ≤ right, as the schema says. */
const rect: Check = (v, where) => {
  const e = corners(v, where);
  if (e !== null) return e;
  const [t = 0, l = 0, b = 0, r = 0] = v as number[];
  return t > b ? `expected top ≤ bottom, found ${show(v)}` : l > r ? `expected left ≤ right, found ${show(v)}` : null;
};

function levelProblem(level: Record<string, unknown>): string | null {
  return shapeProblem(level) ?? consistencyProblem(level as unknown as AppleLevel);
}

/** The stored values against the rules (rules.ts, greedy.ts): what the medals are measured against is what the plays earn. */
function consistencyProblem(level: AppleLevel): string | null {
  const rule = appleRuleProblems(level.puzzle, level.solution, level.analysis)[0];
  if (rule) return ruleProblem(rule);
  const greedy = greedyPlay(parseBoard(level.puzzle.board)).moves.map((m) => [rectTop(m), rectLeft(m), rectBottom(m), rectRight(m)]);
  const stored = level.analysis.greedyPlay;
  const i = greedy.findIndex((m, k) => show(m) !== show(stored[k]));
  const at = i >= 0 ? i : greedy.length === stored.length ? -1 : Math.min(greedy.length, stored.length);
  if (at < 0) return null;
  return `.analysis.greedyPlay[${at}]: found ${show(stored[at] ?? 'the end of the play')}, expected ${show(greedy[at] ?? 'the end of the play')} (the greedy rule's move)`;
}

/** A count of cells: 0..CELLS. */
const cells = int(0, CELLS);

function shapeProblem(level: Record<string, unknown>): string | null {
  return (
    obj({ puzzle: obj({ board: arr(str(new RegExp(`^[1-9]{${COLS}}$`), `${COLS} digits 1-9`), ROWS, ROWS) }) })(level, '') ??
    obj({ solution: arr(rect, 0, MAX_PLAY_MOVES) })(level, '') ??
    obj({ analysis: obj({ greedyScore: cells, bestScore: cells, upperBound: cells, greedyPlay: arr(rect, 0, MAX_PLAY_MOVES) }) })(level, '')
  );
}

/** The apple kind's face: what the game client (and the play page, under its view) plays apple levels with. */
export const face: KindFace<AppleLevel, 'apple', AppleGameState, AppleAction, AppleEvent> = {
  name: 'apple',
  levelProblem,
  replay: replayApple,
  start: (level) => startAppleGame(level),
  step: appleStep,
  restore: (level, saved) => restoreAppleGame(level, saved), // the face's games are untimed, as its start
  // solved: the game over (no move, or time up) with the greedy medal's score; the rules count no mistake
  // (a take that does not sum to ten is refused and changes nothing; a restart is a new game)
  outcome: (level, state) => ({ solved: state.status !== 'playing' && state.score >= level.analysis.greedyScore, mistakes: 0 }),
};

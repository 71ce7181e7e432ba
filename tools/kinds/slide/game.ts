// The slide game loop as a pure function of (state, action): flick a block,
// undo the last flick, restart; the moves so far, the stars of a clear, and
// whether ★★★ (a clear in the proven minimum) is still reachable from here —
// asked of the kind's own breadth-first solver, bounded. The state is plain
// JSON (the legal flicks so far); the board is the start replayed through
// them, so a saved game restores exactly.
import type { Direction } from './schema.ts';
import { compileBoard } from './board.ts';
import { explore } from './bfs.ts';
import { starsFor } from './stars.ts';
import { flick, isCleared, slideBoardNow, startSlidePlay, type FlickResult, type SlideLevel, type SlidePlay } from './play.ts';
import { show } from 'proofpack/face';

/** A slide game in progress, as plain JSON. Change it only with slideStep. */
export interface SlideGameState {
  /** The level's id (slideStep refuses a state of another level). */
  readonly level: string;
  /** The legal flicks played since the start or the last restart, [col, row, dir]; undo removes the last. */
  readonly flicks: readonly (readonly [number, number, Direction])[];
  /** Undos used in this attempt. */
  readonly undos: number;
  /** Restarts so far. */
  readonly restarts: number;
}

/** Flick the block at column `col`, row `row` (0-based) towards `dir`; take back the last flick; start the level again. */
export type SlideAction =
  | { readonly type: 'flick'; readonly col: number; readonly row: number; readonly dir: Direction }
  | { readonly type: 'undo' }
  | { readonly type: 'restart' };

/** What one action did: the flick's result, an undo, a restart, or a refusal (nothing changed). */
export type SlideEvent =
  | { readonly kind: 'flicked'; readonly result: FlickResult & { ok: true } }
  | { readonly kind: 'undone' }
  | { readonly kind: 'restarted' }
  | { readonly kind: 'refused'; readonly why: string };

/** The first state of a level: no flick yet. */
export function startSlideGame(level: Pick<SlideLevel, 'id'>): SlideGameState {
  return { level: level.id, flicks: [], undos: 0, restarts: 0 };
}

/** The play a state stands for: the level's start with the state's flicks replayed. Throws when a saved flick is illegal. */
export function slidePlayOf(level: SlideLevel, state: SlideGameState): SlidePlay {
  const play = startSlidePlay(level.puzzle);
  for (const [col, row, dir] of state.flicks) {
    const r = flick(play, col, row, dir);
    if (!r.ok) throw new Error(`${level.id}: the saved game's flick [${col}, ${row}, ${dir}] is illegal (${r.why})`);
  }
  return play;
}

/** One action on a slide game: the new state and what happened. Pure. A flick after the board is clear is refused. */
export function slideStep(level: SlideLevel, state: SlideGameState, action: SlideAction): { state: SlideGameState; event: SlideEvent } {
  if (state.level !== level.id) throw new Error(`slideStep: the state is of level ${state.level}, not ${level.id}`);
  if (action.type === 'restart') return { state: { ...state, flicks: [], undos: 0, restarts: state.restarts + 1 }, event: { kind: 'restarted' } };
  if (action.type === 'undo') {
    if (state.flicks.length === 0) return { state, event: { kind: 'refused', why: 'nothing to undo' } };
    return { state: { ...state, flicks: state.flicks.slice(0, -1), undos: state.undos + 1 }, event: { kind: 'undone' } };
  }
  if (action.type !== 'flick') return { state, event: { kind: 'refused', why: `unknown action ${show((action as { type?: unknown }).type)}` } };
  const event = flickOn(slidePlayOf(level, state), action.col, action.row, action.dir);
  if (event.kind === 'refused') return { state, event };
  return { state: { ...state, flicks: [...state.flicks, [action.col, action.row, action.dir]] }, event };
}

/** One flick on a play (changed in place when legal): refused once the board is clear or when the flick is illegal. slideStep and restoreSlideGame both step with it. */
function flickOn(play: SlidePlay, col: number, row: number, dir: Direction): SlideEvent {
  if (isCleared(play)) return { kind: 'refused', why: 'the board is already clear' };
  const r = flick(play, col, row, dir);
  return r.ok ? { kind: 'flicked', result: r } : { kind: 'refused', why: r.why };
}

/** The board now as row strings in the level encoding. */
export function slideGameBoard(level: SlideLevel, state: SlideGameState): string[] {
  return slideBoardNow(slidePlayOf(level, state));
}

/** True when the game's board is clear (no block left): the level is won, whatever the stars. */
export function slideGameCleared(level: SlideLevel, state: SlideGameState): boolean {
  return isCleared(slidePlayOf(level, state));
}

/** Stars of the game: 0 until the board is clear, then by the flicks it took (the level's thresholds). */
export function slideGameStars(level: SlideLevel, state: SlideGameState): 0 | 1 | 2 | 3 {
  return isCleared(slidePlayOf(level, state)) ? starsFor(state.flicks.length, level.analysis.stars) : 0;
}

/** States the ★★★ question may visit before it answers null (small boards need far fewer). */
export const REACH_NODE_LIMIT = 200_000;

/**
 * The fewest flicks that clear the board from here, when it is at most
 * `within`: a number; more than `within` (or a dead board): Infinity; null
 * when the search passed REACH_NODE_LIMIT states before it could tell.
 */
export function flicksToClear(level: SlideLevel, state: SlideGameState, within: number): number | null {
  const play = slidePlayOf(level, state);
  if (isCleared(play)) return 0;
  if (within <= 0) return Infinity;
  const r = explore(compileBoard({ board: slideBoardNow(play) }), { nodeLimit: REACH_NODE_LIMIT, depthLimit: within });
  if (r.status === 'solved') return r.minMoves <= within ? r.minMoves : Infinity;
  if (r.status === 'unsolvable' || (r.status === 'unknown' && r.budget === 'depth limit')) return Infinity;
  return null;
}

/** Can this game still earn ★★★ (a clear within `analysis.stars.three` flicks in all)? null when the bounded search could not tell. */
export function threeStarsReachable(level: SlideLevel, state: SlideGameState): boolean | null {
  const left = level.analysis.stars.three - state.flicks.length;
  if (left < 0) return false;
  const d = flicksToClear(level, state, left);
  return d === null ? null : d <= left;
}

/** The most stars still reachable from here (0 when no clear within the ★ threshold); null when the bounded search could not tell. */
export function starsReachable(level: SlideLevel, state: SlideGameState): 0 | 1 | 2 | 3 | null {
  const left = level.analysis.stars.one - state.flicks.length;
  if (left < 0) return 0;
  const d = flicksToClear(level, state, left);
  if (d === null) return null;
  return d === Infinity ? 0 : starsFor(state.flicks.length + d, level.analysis.stars);
}

/** What restoring a saved game gave: the state, or why the save is not a game of this level. */
export type SlideRestored = { readonly ok: true; readonly state: SlideGameState } | { readonly ok: false; readonly why: string };

const DIRECTIONS: readonly string[] = ['U', 'D', 'L', 'R'];

/**
 * A saved slide game (e.g. JSON.parse of a saved state) checked and rebuilt:
 * its level id, undo and restart counts are read and its flicks played again
 * on one play, each stepped as slideStep steps it (flickOn), so the time is
 * linear in the flicks (slideStep replays the state's flicks at each call:
 * 9,516 flicks restored through it took 6.2 s). Not ok, with one line why,
 * when a field is out of range or a flick is refused.
 */
export function restoreSlideGame(level: SlideLevel, saved: unknown): SlideRestored {
  const fail = (why: string) => ({ ok: false as const, why: `saved game: ${why}` });
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return fail('expected an object');
  const s = saved as Record<string, unknown>;
  if (s.level !== level.id) return fail(`of level ${show(s.level)}, not ${level.id}`);
  const { flicks, undos, restarts } = s;
  for (const [name, v] of [
    ['undos', undos],
    ['restarts', restarts],
  ] as const)
    if (!Number.isInteger(v) || (v as number) < 0) return fail(`${name}: expected a whole number ≥ 0, found ${show(v)}`);
  if (!Array.isArray(flicks) || flicks.length > 10_000) return fail('flicks: expected a list of at most 10000 flicks');
  const play = startSlidePlay(level.puzzle);
  const kept: [number, number, Direction][] = [];
  for (let i = 0; i < flicks.length; i++) {
    const f = flicks[i];
    if (!Array.isArray(f) || f.length !== 3 || !Number.isInteger(f[0]) || !Number.isInteger(f[1]) || !DIRECTIONS.includes(f[2]))
      return fail(`flicks[${i}]: expected [col, row, "U" | "D" | "L" | "R"], found ${show(f)}`);
    const event = flickOn(play, f[0], f[1], f[2]);
    if (event.kind === 'refused') return fail(`flicks[${i}] is refused: ${event.why}`);
    kept.push([f[0], f[1], f[2]]);
  }
  return { ok: true, state: { level: level.id, flicks: kept, undos: undos as number, restarts: restarts as number } };
}

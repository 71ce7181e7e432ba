// The apple game loop as a pure function of (state, action): take a
// rectangle whose remaining digits sum to ten, let time pass, restart. The
// score is the cells removed; the game ends when no rectangle sums to ten or,
// with a time limit (the original game's two minutes), when the time is up.
// Time is an action ({ type: 'tick', ms }): nothing here reads a clock, so a
// replay of the same actions gives the same game. The state is plain JSON.
import type { AppleRect } from './schema.ts';
import { isAppleOver, rectSumOf, startApplePlay, takeRect, type AppleLevel, type ApplePlayState } from './play.ts';
import { show } from 'proofpack/face';

/** The original game's time limit: two minutes. */
export const APPLE_TIME_LIMIT_MS = 120_000;

/** An apple game in progress, as plain JSON. Change it only with appleStep. */
export interface AppleGameState {
  /** The level's id (appleStep refuses a state of another level). */
  readonly level: string;
  /** Rectangles taken, in order. */
  readonly taken: readonly AppleRect[];
  /** Cells removed so far. */
  readonly score: number;
  /** Time played, in milliseconds (the sum of the ticks). */
  readonly elapsedMs: number;
  /** The time limit in milliseconds, or null for untimed play. */
  readonly timeLimitMs: number | null;
  /** 'playing', 'no move' (no rectangle sums to ten) or 'time up'. */
  readonly status: 'playing' | 'no move' | 'time up';
}

/** Take a rectangle [top, left, bottom, right] (inclusive, 0-based); let `ms` milliseconds pass; start again. */
export type AppleAction = { readonly type: 'take'; readonly rect: AppleRect } | { readonly type: 'tick'; readonly ms: number } | { readonly type: 'restart' };

/** What one action did. */
export type AppleEvent =
  | { readonly kind: 'taken'; readonly cleared: number }
  | { readonly kind: 'ticked'; readonly timeUp: boolean }
  | { readonly kind: 'restarted' }
  | { readonly kind: 'refused'; readonly why: string };

/** Start a game: untimed unless `timeLimitMs` is given (APPLE_TIME_LIMIT_MS for the original's two minutes). */
export function startAppleGame(level: AppleLevel, timeLimitMs: number | null = null): AppleGameState {
  if (timeLimitMs !== null && !(Number.isInteger(timeLimitMs) && timeLimitMs > 0))
    throw new RangeError(`startAppleGame: timeLimitMs must be a whole number of milliseconds > 0 or null, got ${timeLimitMs}`);
  const play = startApplePlay(level.puzzle);
  return { level: level.id, taken: [], score: 0, elapsedMs: 0, timeLimitMs, status: isAppleOver(play) ? 'no move' : 'playing' };
}

/** The play (remaining digits, score) a state stands for. Throws when a saved rectangle does not sum to ten. */
export function applePlayOf(level: AppleLevel, state: AppleGameState): ApplePlayState {
  const play = startApplePlay(level.puzzle);
  for (const rect of state.taken) {
    const r = takeRect(play, rect);
    if (!r.ok) throw new Error(`${level.id}: the saved game's rectangle [${rect.join(', ')}] is not a move (${r.why})`);
  }
  return play;
}

/** The sum of the remaining digits in `rect` (what to show under a drag), or null when it is not a rectangle on the board. */
export function appleRectSum(level: AppleLevel, state: AppleGameState, rect: AppleRect): number | null {
  return rectSumOf(applePlayOf(level, state), rect);
}

/** Milliseconds left, or null for untimed play. */
export function appleTimeLeft(state: AppleGameState): number | null {
  return state.timeLimitMs === null ? null : Math.max(0, state.timeLimitMs - state.elapsedMs);
}

/** One action on an apple game: the new state and what happened. Pure. Nothing is taken once the game is over. */
export function appleStep(level: AppleLevel, state: AppleGameState, action: AppleAction): { state: AppleGameState; event: AppleEvent } {
  if (state.level !== level.id) throw new Error(`appleStep: the state is of level ${state.level}, not ${level.id}`);
  const refuse = (why: string) => ({ state, event: { kind: 'refused', why } as AppleEvent });
  if (action.type === 'restart') return { state: startAppleGame(level, state.timeLimitMs), event: { kind: 'restarted' } };
  if (action.type === 'tick') {
    if (!(Number.isInteger(action.ms) && action.ms >= 0)) return refuse(`a tick is a whole number of milliseconds ≥ 0, got ${String(action.ms)}`);
    if (state.status !== 'playing') return refuse(`the game is over (${state.status})`);
    const elapsedMs = state.elapsedMs + action.ms;
    const limit = state.timeLimitMs;
    const timeUp = limit !== null && elapsedMs >= limit;
    const next: AppleGameState = { ...state, elapsedMs: limit !== null && timeUp ? limit : elapsedMs, status: timeUp ? 'time up' : 'playing' };
    return { state: next, event: { kind: 'ticked', timeUp } };
  }
  if (action.type !== 'take') return refuse(`unknown action ${show((action as { type?: unknown }).type)}`);
  if (state.status !== 'playing') return refuse(`the game is over (${state.status})`);
  const play = applePlayOf(level, state);
  const r = takeRect(play, action.rect);
  if (!r.ok) return refuse(r.why);
  const next: AppleGameState = {
    ...state,
    taken: [...state.taken, [...action.rect] as AppleRect],
    score: play.score,
    status: isAppleOver(play) ? 'no move' : 'playing',
  };
  return { state: next, event: { kind: 'taken', cleared: r.cleared } };
}

/** What restoring a saved game gave: the state, or why the save is not a game of this level. */
export type AppleRestored = { readonly ok: true; readonly state: AppleGameState } | { readonly ok: false; readonly why: string };

const wholeAtLeast = (v: unknown, lo: number): v is number => Number.isInteger(v) && (v as number) >= lo;

/** The longest time a save may say was played (about 285 years): past it a number of milliseconds stops being exact. */
const MAX_ELAPSED_MS = Number.MAX_SAFE_INTEGER;

/**
 * A saved apple game (e.g. JSON.parse of a saved state) checked and rebuilt
 * under the game's own rules: `timeLimitMs` is the game's setting (what it
 * passes to startAppleGame; null: untimed), never the save's, and a save made
 * under another limit is refused. Its level id and time played are read
 * (0..the limit when timed) and its rectangles taken again through appleStep,
 * so the score and status come from the replay, never from the save. Not ok,
 * with one line why, when a field is out of range or a rectangle is not a
 * move.
 */
export function restoreAppleGame(level: AppleLevel, saved: unknown, timeLimitMs: number | null = null): AppleRestored {
  if (timeLimitMs !== null && !(Number.isInteger(timeLimitMs) && timeLimitMs > 0))
    throw new RangeError(`restoreAppleGame: timeLimitMs must be a whole number of milliseconds > 0 or null, got ${timeLimitMs}`);
  const fail = (why: string) => ({ ok: false as const, why: `saved game: ${why}` });
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return fail('expected an object');
  const s = saved as Record<string, unknown>;
  if (s.level !== level.id) return fail(`of level ${show(s.level)}, not ${level.id}`);
  const { elapsedMs, taken } = s;
  if (s.timeLimitMs !== timeLimitMs)
    return fail(
      `timeLimitMs: the save says ${show(s.timeLimitMs)}, this game plays ${timeLimitMs === null ? 'untimed (null)' : timeLimitMs}: a save does not set the time limit`,
    );
  const most = timeLimitMs ?? MAX_ELAPSED_MS;
  if (!wholeAtLeast(elapsedMs, 0) || elapsedMs > most) return fail(`elapsedMs: expected a whole number 0..${most}, found ${show(elapsedMs)}`);
  if (!Array.isArray(taken) || taken.length > 170) return fail('taken: expected a list of at most 170 rectangles');
  let state = startAppleGame(level, timeLimitMs);
  for (let i = 0; i < taken.length; i++) {
    const rect = taken[i];
    if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((v) => wholeAtLeast(v, 0)))
      return fail(`taken[${i}]: expected [top, left, bottom, right], found ${show(rect)}`);
    const out = appleStep(level, state, { type: 'take', rect: rect as unknown as AppleRect });
    if (out.event.kind === 'refused') return fail(`taken[${i}] is refused: ${out.event.why}`);
    state = out.state;
  }
  // Every rectangle was taken before the time was up; the time played comes last.
  if (state.status === 'playing') return { ok: true, state: appleStep(level, state, { type: 'tick', ms: elapsedMs }).state };
  if (timeLimitMs !== null && elapsedMs >= timeLimitMs) return fail(`elapsedMs ${elapsedMs}: the time was up, yet the game ended with no move left`);
  return { ok: true, state: { ...state, elapsedMs } };
}

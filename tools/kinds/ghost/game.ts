// The whole ghost game loop as a pure function of (state, action): mark a
// cell "no ghost" (×), catch a ghost, take a hint, restart; a wrong × or a
// wrong catch is a mistake and costs a life, none left and the level is lost;
// every ghost caught and it is won. The state is plain JSON and is never
// changed in place: each step returns a new state. It is the play itself
// (GhostPlay, play.ts: catches, opened cells, score) with the game's fields
// beside it, so a step reads the play from the state and never replays the
// game. It records the attempt's actions, so a saved game is restored by
// replaying them (restoreGhostGame), never trusted field by field. Whether each catch was provable at that
// moment is recorded here, and with the attempt, the hints and the mistakes
// it decides the clean clear (🧠) that feeds the Logic Rating. docs/client.md
// says what "provable at that moment" means and how often it fails on the
// shipped levels.
import { WORDS } from './board.ts';
import { solveLayered } from './solver.ts';
import type { HintStep } from './hints.ts';
import type { Attempt } from './rating.ts';
import type { ConstraintName } from './score-rule.ts';
import {
  catchAt,
  confirmedStart,
  ghostAt,
  hintsOf,
  isCaught,
  isOpen,
  rulesOf,
  startGhostPlay,
  type Cell,
  type GhostBoard,
  type GhostLevel,
  type GhostPlay,
} from './play.ts';
import { at, show } from 'proofpack/face';

/** Lives of a level unless the game chooses another number (the original game's three). */
export const GHOST_LIVES = 3;

/** A ghost game in progress, as plain JSON: its play (catches, opened cells, score) and the game's fields. Change it only with ghostStep. */
export interface GhostGameState extends GhostPlay {
  /** The level's id (ghostStep refuses a state of another level). */
  readonly level: string;
  /** Lives at the start of an attempt. */
  readonly startLives: number;
  /** Lives left; 0 = lost. */
  readonly lives: number;
  /** 1 for the first attempt, +1 at each restart. */
  readonly attempt: number;
  /** The player's × marks (always correct: a wrong one is a mistake and is not placed), in the order made. */
  readonly marks: readonly Cell[];
  /** Wrong × marks and wrong catches in this attempt. */
  readonly mistakes: number;
  /** Hints taken in this attempt. */
  readonly hints: number;
  /** Catches of this attempt that were not provable at that moment (see provableNow). */
  readonly unprovable: number;
  /** Uncaught ghosts, row-major, that one round of the careful solver has proven from some confirmed state of this attempt (knowledge only grows, so they stay proven). */
  readonly proven: readonly Cell[];
  /** 'playing', 'won' (every ghost caught) or 'lost' (no life left). */
  readonly status: 'playing' | 'won' | 'lost';
  /** The actions of this attempt that changed the state (marks, unmarks, catches, hints, mistakes), in order: what restoreGhostGame replays. */
  readonly actions: readonly GhostAction[];
}

/** What a player can do: × a cell, remove a ×, catch, ask for a hint, restart the level. Cells are [row, col], 0-based. */
export type GhostAction =
  | { readonly type: 'mark'; readonly row: number; readonly col: number }
  | { readonly type: 'unmark'; readonly row: number; readonly col: number }
  | { readonly type: 'catch'; readonly row: number; readonly col: number }
  | { readonly type: 'hint' }
  | { readonly type: 'restart' };

/** What one action did. `refused` actions change nothing (not a mistake: off the board, a clue cell, already known, level over). */
export type GhostEvent =
  | { readonly kind: 'caught'; readonly points: number; readonly completed: ConstraintName[]; readonly opened: Cell[]; readonly provable: boolean }
  | { readonly kind: 'marked' }
  | { readonly kind: 'unmarked' }
  | { readonly kind: 'mistake'; readonly action: 'mark' | 'catch'; readonly livesLeft: number }
  | { readonly kind: 'hint'; readonly step: HintStep }
  | { readonly kind: 'restarted' }
  | { readonly kind: 'refused'; readonly why: string };

/** Start the first attempt of a level with `lives` lives (default GHOST_LIVES; a whole number ≥ 1). */
export function startGhostGame(level: GhostLevel, lives: number = GHOST_LIVES): GhostGameState {
  if (!Number.isInteger(lives) || lives < 1 || lives > 99) throw new RangeError(`startGhostGame: lives must be a whole number 1..99, got ${lives}`);
  const play = startGhostPlay(level);
  return {
    level: level.id,
    startLives: lives,
    lives,
    attempt: 1,
    ...play,
    marks: [],
    mistakes: 0,
    hints: 0,
    unprovable: 0,
    proven: provableNow(level, { ...play, marks: [] }),
    status: 'playing',
    actions: [],
  };
}

/** `proven` of the state after a change of knowledge: what stays uncaught of it, with what one round proves now. */
function provenAfter(level: GhostBoard, play: GhostPlay & Marks, before: readonly Cell[]): Cell[] {
  const key = ([r, c]: Cell) => r * level.puzzle.size + c;
  const keep = new Map<number, Cell>();
  for (const cell of [...before, ...provableNow(level, play)]) if (!isCaught(play, cell[0], cell[1])) keep.set(key(cell), [cell[0], cell[1]]);
  return [...keep.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
}

const isCellIndex = (v: unknown, n: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < n;

/** What the player has marked × (a play with marks: a game state). */
type Marks = { readonly marks: readonly Cell[] };

/** Is (row, col) a plain cell whose being empty the player has confirmed: open, or marked ×? */
function knownEmpty(level: GhostBoard, play: GhostPlay & Marks, row: number, col: number): boolean {
  return isOpen(level, play, row, col) || play.marks.some(([r, c]) => r === row && c === col);
}

/**
 * The uncaught ghosts provable at this moment from what the player has
 * confirmed — the caught ghosts, the open cells and the player's × marks — by
 * ONE round of the careful solver: the cells one round of the lowest layer
 * that has a deduction (L1, else L2, else L3) decides are ghosts. A chain of
 * deductions the player has not confirmed does not count: to use an empty
 * cell they deduced, they mark it. Row-major [row, col] list.
 */
export function provableNow(level: GhostBoard, play: GhostPlay & Marks): Cell[] {
  const { board: b, model } = rulesOf(level);
  const n = b.n;
  const start = confirmedStart(level, play);
  for (const [r, c] of play.marks) {
    const p = at(b.plainOf, r * n + c);
    if (p >= 0 && at(model.ghostOf, r * n + c) < 0) start[WORDS + (p >>> 5)] = at(start, WORDS + (p >>> 5)) | (1 << (p & 31));
  }
  const result = solveLayered(b, { start, maxRounds: 1 });
  if (result.status === 'contradiction') return [];
  const out: Cell[] = [];
  for (let p = 0; p < b.plainCount; p++) {
    const bit = 1 << (p & 31);
    if (at(result.state, p >>> 5) & bit && !(at(start, p >>> 5) & bit)) {
      const cell = at(b.plainCell, p);
      out.push([Math.floor(cell / n), cell % n]);
    }
  }
  return out;
}

/** The first step of the level's stored hint path that the player has not fully confirmed yet, or null when none is left. */
export function nextHint(level: GhostLevel, state: GhostGameState): HintStep | null {
  for (const step of hintsOf(level)) {
    const open = step.ghosts.some(([r, c]) => !isCaught(state, r, c)) || step.empties.some(([r, c]) => !knownEmpty(level, state, r, c));
    if (open) return step;
  }
  return null;
}

/**
 * One action on a ghost game: the new state and what happened. Pure — the
 * state passed in is not changed. Throws only when `state` is not a state of
 * `level` (another level's id, or a saved catch that is not a ghost).
 */
export function ghostStep(level: GhostLevel, state: GhostGameState, action: GhostAction): { state: GhostGameState; event: GhostEvent } {
  const out = stepOnce(level, state, action);
  if (out.event.kind === 'refused' || out.event.kind === 'restarted') return out;
  return { state: { ...out.state, actions: [...state.actions, action] }, event: out.event };
}

/** One action, without recording it. */
function stepOnce(level: GhostLevel, state: GhostGameState, action: GhostAction): { state: GhostGameState; event: GhostEvent } {
  if (state.level !== level.id) throw new Error(`ghostStep: the state is of level ${state.level}, not ${level.id}`);
  const refuse = (why: string) => ({ state, event: { kind: 'refused', why } as GhostEvent });
  if (action.type === 'restart') {
    const fresh = startGhostGame(level, state.startLives);
    return { state: { ...fresh, attempt: state.attempt + 1 }, event: { kind: 'restarted' } };
  }
  if (state.status !== 'playing') return refuse(`the level is ${state.status}: restart to play again`);
  if (action.type === 'hint') {
    const step = nextHint(level, state);
    if (!step) return refuse('no hint left');
    return { state: { ...state, hints: state.hints + 1 }, event: { kind: 'hint', step } };
  }
  const n = level.puzzle.size;
  const { row, col } = action;
  if (!isCellIndex(row, n) || !isCellIndex(col, n)) return refuse(`[${String(row)}, ${String(col)}] is not a cell of the ${n}x${n} board`);
  if (at(rulesOf(level).board.plainOf, row * n + col) < 0) return refuse(`[${row}, ${col}] is a clue cell`);
  const g = ghostAt(level, row, col);
  const marked = state.marks.some(([r, c]) => r === row && c === col);
  const mistake = (kind: 'mark' | 'catch') => {
    const lives = state.lives - 1;
    const next: GhostGameState = { ...state, lives, mistakes: state.mistakes + 1, status: lives === 0 ? 'lost' : 'playing' };
    return { state: next, event: { kind: 'mistake', action: kind, livesLeft: lives } as GhostEvent };
  };
  if (action.type === 'unmark') {
    if (!marked) return refuse(`[${row}, ${col}] has no mark`);
    return { state: { ...state, marks: state.marks.filter(([r, c]) => r !== row || c !== col) }, event: { kind: 'unmarked' } };
  }
  if (g >= 0 && isCaught(state, row, col)) return refuse(`the ghost at [${row}, ${col}] is already caught`);
  if (action.type === 'mark') {
    if (knownEmpty(level, state, row, col)) return refuse(`[${row}, ${col}] is already known empty`);
    if (g >= 0) return mistake('mark');
    const marks: Cell[] = [...state.marks, [row, col]];
    return { state: { ...state, marks, proven: provenAfter(level, { ...state, marks }, state.proven) }, event: { kind: 'marked' } };
  }
  if (action.type !== 'catch') return refuse(`unknown action ${show((action as { type?: unknown }).type)}`);
  if (knownEmpty(level, state, row, col)) return refuse(`[${row}, ${col}] is known empty`);
  if (g < 0) return mistake('catch');
  const provable = state.proven.some(([r, c]) => r === row && c === col);
  const { play, outcome: out } = catchAt(level, state, row, col);
  if (!out.hit) return refuse(out.reason);
  const won = play.catches.length === rulesOf(level).model.ghosts;
  const next: GhostGameState = {
    ...state,
    ...play,
    unprovable: state.unprovable + (provable ? 0 : 1),
    proven: provenAfter(level, { ...play, marks: state.marks }, state.proven),
    status: won ? 'won' : 'playing',
  };
  return { state: next, event: { kind: 'caught', points: out.points, completed: out.completed, opened: out.opened, provable } };
}

/** A clean clear (🧠): won at the first attempt, without a hint or a mistake, every catch provable at that moment. */
export function isCleanClear(state: GhostGameState): boolean {
  return state.status === 'won' && state.attempt === 1 && state.hints === 0 && state.mistakes === 0 && state.unprovable === 0;
}

/** The attempt this game is for logicRating, once it is over (won or lost); null while playing. */
export function ghostAttempt(level: GhostLevel, state: GhostGameState): Attempt | null {
  if (state.status === 'playing') return null;
  return { b: level.analysis.logicDepth, clean: isCleanClear(state) };
}

/** What restoring a saved game gave: the state, or why the save is not a game of this level. */
export type Restored<S> = { readonly ok: true; readonly state: S } | { readonly ok: false; readonly why: string };

/** The most actions a saved attempt may hold (a 9×9 board needs at most 81 marks and catches, plus hints and unmarks). */
const MAX_SAVED_ACTIONS = 10_000;

function savedAction(v: unknown): GhostAction | null {
  if (v === null || typeof v !== 'object') return null;
  const a = v as Record<string, unknown>;
  if (a.type === 'hint') return { type: 'hint' };
  if ((a.type === 'mark' || a.type === 'unmark' || a.type === 'catch') && Number.isInteger(a.row) && Number.isInteger(a.col))
    return { type: a.type, row: a.row as number, col: a.col as number };
  return null;
}

/**
 * A saved ghost game (e.g. JSON.parse of a saved state) checked and rebuilt
 * under the game's own rules: `lives` is the game's setting (what it passes to
 * startGhostGame, default GHOST_LIVES), never the save's, and a save whose
 * startLives differ is refused. Its level id and attempt are read, and its
 * actions replayed from the start of the attempt through ghostStep; every
 * other field (lives, score, status, proven, marks…) comes from the replay,
 * so no edit of a save awards what play did not earn. Not ok, with one line
 * why, when a field is missing or out of range or an action is refused.
 */
export function restoreGhostGame(level: GhostLevel, saved: unknown, lives: number = GHOST_LIVES): Restored<GhostGameState> {
  const fresh = startGhostGame(level, lives); // throws RangeError on a setting out of range, as a start does
  const fail = (why: string) => ({ ok: false as const, why: `saved game: ${why}` });
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return fail('expected an object');
  const s = saved as Record<string, unknown>;
  if (s.level !== level.id) return fail(`of level ${show(s.level)}, not ${level.id}`);
  const { startLives, attempt, actions } = s;
  if (startLives !== lives) return fail(`startLives: the save says ${show(startLives)}, this game gives ${lives}: a save does not set the lives`);
  if (!Number.isInteger(attempt) || (attempt as number) < 1) return fail(`attempt: expected a whole number ≥ 1, found ${show(attempt)}`);
  if (!Array.isArray(actions) || actions.length > MAX_SAVED_ACTIONS) return fail(`actions: expected a list of at most ${MAX_SAVED_ACTIONS} actions`);
  let state: GhostGameState = { ...fresh, attempt: attempt as number };
  for (let i = 0; i < actions.length; i++) {
    const action = savedAction(actions[i]);
    if (!action) return fail(`actions[${i}]: expected {type: "mark" | "unmark" | "catch", row, col} or {type: "hint"}, found ${show(actions[i])}`);
    const out = ghostStep(level, state, action);
    if (out.event.kind === 'refused') return fail(`actions[${i}] (${action.type}) is refused: ${out.event.why}`);
    state = out.state;
  }
  return { ok: true, state };
}

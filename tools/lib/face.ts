// The client face of a puzzle kind: what a game needs of a kind, with none of
// the pipeline (KindFace), and what the play-test page needs on top of it
// (KindView). Each kind implements them once in its folder
// (tools/kinds/<kind>/face.ts and view.ts), its PuzzleKind carries the face
// (`face`), and the client (tools/client/) and the play page are written once
// against them. No schema library and no Node-only import below a face or a
// view: the browser builds bundle them.
import type { Level } from './level.ts';
import type { Picture } from './picture.ts';

/** What the player did on a play page, in a picture's terms (cells are [row, col] of the picture). */
export type PlayInput =
  /** A click on a cell; `count` is the click's number in a run of quick clicks (2 on a double click's second). */
  | { readonly type: 'click'; readonly row: number; readonly col: number; readonly count: number }
  | { readonly type: 'dblclick'; readonly row: number; readonly col: number }
  /** The button pressed on a cell, the pointer moved onto a cell while pressed or not, the button released anywhere. */
  | { readonly type: 'down'; readonly row: number; readonly col: number }
  | { readonly type: 'move'; readonly row: number; readonly col: number }
  | { readonly type: 'up' }
  /** A key (KeyboardEvent.key). */
  | { readonly type: 'key'; readonly key: string }
  /** One of the view's controls used (`checked` for a toggle). */
  | { readonly type: 'control'; readonly id: string; readonly checked: boolean }
  /** The wait an earlier answer asked for ran out with no newer wait asked. */
  | { readonly type: 'timeout' }
  /** `ms` milliseconds passed (sent while the view asks for ticks). */
  | { readonly type: 'tick'; readonly ms: number };

/** A button (or, with `toggle`, a checkbox) the page shows beside the picture. */
export interface PlayControl {
  readonly id: string;
  readonly label: string;
  readonly toggle?: boolean;
  readonly checked?: boolean;
}

/** What a play page shows of a game: plain data, drawn the same way for every kind. */
export interface PlayView {
  picture: Picture;
  /** What the picture's colours, labels and cells mean. */
  legend: string;
  /** The mouse and keys the kind's input understands. */
  keys: string;
  controls: PlayControl[];
  /** Lines of what the client knows: [label, element id, value]. */
  status: [label: string, id: string, value: string][];
  /** While set, the page sends a tick input every this many milliseconds. */
  tickMs?: number;
}

/** What an input comes to: the page-local state (cursor, selection, drag, last message) and the actions to step, in order. */
export interface PlayAnswer<St, Ac, U> {
  ui: U;
  actions: Ac[];
  /** Send a timeout input after this many milliseconds (replacing any earlier wait). */
  wait?: number;
  /** A new game (e.g. one with a timer) started by the kind's own start, replacing the state before the actions. */
  state?: St;
}

/** What replaying a level's stored solution found. */
export interface ReplayReport {
  /** True when nothing disagreed. */
  ok: boolean;
  /** One line per disagreement (empty when ok). */
  problems: string[];
  /** Moves (catches, flicks, rectangles) replayed. */
  moves: number;
  /** The score of the replay: ghost points, slide stars, apple cells removed. */
  score: number;
}

/**
 * A kind as the game client knows it: the game library's part of a kind.
 * Methods (not function properties), so a face typed by its kind's level
 * still fits the one list of faces. Each kind's folder exports it as `face`
 * from its face.ts.
 */
export interface KindFace<L extends Level = Level, N extends string = string, St = unknown, Ac = unknown, Ev = unknown> {
  /** The kind's name, as in packs and level ids ("ghost"). */
  readonly name: N;
  /**
   * The first problem of one level of a pack, as ".field: what is wrong"
   * (e.g. `.puzzle.grid[2]: expected ...`), or null when the client can play
   * it: every field the face reads has its shape, and every stored asset decodes.
   */
  levelProblem(level: Record<string, unknown>): string | null;
  /** Replay the level's stored solution with the kind's rules (never throws). */
  replay(level: L): ReplayReport;
  /** The first state of a game of the level (plain JSON, never changed in place). */
  start(level: L): St;
  /** One action: the new state and what happened; a refused action (`event.kind === 'refused'`) changes nothing. */
  step(level: L, state: St, action: Ac): { state: St; event: Ev };
  /** A saved state (e.g. JSON.parse of one) checked and rebuilt from what it records of play, or why not. */
  restore(level: L, saved: unknown): { readonly ok: true; readonly state: St } | { readonly ok: false; readonly why: string };
  /**
   * What a play of the level comes to, by the kind's rules: whether it is
   * solved and the mistakes the rules counted (each kind says what a mistake
   * is). May assume a state `start`, `step` or `restore` made of this level;
   * must never throw on one, and must give `solved: false` for a game still
   * playing, `mistakes` a whole number ≥ 0. Optional for a game's own kinds:
   * without it the client writes no attempt record (attemptRecord throws).
   */
  outcome?(level: L, state: St): PlayOutcome;
}

/** What a play came to by its kind's rules (KindFace.outcome): solved or not, and its mistakes. */
export interface PlayOutcome {
  readonly solved: boolean;
  readonly mistakes: number;
}

/**
 * A kind on a play page: its game as a picture and the page's input as its
 * actions, on top of its face. Only the play page needs it (the game library
 * does not ship it); each kind's folder exports it as `view` from its view.ts.
 */
export interface KindView<L extends Level = Level, N extends string = string, St = unknown, Ac = unknown, Ev = unknown, U = unknown> {
  /** The kind's name, as its face's. */
  readonly name: N;
  /** The page-local state of a fresh game on a play page (plain JSON: cursor, selection, drag, the last message). */
  ui(level: L): U;
  /** The game as a picture with its legend, controls and status lines (never throws on a state `step` made). */
  view(level: L, state: St, ui: U): PlayView;
  /** A pointer or key input on the picture turned into this kind's actions (never throws). */
  input(level: L, state: St, ui: U, input: PlayInput): PlayAnswer<St, Ac, U>;
  /** The page-local state after `action` stepped to `event` (the last message, a hint shown, a selection dropped). */
  noted(ui: U, action: Ac, event: Ev): U;
}

/** The level type of a face. */
export type LevelOf<F> = F extends KindFace<infer L, string> ? L : never;

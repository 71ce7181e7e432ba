// The client face of a puzzle kind: what a game (and the play-test page) needs
// of a kind, with none of the pipeline. Each kind implements it once in its
// folder (tools/kinds/<kind>/face.ts), its PuzzleKind carries it (`face`), and
// the client (tools/client/) is written once against it. No schema library and
// no Node-only import below a face: the client bundles it for the browser.
import type { Level } from './level.ts';

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
 * A kind as the game client knows it. Methods (not function properties), so a
 * face typed by its kind's level still fits the one list of faces.
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
}

/** The level type of a face. */
export type LevelOf<F> = F extends KindFace<infer L, string> ? L : never;

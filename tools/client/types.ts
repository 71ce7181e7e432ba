// The shapes the game-facing client shares between its modules: a level, a
// pack, a replay report. Kept free of the pipeline's types (no schema
// library, no commands) so the client's declarations are the client's API.

/** A level as stored in a pack: its id ("<kind>-" + 12 hex digits), tier, puzzle, solution and analysis. */
export interface Level<P = unknown, S = unknown, A = unknown> {
  /** "<kind>-" and 12 hex digits, the same wherever the puzzle comes from. */
  id: string;
  /** The tier the set put it in. */
  tier: string;
  /** The puzzle in the kind's level encoding. */
  puzzle: P;
  /** The stored solution (ghost rows, slide flicks, apple rectangles). */
  solution: S;
  /** Every derived value the pipeline proved. */
  analysis: A;
}

/** A pack file (dist/<name>.json) as the client reads it. */
export interface PackFile<L extends Level = Level> {
  /** Always "pack". */
  type: 'pack';
  /** The pack format's version. */
  formatVersion: number;
  /** "ghost", "slide" or "apple". */
  kind: string;
  /** The pack's name (its file is <name>.json). */
  name: string;
  /** The curated set it was cut from. */
  source: { set: string; name: string; sha256: string };
  /** The generator config and seed of the set (not read by the client). */
  generator: unknown;
  /** The set's calibration (not read by the client). */
  calibration: unknown;
  /** The levels, in the pack's order. */
  levels: L[];
}

export type { ReplayReport } from '../lib/face.ts';

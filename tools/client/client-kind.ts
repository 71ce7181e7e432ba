// The shape every kind's client module implements (ghost.ts, slide.ts,
// apple.ts) and kinds.ts lists: kept apart so the kind modules and the list
// do not import each other.
import type { KindFormats } from '../lib/formats.ts';
import type { Level } from '../lib/kind.ts';

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

/** A puzzle kind as the client knows it. */
export interface ClientKind<L extends Level = Level> {
  /** Name, tiers and zod schemas of the kind's levels (loadPack checks packs with them). */
  formats: KindFormats;
  /** Replay the level's stored solution with the kind's rules. */
  replay(level: L): ReplayReport;
}

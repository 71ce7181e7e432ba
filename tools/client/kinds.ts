// The puzzle kinds a game client knows: for each, the formats (to load and
// check packs) and the replay of a level's stored solution. Adding a kind to
// the client = one module like ./ghost.ts and one entry in CLIENT_KINDS.
import type { KindFormats } from '../lib/formats.ts';
import type { Level } from '../lib/kind.ts';
import { ghostClient } from './ghost.ts';
import { slideClient } from './slide.ts';
import { appleClient } from './apple.ts';

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

/** Every kind the client can load and play: ghost, slide, apple. */
export const CLIENT_KINDS: readonly ClientKind<any>[] = [ghostClient, slideClient, appleClient];

/** The client kind named `name` ("ghost", "slide", "apple"), or undefined. */
export function clientKind(name: string): ClientKind | undefined {
  return CLIENT_KINDS.find((k) => k.formats.name === name);
}

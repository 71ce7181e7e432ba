// The puzzle kinds a game client knows: for each, the formats (to load and
// check packs) and the replay of a level's stored solution. Adding a kind to
// the client = one module like ./ghost.ts and one entry in CLIENT_KINDS.
import type { KindFormats } from '../lib/formats.ts';
import type { Level } from '../lib/kind.ts';
import { ghostClient } from './ghost.ts';
import { slideClient } from './slide.ts';
import { appleClient } from './apple.ts';

export interface ReplayReport {
  ok: boolean;
  problems: string[];
  /** Moves (catches, flicks, rectangles) replayed. */
  moves: number;
  score: number;
}

export interface ClientKind<L extends Level = Level> {
  formats: KindFormats;
  /** Replay the level's stored solution with the kind's rules. */
  replay(level: L): ReplayReport;
}

export const CLIENT_KINDS: readonly ClientKind<any>[] = [ghostClient, slideClient, appleClient];

export function clientKind(name: string): ClientKind | undefined {
  return CLIENT_KINDS.find((k) => k.formats.name === name);
}

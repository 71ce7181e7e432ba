// The shape every kind's client module implements (ghost.ts, slide.ts,
// apple.ts) and kinds.ts lists: kept apart so the kind modules and the list
// do not import each other.
import type { KindFormats } from '../lib/formats.ts';
import type { Level, ReplayReport } from './types.ts';
import { at } from '../lib/at.ts';

export type { ReplayReport } from './types.ts';

/** The packs of one kind as the conformance writer hands them to that kind: name and levels. */
export type KindPacks<L> = readonly { name: string; levels: L[] }[];

/** The conformance vectors of one kind: single-rule cases and whole games (format: tools/lib/conformance.ts). */
export interface KindVectors {
  cases: unknown[];
  games: unknown[];
}

/** A puzzle kind as the client knows it. */
export interface ClientKind<L extends Level = Level> {
  /** Name, tiers and zod schemas of the kind's levels (loadPack checks packs with them). */
  formats: KindFormats;
  /** Replay the level's stored solution with the kind's rules. */
  replay(level: L): ReplayReport;
  /** The kind's conformance vectors for its bundled packs (bundle writes them to conformance/<kind>.json). */
  vectors(packs: KindPacks<L>): KindVectors;
}

/** Levels sampled per pack for the vectors: the first and the middle one. */
export function sample<L>(levels: readonly L[]): L[] {
  const picks = [...new Set([0, Math.floor(levels.length / 2)])].filter((i) => i < levels.length);
  return picks.map((i) => at(levels, i));
}

// The levels of a loaded pack, typed by the pack's kind: loadPack has checked
// every level against that kind's schemas, so a game narrows on `kind` and gets
// GhostLevel[], SlideLevel[] or AppleLevel[] without a cast of its own.
import type { LoadedPack } from './packs.ts';
import type { GhostLevel } from './ghost.ts';
import type { SlideLevel } from './slide.ts';
import type { AppleLevel } from './apple.ts';

/** A pack's levels with their kind: narrow on `kind` to get the level type. */
export type KindLevels = { kind: 'ghost'; levels: GhostLevel[] } | { kind: 'slide'; levels: SlideLevel[] } | { kind: 'apple'; levels: AppleLevel[] };

/** The levels of a pack returned by loadPack, typed by its kind. Throws on a kind this client does not know. */
export function levelsOf(loaded: LoadedPack): KindLevels {
  const kind = loaded.pack.kind;
  if (kind === 'ghost') return { kind, levels: loaded.pack.levels as GhostLevel[] };
  if (kind === 'slide') return { kind, levels: loaded.pack.levels as SlideLevel[] };
  if (kind === 'apple') return { kind, levels: loaded.pack.levels as AppleLevel[] };
  throw new Error(`levelsOf: unknown kind ${JSON.stringify(kind)}`);
}

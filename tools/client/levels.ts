// The levels of a loaded pack, typed by the pack's kind: loadPack has checked
// every level with that kind's face, so a game narrows on `kind` and gets
// GhostLevel[], SlideLevel[] or AppleLevel[] without a cast of its own. The
// union is read from the one list of faces (tools/kinds/faces.ts).
import type { LoadedPack } from './packs.ts';
import type { LevelOf } from '../lib/face.ts';
import type { FACES } from '../kinds/faces.ts';

/** A pack's levels with their kind: narrow on `kind` to get the level type. */
export type KindLevels = LevelsOfEach<typeof FACES>;

/** Per face of a list, its name and level type (a generic, so the tuple maps element by element). */
type LevelsOfEach<T extends readonly { name: string }[]> = { [I in keyof T]: { kind: T[I]['name']; levels: LevelOf<T[I]>[] } }[number];

/** The levels of a pack returned by loadPack, typed by its kind (loadPack refused every other kind). */
export function levelsOf(loaded: LoadedPack): KindLevels {
  return { kind: loaded.kind.name, levels: loaded.pack.levels } as KindLevels;
}

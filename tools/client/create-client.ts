// A game's client: createClient({ faces }) gives the pack loaders and the
// typed levels for exactly the kinds of the faces given — a game's own kinds'
// faces (their face.ts), and proofpack's (ghostFace, slideFace, appleFace)
// only when given too. Nothing of a kind not given is imported from here, so
// a browser bundle of a game's client holds no code of kinds it does not use
// (docs/client.md, "Your own kinds").
import type { KindFace, LevelOf } from '../lib/face.ts';
import { loadManifest, loadPack, loadVerifiedPack, type LoadedManifest, type LoadedPack, type ManifestEntry } from './packs.ts';

/** What createClient takes: the faces of the kinds the game plays (each kind's `face`, named as its packs' kind). */
export interface ClientOptions<F extends readonly KindFace[]> {
  /** The kinds' faces, each name once. */
  readonly faces: F;
}

/** The name of a kind of these faces. */
export type KindNameOf<F extends readonly KindFace[]> = F[number]['name'];

/** A pack's levels with their kind, for the faces F: narrow on `kind` to get the level type. */
export type ClientLevels<F extends readonly KindFace[]> = { [I in keyof F]: { kind: F[I]['name']; levels: LevelOf<F[I]>[] } }[number];

/** A client for the kinds of the faces F: the pack loaders and levelsOf, knowing those kinds and no other. */
export interface Client<F extends readonly KindFace[]> {
  /** The faces given, in order. */
  readonly faces: F;
  /** The face of the kind `name`, or undefined when none of the faces is named so (its start, step, restore and replay play the kind). */
  face<N extends KindNameOf<F>>(name: N): Extract<F[number], { name: N }> | undefined;
  /** Parse and check a pack (JSON text or parsed) of one of these kinds. Throws PackError naming the level id and field, or the kind and how to add its face. */
  loadPack(input: string | unknown): LoadedPack<KindNameOf<F>>;
  /** Parse and check a manifest whose packs are of these kinds. Throws PackError naming the entry and field. */
  loadManifest(input: string | unknown): LoadedManifest;
  /** Load the pack `entry` of a manifest from its bytes: size and SHA-256 as the manifest says, then loadPack. Throws PackError naming the file. */
  loadVerifiedPack(entry: ManifestEntry, data: Uint8Array | string): Promise<LoadedPack<KindNameOf<F>>>;
  /** The levels of a pack this client loaded, typed by its kind. */
  levelsOf(loaded: LoadedPack<KindNameOf<F>>): ClientLevels<F>;
}

/**
 * A client for the kinds of `options.faces` (a game's faces; proofpack's
 * built-in ones only when given). Throws an Error when a face is not a face
 * (no string name, a member that is not a function) or two share a name.
 */
export function createClient<const F extends readonly KindFace[]>(options: ClientOptions<F>): Client<F> {
  const faces = [...options.faces] as readonly KindFace[];
  const names = new Set<string>();
  faces.forEach((f, i) => {
    const missing = ['levelProblem', 'replay', 'start', 'step', 'restore'].filter((m) => typeof (f as unknown as Record<string, unknown>)?.[m] !== 'function');
    if (typeof f?.name !== 'string' || missing.length > 0)
      throw new Error(
        `createClient: faces[${i}] is not a kind's face (${missing.length > 0 ? `no ${missing.join(', ')}` : 'no name'}): give each kind's \`face\` export`,
      );
    if (names.has(f.name)) throw new Error(`createClient: faces[${i}]: two faces are named ${JSON.stringify(f.name)}`);
    names.add(f.name);
  });
  return {
    faces: options.faces,
    face: (name) => faces.find((f) => f.name === name) as never,
    loadPack: (input) => loadPack(input, faces) as LoadedPack<KindNameOf<F>>,
    loadManifest: (input) => loadManifest(input, faces),
    loadVerifiedPack: async (entry, data) => (await loadVerifiedPack(entry, data, faces)) as LoadedPack<KindNameOf<F>>,
    levelsOf: (loaded) => ({ kind: loaded.kind.name, levels: loaded.pack.levels }) as ClientLevels<F>,
  };
}

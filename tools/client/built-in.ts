// The client of proofpack's own kinds, as the package has always exported it:
// loadPack, loadManifest and loadVerifiedPack knowing the faces of the one
// list of kinds (tools/kinds/faces.ts). A game with its own kinds uses
// createClient (create-client.ts) instead; a browser bundle that imports
// neither of these holds none of the built-in kinds.
import { FACES } from '../kinds/faces.ts';
import * as packs from './packs.ts';
import type { LoadedManifest, LoadedPack, ManifestEntry } from './packs.ts';

/** Parse and check a pack of a built-in kind (JSON text or an already parsed value). Throws PackError naming the level id and field. */
export function loadPack(input: string | unknown): LoadedPack {
  return packs.loadPack(input, FACES) as LoadedPack;
}

/** Parse and check a manifest (`dist/manifest.json`, text or parsed) of built-in kinds' packs. Throws PackError naming the entry and field. */
export function loadManifest(input: string | unknown): LoadedManifest {
  return packs.loadManifest(input, FACES);
}

/**
 * Load the pack `entry` of a manifest from its file's bytes (or text): the
 * size and SHA-256 must match the manifest, then loadPack checks it and its
 * kind, name and level count must match the entry. Throws PackError naming the file.
 */
export async function loadVerifiedPack(entry: ManifestEntry, data: Uint8Array | string): Promise<LoadedPack> {
  return (await packs.loadVerifiedPack(entry, data, FACES)) as LoadedPack;
}

// The puzzle kinds a game client knows: for each, the formats (to load and
// check packs), the replay of a level's stored solution and its conformance
// vectors. Adding a kind to the client = its modules like ./ghost.ts and
// ./ghost-vectors.ts and one entry in CLIENT_KINDS.
import type { ClientKind } from './client-kind.ts';
import { ghostClient } from './ghost.ts';
import { slideClient } from './slide.ts';
import { appleClient } from './apple.ts';
import { ghostVectors } from './ghost-vectors.ts';
import { slideVectors } from './slide-vectors.ts';
import { appleVectors } from './apple-vectors.ts';

export type { ClientKind, ReplayReport } from './client-kind.ts';

/** Every kind the client can load and play: ghost, slide, apple. */
export const CLIENT_KINDS: readonly ClientKind<any>[] = [
  { ...ghostClient, vectors: ghostVectors },
  { ...slideClient, vectors: slideVectors },
  { ...appleClient, vectors: appleVectors },
];

/** The client kind named `name` ("ghost", "slide", "apple"), or undefined. */
export function clientKind(name: string): ClientKind | undefined {
  return CLIENT_KINDS.find((k) => k.formats.name === name);
}

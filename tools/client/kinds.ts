// The puzzle kinds a game client knows: for each, the formats (to load and
// check packs) and the replay of a level's stored solution. Adding a kind to
// the client = one module like ./ghost.ts and one entry in CLIENT_KINDS.
import type { ClientKind } from './client-kind.ts';
import { ghostClient } from './ghost.ts';
import { slideClient } from './slide.ts';
import { appleClient } from './apple.ts';

export type { ClientKind, ReplayReport } from './client-kind.ts';

/** Every kind the client can load and play: ghost, slide, apple. */
export const CLIENT_KINDS: readonly ClientKind<any>[] = [ghostClient, slideClient, appleClient];

/** The client kind named `name` ("ghost", "slide", "apple"), or undefined. */
export function clientKind(name: string): ClientKind | undefined {
  return CLIENT_KINDS.find((k) => k.formats.name === name);
}

// The client faces of every kind, in the list's order (kinds/list.ts): what
// the game client is written against. In the client's browser build each
// entry of the list is its folder's face.ts alone (tools/scripts/build-client.ts),
// so reading `face` is all this file may do with an entry.
import type { KindFace } from '../lib/face.ts';
import { KIND_LIST } from './list.ts';

type FacesOf<T extends readonly { face: KindFace }[]> = { readonly [I in keyof T]: T[I]['face'] };

export const FACES = KIND_LIST.map((m) => m.face) as unknown as FacesOf<typeof KIND_LIST>;

/** The name of a kind the client knows. */
export type FaceName = (typeof FACES)[number]['name'];

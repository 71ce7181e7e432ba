// The client faces of every registered kind, in the registry's order: the
// list the game client and the play page are written against. It imports only
// the faces (no solver, no schema library), so the client can bundle it for
// the browser; the registry (index.ts) refuses to load when its kinds' faces
// are not exactly these, so a kind cannot be registered without one.
import type { KindFace } from '../lib/face.ts';
import { ghostFace } from './ghost/face.ts';
import { slideFace } from './slide/face.ts';
import { appleFace } from './apple/face.ts';

export const FACES = [ghostFace, slideFace, appleFace] as const satisfies readonly KindFace[];

/** The name of a kind the client knows. */
export type FaceName = (typeof FACES)[number]['name'];

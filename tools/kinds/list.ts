// The one list of puzzle kinds, in order. Each entry is a kind's folder: its
// index.ts exports the kind's record (`kind`), its client face (`face`) and its
// play-page view (`view`). Everything that knows the kinds derives from this
// list: the registry (index.ts) their records, the client (faces.ts) their
// faces, the play page (views.ts) their views. Adding a kind is its folder
// plus its entry here (docs/kind-contract.md).
//
// The browser builds (tools/scripts/build-client.ts) read each folder's
// face.ts (and, for the play page, view.ts) in place of its index.ts, so
// what they bundle holds no solver and no schema library.
import * as ghost from './ghost/index.ts';
import * as slide from './slide/index.ts';
import * as apple from './apple/index.ts';

export const KIND_LIST = [ghost, slide, apple] as const;

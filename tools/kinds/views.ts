// The play-page views of every kind, in the list's order (kinds/list.ts): what
// the play page's one renderer is written against, beside the faces. In the
// page's browser build each entry of the list is its folder's face.ts and
// view.ts alone (tools/scripts/build-client.ts).
import type { KindView } from '../lib/face.ts';
import { KIND_LIST } from './list.ts';

export const VIEWS: readonly KindView[] = KIND_LIST.map((m) => m.view as unknown as KindView);

// The play page's kinds, in the browser: proofpack's own faces and views, then
// the game's, which bundle compiled into the page (game-script.ts) as JSON
// text in <script id="proofpack-kinds">. Run once, before the page opens a
// level; a page without game kinds has no such element.
import type { KindFace, KindView } from '../lib/face.ts';

/** The global name the game kinds' compiled script assigns its value to (game-script.ts compiles it so). */
export const GAME_KINDS_GLOBAL = '__proofpackGameKinds';

/** The id of the page element carrying the game kinds' script (JSON text of the code). */
export const GAME_KINDS_ELEMENT = 'proofpack-kinds';

/** The faces and views the page plays: `faces` and `views` given, then the game's kinds' from the page. */
export function pageKinds(faces: readonly KindFace[], views: readonly KindView[]): { faces: readonly KindFace[]; views: readonly KindView[] } {
  const text = document.getElementById(GAME_KINDS_ELEMENT)?.textContent;
  if (!text) return { faces, views };
  const code = JSON.parse(text) as string;
  const game = new Function(`${code}\nreturn ${GAME_KINDS_GLOBAL}.default;`)() as { face: KindFace; view: KindView }[];
  return { faces: [...faces, ...game.map((k) => k.face)], views: [...views, ...game.map((k) => k.view)] };
}

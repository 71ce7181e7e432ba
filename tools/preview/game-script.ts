// The game's own kinds on the play page, at bundle time: each game kind's face
// and view (face.ts and view.ts beside its module, as every kind's folder has
// them) compiled by esbuild into one small minified browser script, which the
// page carries as JSON text (play.ts) and its script runs before it opens a
// level (game-views.ts). Minified with no file paths and ASCII only, so the
// same sources give the same bytes on every machine; carried as JSON with
// every "<" escaped, so no code of a kind can close the page's script tag.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { InputError, oneLine } from '../lib/errors.ts';
import { GAME_KINDS_GLOBAL } from './game-views.ts';

/** A game kind as the page script needs it: its name, its module's file URL and the label refusals name it by. */
export interface GameKindModule {
  readonly name: string;
  readonly url: string;
  readonly label: string;
}

const EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/** The file `part` (face or view) beside the kind module, or an InputError naming the module. */
function partOf(kind: GameKindModule, part: 'face' | 'view'): string {
  const dir = path.dirname(fileURLToPath(kind.url));
  const file = EXTENSIONS.map((e) => path.join(dir, `${part}${e}`)).find((f) => existsSync(f));
  if (file === undefined)
    throw new InputError(
      `${kind.label}: the play page needs the kind's ${part} in ${part}.ts (or .mts, .js, .mjs) beside its module, exporting \`${part}\` (docs/kind-contract.md)`,
    );
  return file;
}

/**
 * The browser script registering `kinds`' faces and views for the play page
 * (an IIFE assigning [{ face, view }, …] to GAME_KINDS_GLOBAL), or '' for no
 * kind. InputError naming the module when a part is missing or does not
 * compile for the browser (a `node:` import, a syntax error).
 */
export function gameKindsScript(kinds: readonly GameKindModule[]): string {
  if (kinds.length === 0) return '';
  const parts = kinds.map((k) => ({ face: partOf(k, 'face'), view: partOf(k, 'view') }));
  const contents = [
    ...parts.flatMap((p, i) => [`import { face as f${i} } from ${JSON.stringify(p.face)};`, `import { view as v${i} } from ${JSON.stringify(p.view)};`]),
    `export default [${parts.map((_, i) => `{ face: f${i}, view: v${i} }`).join(', ')}];`,
  ].join('\n');
  try {
    const out = buildSync({
      stdin: { contents, loader: 'js', resolveDir: path.dirname(parts[0]?.face ?? '.'), sourcefile: 'game-kinds.js' },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: GAME_KINDS_GLOBAL,
      platform: 'browser',
      target: 'es2022',
      minify: true,
      charset: 'ascii',
      legalComments: 'none',
      logLevel: 'silent',
    });
    return out.outputFiles[0]?.text ?? '';
  } catch (e) {
    const first = (e as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors?.[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
    const label = kinds.map((k) => k.label).join(', ');
    throw new InputError(oneLine(`${label}: the kind's face and view do not compile for the play page: ${first?.text ?? (e as Error).message}${where}`));
  }
}

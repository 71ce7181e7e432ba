// The browser builds' reading of the one list of kinds (tools/kinds/list.ts).
// The list names each kind's folder by its index.ts, which brings the
// pipeline (solvers, the schema library). A browser build reads, in its
// place, only the parts of the folder it needs: the client the face (face.ts,
// exporting `face`), the play page the face and the view (view.ts, `view`).
// pipelineFree refuses a bundle that still holds a kind's record, zod or the
// SDK's pipeline entry (tools/sdk/kind.ts), or compiled build/ code: the kinds
// import the SDK by package name (`proofpack/face`), which esbuild resolves
// to its source through tsconfig.json's `paths`, never to build/ (a second copy).
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { PROJECT_ROOT } from '../lib/paths.ts';

const list = path.join(fileURLToPath(PROJECT_ROOT), 'tools', 'kinds', 'list.ts');
/** The list's entries read as the named parts of each folder (face.ts exports `face`, view.ts `view`). */
export function kindParts(parts: readonly ('face' | 'view')[]): Plugin {
  return {
    name: 'kind-parts',
    setup(b) {
      b.onResolve({ filter: /^\.\/[^/]+\/index\.ts$/ }, (args) =>
        args.importer === list ? { path: path.join(path.dirname(list), args.path), namespace: 'kind-parts' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'kind-parts' }, (args) => ({
        contents: parts.map((p) => `export { ${p} } from './${p}.ts';`).join('\n'),
        resolveDir: path.dirname(args.path),
        loader: 'ts',
      }));
    },
  };
}

/** Refuse a bundle that holds a kind's record, the schema library or the SDK's pipeline entry (what the parts above keep out), or build/ code. */
export function pipelineFree(what: string, inputs: Record<string, unknown>): void {
  const leaked = Object.keys(inputs).filter((f) =>
    /^(node_modules\/zod\/|build\/|tools\/sdk\/kind\.ts$|tools\/kinds\/[^/]+\/(index|schema|analyze|generate)\.ts$)/.test(f),
  );
  if (leaked.length > 0) throw new Error(`${what}: the browser bundle holds the pipeline (${leaked.slice(0, 3).join(', ')}): a face or view imports it`);
}

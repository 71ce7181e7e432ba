// The template kind and the example game's kind are written as a game's kind
// is: every file imports only files of its own folder and the SDK entries by
// package name (`proofpack/kind`, `proofpack/face`); the face and the view
// bundle for the browser (esbuild --platform=browser) with no schema library,
// no `node:` import and none of the pipeline side.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['templates/kind', 'examples/pixel-garden/proofpack/kinds/nonogram'];

/** The module specifiers a file imports (static imports and re-exports). */
const importsOf = (text: string) => [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gms)].map((m) => m[1] ?? '');

describe.each(FOLDERS)('%s', (folder) => {
  const dir = path.join(ROOT, folder);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it('imports only its own files and the SDK entries', () => {
    for (const f of files)
      for (const spec of importsOf(fs.readFileSync(path.join(dir, f), 'utf8')))
        expect(
          spec === 'proofpack/kind' || spec === 'proofpack/face' || (/^\.\/[a-z-]+\.ts$/.test(spec) && files.includes(spec.slice(2))),
          `${f}: ${spec}`,
        ).toBe(true);
  });

  it('bundles its face and view for the browser with no zod, no node: import and no pipeline side', async () => {
    const out = await build({
      stdin: { contents: "export { face } from './face.ts'; export { view } from './view.ts';", resolveDir: dir, loader: 'ts' },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      alias: { 'proofpack/face': path.join(ROOT, 'tools/sdk/face.ts') },
      external: ['proofpack/kind'],
    });
    const inputs = Object.keys(out.metafile.inputs);
    for (const f of ['face.ts', 'view.ts']) expect(inputs).toContain(path.relative(process.cwd(), path.join(dir, f)).split(path.sep).join('/'));
    expect(inputs.filter((i) => /zod|node:|sdk\/kind|solve|schema|generate|vectors|index\.ts/.test(i))).toEqual([]);
    expect(out.outputFiles[0]?.text).not.toMatch(/from ['"](node:|zod|proofpack\/kind)/);
  });
});

// Builds the client package (packages/client, published as proofpack-client):
// the declarations of tools/client/index.ts (tsconfig.client.json, into
// build/types/, also what the root package's `proofpack/client` export points
// at), then the ES modules bundled by esbuild (no dependency: the client has
// no schema library; index.js re-exports, parts/ the code, split so a game's
// bundler keeps only the kinds it uses), copied to build/client/ for the root
// package's `proofpack/client`, and the declarations copied next to it. Then the
// minified browser sizes a game sees (every export; createClient alone, with one
// kind's face, with the built-in faces), printed and written to
// build/client-sizes.json (what docs/client.md states; test/codebase/docs-figures.test.ts
// compares them), and the two preview pages' scripts. Run by `npm run build`.
// Each browser build reads only the parts of a kind it needs (kind-parts.ts):
// the client the faces, the pages the faces and the views.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { kindParts, pipelineFree } from './kind-parts.ts';

const root = fileURLToPath(PROJECT_ROOT);
const EXPORTS = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string }> }).exports;
const out = path.join(root, 'packages', 'client', 'dist');

execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.client.json'], { cwd: root, stdio: 'inherit' });
fs.rmSync(out, { recursive: true, force: true });

const client = await build({
  entryPoints: clientEntries(await clientModules()),
  absWorkingDir: root,
  outdir: out,
  bundle: true,
  splitting: true,
  chunkNames: 'parts/chunk-[hash]',
  metafile: true,
  plugins: [kindParts(['face'])],
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
});
pipelineFree('packages/client/dist', client.metafile.inputs);
// the parts' own entry files only re-export their chunks, and index.js imports the chunks: not shipped
for (const [file, o] of Object.entries(client.metafile.outputs))
  if (o.entryPoint !== undefined && !file.endsWith('/dist/index.js')) fs.rmSync(path.join(root, file));
for (const dir of ['client', 'kinds']) fs.rmSync(path.join(out, 'parts', dir), { recursive: true, force: true });
// index.js's bare imports (`import "./parts/chunk-….js"`: esbuild keeps the order in which modules
// whose names index.js does not use run) go: no module of the client acts outside itself and each is
// imported by name where it is used, and a game's bundler would warn that it ignores them
const index = path.join(out, 'index.js');
fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/^import "\.\/parts\/chunk-[A-Z0-9]+\.js";\n/gm, ''));
// the root package's `proofpack/client` entry: the same files (package.json's exports)
const rootClient = path.join(root, 'build', 'client');
fs.rmSync(rootClient, { recursive: true, force: true });
fs.cpSync(out, rootClient, { recursive: true });
// The declarations the client's own declarations reach (tsc writes one for every file of its
// program, and the list of kinds brings each kind's pipeline into the program: those a game
// never sees are left out).
const types = path.join(root, 'build', 'types');
/** What a declaration file imports: `from '…'` and `import('…')`, relative or an SDK entry. */
const IMPORTED = /(?:from\s+|import\(\s*)['"](\.[^'"]+|proofpack\/[^'"]+)['"]/g;
/** The declaration file (under build/types) of an SDK entry `proofpack/NAME`, as package.json's exports give its types. */
function sdkDeclaration(spec: string): string | undefined {
  if (!spec.startsWith('proofpack/')) return undefined;
  const entry = EXPORTS[`./${spec.slice('proofpack/'.length)}`];
  if (typeof entry?.types !== 'string') throw new Error(`a declaration imports ${spec}, which package.json does not export with types`);
  return path.relative(types, path.join(root, entry.types));
}
for (const file of declarationsReached(types, 'client/index.d.ts')) {
  fs.mkdirSync(path.dirname(path.join(out, 'types', file)), { recursive: true });
  fs.writeFileSync(path.join(out, 'types', file), copyDeclaration(file));
}
/** How every browser script here is built: one minified bundle, for the browsers the client supports. */
const BROWSER = { bundle: true, minify: true, platform: 'browser', target: 'es2022', legalComments: 'none', logLevel: 'warning' } as const;
const minified = await build({
  ...BROWSER,
  entryPoints: [path.join(root, 'tools', 'client', 'index.ts')],
  metafile: true,
  plugins: [kindParts(['face'])],
  write: false,
  format: 'esm',
});
// The pages' scripts, each one minified browser script that its page inlines:
// the play-test page's (tools/preview/play-page.ts, the one renderer of the
// faces' pictures) and the designer preview's (tools/preview/page-script.ts).
for (const name of ['play-page', 'page-script']) {
  const page = await build({
    entryPoints: [path.join(root, 'tools', 'preview', `${name}.ts`)],
    ...BROWSER,
    outfile: path.join(root, 'build', 'preview', `${name}.js`),
    metafile: true,
    plugins: [kindParts(['face', 'view'])],
    format: 'iife',
  });
  pipelineFree(`build/preview/${name}.js`, page.metafile.inputs);
}
/** The modules tools/client/index.ts imports directly (sources, relative to the project, as esbuild's metafile names them). */
async function clientModules(): Promise<string[]> {
  const probe = await build({
    entryPoints: [path.join(root, 'tools', 'client', 'index.ts')],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    plugins: [kindParts(['face'])],
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  const modules = (probe.metafile.inputs['tools/client/index.ts']?.imports ?? []).map((i) => i.path).sort();
  if (modules.length === 0) throw new Error('tools/client/index.ts: esbuild names no module it imports');
  return modules;
}

/**
 * The client's entry points: index.js, which then holds only re-exports, and
 * each module it re-exports from (under parts/), so that code shared by them
 * lands in chunks of its own. With the package's `sideEffects: false`, a
 * game's bundler then drops every file whose exports it does not use: a
 * bundle of createClient and a game's face holds none of the built-in kinds.
 */
function clientEntries(modules: readonly string[]): Record<string, string> {
  const entries: Record<string, string> = { index: path.join(root, 'tools', 'client', 'index.ts') };
  for (const m of modules) entries[`parts/${m.replace(/^tools\//, '').replace(/\.ts$/, '')}`] = path.join(root, m);
  return entries;
}

/**
 * The declaration files under `dir` that `entry` imports, directly or not (relative imports, import
 * types, and the kind SDK's entries by package name: a kind's declarations import `proofpack/face`
 * or `proofpack/kind`, which the client package, a package of its own, reaches by a relative path).
 */
function declarationsReached(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec = ''] of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(IMPORTED)) {
      const next = sdkDeclaration(spec) ?? path.join(path.dirname(file), spec).replace(/\.(ts|js)$/, '.d.ts');
      if (!fs.existsSync(path.join(dir, next))) throw new Error(`${file} imports ${spec}, which tsc did not declare (${next})`);
      stack.push(next);
    }
  }
  return [...seen].sort();
}

/** A declaration file's copy for the client package: the SDK's entries imported by a relative path (same extension as tsc's). */
function copyDeclaration(file: string): string {
  return fs.readFileSync(path.join(types, file), 'utf8').replace(IMPORTED, (whole, spec: string) => {
    const target = sdkDeclaration(spec);
    if (target === undefined) return whole;
    const relative = path
      .relative(path.dirname(file), target)
      .split(path.sep)
      .join('/')
      .replace(/\.d\.ts$/, '.ts');
    return whole.replace(spec, relative.startsWith('.') ? relative : `./${relative}`);
  });
}

/** The size of what a game's bundler keeps of the built package when a module imports `names` from it (minified, for the browser). */
async function gameBytes(names: readonly string[]): Promise<number> {
  const game = await build({
    ...BROWSER,
    stdin: { contents: `export { ${names.join(', ')} } from './index.js';`, resolveDir: out, loader: 'js' },
    write: false,
    format: 'esm',
  });
  return game.outputFiles[0]?.contents.length ?? 0;
}
/** The client's minified browser sizes in bytes, the figures docs/client.md and the package's README give (build/client-sizes.json). */
const sizes = {
  everyExport: minified.outputFiles[0]?.contents.length ?? 0,
  createClient: await gameBytes(['createClient']),
  createClientOneFace: await gameBytes(['createClient', 'appleFace']),
  createClientBuiltInFaces: await gameBytes(['createClient', 'builtInFaces']),
};
fs.writeFileSync(path.join(root, 'build', 'client-sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
const shipped = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
console.log(
  `built ${path.relative(root, out)} (${shipped.length} modules, ${shipped.reduce((a, f) => a + fs.statSync(path.join(out, f)).size, 0)} bytes + types); minified for the browser, dependencies included (build/client-sizes.json): every export ${sizes.everyExport} bytes, createClient alone ${sizes.createClient}, with one kind's face (appleFace) ${sizes.createClientOneFace}, with builtInFaces ${sizes.createClientBuiltInFaces}`,
);

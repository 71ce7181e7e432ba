// Builds the client package (packages/client, published as proofpack-client):
// the declarations of tools/client/index.ts (tsconfig.client.json, into
// build/types/, also what the root package's `proofpack/client` export points
// at), then one ES module bundled by esbuild with zod left as the package's
// only dependency, and the declarations copied next to it. Run by `npm run build`.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../lib/paths.ts';

const root = fileURLToPath(PROJECT_ROOT);
const out = path.join(root, 'packages', 'client', 'dist');

execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.client.json'], { cwd: root, stdio: 'inherit' });
fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'tools', 'client', 'index.ts')],
  outfile: path.join(out, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['zod'],
  legalComments: 'none',
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'build', 'types'), path.join(out, 'types'), { recursive: true });
console.log(`built ${path.relative(root, out)} (index.js ${fs.statSync(path.join(out, 'index.js')).size} bytes + types)`);

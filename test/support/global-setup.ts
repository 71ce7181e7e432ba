// Before the suite, once per run: build the score kernel's .wasm, compile
// tools/ into build/ (the worker pools and the CLI processes run the compiled
// current code, see vitest.config.ts), build the client package and its
// browser script (build/client/browser.js, which bundle inlines into the
// play-test page) while tsc runs, then pack both packages with one `npm pack`.
// The tarballs are provided to the tests (inject('tarballs')): game-repo.test
// installs proofpack's, package.test proofpack-client's, and no test file
// rebuilds anything another file reads.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarballs of this run: proofpack (the root package) and proofpack-client, with the files each holds. */
    tarballs: { proofpack: string; client: string; clientFiles: string[] };
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Run a command to its end (stdio inherited); rejects naming it on a non-zero exit. */
function exec(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

export default async function setup(project: TestProject): Promise<void> {
  await exec(process.execPath, [path.join(root, 'tools', 'scripts', 'build-kernel.mjs')]);
  await Promise.all([
    exec(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']),
    // the client build from its source (tsx), so it need not wait for tsc's build/tools
    exec(process.execPath, ['--import', 'tsx', path.join(root, 'tools', 'scripts', 'build-client.ts')]),
  ]);
  const packDir = mkdtempSync(path.join(tmpdir(), 'proofpack-tarballs-'));
  // build/ and packages/client/dist are fresh: pack without running prepare again
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir, root, path.join(root, 'packages', 'client')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    }),
  ) as { name: string; filename: string; files: { path: string }[] }[];
  const of = (name: string) => {
    const p = packed.find((x) => x.name === name);
    if (!p) throw new Error(`npm pack did not pack ${name}`);
    return p;
  };
  project.provide('tarballs', {
    proofpack: path.join(packDir, of('proofpack').filename),
    client: path.join(packDir, of('proofpack-client').filename),
    clientFiles: of('proofpack-client').files.map((f) => f.path),
  });
}

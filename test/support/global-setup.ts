// Before the suite, once per run: build the score kernel's .wasm, compile
// tools/ into build/ (the worker pools and the CLI processes run the compiled
// current code, see vitest.config.ts), build the client package and the
// play-test page's script (build/preview/play-page.js, which bundle inlines
// into the page) while tsc runs; then, side by side, pack both packages with
// one `npm pack`, bundle the committed levels/ with the current code into a
// temporary dist, and start one Chromium. Provided to the tests (inject):
// the tarballs (game-repo.test installs proofpack's, package.test
// proofpack-client's), the fresh dist (levels-dist.test compares the committed
// dist/ with it file by file; the browser tests open its pages, the pages the
// current code writes) and the browser's endpoint (test/support/browser.ts).
// No test file rebuilds anything another file reads.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarballs of this run: proofpack (the root package) and proofpack-client, with the files each holds. */
    tarballs: { proofpack: string; client: string; clientFiles: string[] };
    /** A dist the current code bundled from the committed levels/packs.json (proofpack bundle, a real process). */
    freshDist: string;
    /** The one Chromium of the run (playwright-core's server), or an empty string and why not. */
    chromium: { wsEndpoint: string; missing: string };
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

const CHROMIUM = process.env['PROOFPACK_CHROMIUM'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await exec(process.execPath, [path.join(root, 'tools', 'scripts', 'build-kernel.mjs')]);
  await Promise.all([
    exec(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']),
    // the client build from its source (tsx), so it need not wait for tsc's build/tools
    exec(process.execPath, ['--import', 'tsx', path.join(root, 'tools', 'scripts', 'build-client.ts')]),
  ]);
  const work = mkdtempSync(path.join(tmpdir(), 'proofpack-suite-'));
  const freshDist = path.join(work, 'dist');
  const [packed, , server] = await Promise.all([
    // build/ and packages/client/dist are fresh: pack without running prepare again
    promisify(execFile)('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work, root, path.join(root, 'packages', 'client')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    }).then((r) => JSON.parse(r.stdout) as { name: string; filename: string; files: { path: string }[] }[]),
    exec(process.execPath, [
      path.join(root, 'bin', 'proofpack.js'),
      'bundle',
      '--packs',
      path.join(root, 'levels', 'packs.json'),
      '--out',
      freshDist,
      '--quiet',
    ]),
    existsSync(CHROMIUM) ? chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }) : null,
  ]);
  const of = (name: string) => {
    const p = packed.find((x) => x.name === name);
    if (!p) throw new Error(`npm pack did not pack ${name}`);
    return p;
  };
  project.provide('tarballs', {
    proofpack: path.join(work, of('proofpack').filename),
    client: path.join(work, of('proofpack-client').filename),
    clientFiles: of('proofpack-client').files.map((f) => f.path),
  });
  project.provide('freshDist', freshDist);
  project.provide('chromium', {
    wsEndpoint: server?.wsEndpoint() ?? '',
    missing: server ? '' : `the browser tests need Chromium at ${CHROMIUM}: install Debian's chromium package or set PROOFPACK_CHROMIUM`,
  });
  return async () => {
    await server?.close();
  };
}

// Before the suite, once per run: build the score kernel's .wasm, compile
// tools/ into build/ (the worker pools and the CLI processes run the compiled
// current code, see vitest.config.ts), build the client package and the
// play-test page's script (build/preview/play-page.js, which bundle inlines
// into the page) while tsc runs; then, side by side, pack both packages with
// one `npm pack`, bundle the committed levels/ with the current code into a
// temporary dist, generate one small ghost set, and start one Chromium. Provided to the tests (inject):
// the tarballs (game-repo.test installs proofpack's, package.test
// proofpack-client's), the fresh dist (levels-dist.test compares the committed
// dist/ with it file by file; the browser tests open its pages, the pages the
// current code writes), the small ghost set (the files that need a set, not
// the generating: bundle, untrusted) and the browser's endpoint (test/support/browser.ts).
// No test file rebuilds anything another file reads.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { quickConfig } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarballs of this run: proofpack (the root package) and proofpack-client, with the files each holds. */
    tarballs: { proofpack: string; client: string; clientFiles: string[] };
    /** A dist the current code bundled from the committed levels/packs.json (proofpack bundle, a real process). */
    freshDist: string;
    /**
     * One small curated ghost set, generated once per run (quick config, 30 boards, seed 4, a real
     * process): for the tests that need some set to bundle, validate or break, not the generating.
     * It lacks some tiers, so short-pack cases can use it. The generated candidates and the curated
     * set; copy them, never write to them.
     */
    smallGhostSet: { candidates: string; curated: string };
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

/** The small shared ghost set: generate (quick config) then curate, both the current CLI. */
async function smallGhost(work: string, { candidates: cand, curated: out }: { candidates: string; curated: string }): Promise<void> {
  const config = path.join(work, 'ghost.quick.config.json');
  writeFileSync(config, JSON.stringify(quickConfig('ghost')));
  const bin = path.join(root, 'bin', 'proofpack.js');
  await exec(process.execPath, [bin, 'generate', 'ghost', '--config', config, '--count', '30', '--seed', '4', '--threads', '1', '--out', cand, '--quiet']);
  await exec(process.execPath, [bin, 'curate', cand, '--out', out, '--quiet']);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await exec(process.execPath, [path.join(root, 'tools', 'scripts', 'build-kernel.mjs')]);
  await Promise.all([
    exec(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']),
    // the client build from its source (tsx), so it need not wait for tsc's build/tools
    exec(process.execPath, ['--import', 'tsx', path.join(root, 'tools', 'scripts', 'build-client.ts')]),
  ]);
  const work = mkdtempSync(path.join(tmpdir(), 'proofpack-suite-'));
  const freshDist = path.join(work, 'dist');
  const smallGhostSet = { candidates: path.join(work, 'small-ghost.candidates.json'), curated: path.join(work, 'small-ghost.json') };
  const [packed, , , server] = await Promise.all([
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
    smallGhost(work, smallGhostSet),
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
  project.provide('smallGhostSet', smallGhostSet);
  project.provide('chromium', {
    wsEndpoint: server?.wsEndpoint() ?? '',
    missing: server ? '' : `the browser tests need Chromium at ${CHROMIUM}: install Debian's chromium package or set PROOFPACK_CHROMIUM`,
  });
  return async () => {
    await server?.close();
  };
}

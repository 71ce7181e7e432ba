// The example game (examples/pixel-garden), as its CI runs it (its ci.sh):
// copied to a temporary folder with the tarball this run packed at the path
// its package.json names, installed with npm (no lock file), then its kind
// type-checked with its own tsconfig.json, checked by check-kind, its committed
// levels/ and dist/ validated as they are, and rebuilt by pipeline byte for
// byte. About 30 s: the install and one small pipeline run.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT, tempDir, filesUnder } from '../support/helpers.ts';

const EXAMPLE = path.join(ROOT, 'examples', 'pixel-garden');
/** The copy: <temp>/examples/pixel-garden, so `file:../../proofpack-<version>.tgz` names <temp>/proofpack-<version>.tgz. */
const game = path.join(tempDir(), 'examples', 'pixel-garden');

/** The installed bin in the game. */
function proofpack(args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, CI: '1', NO_COLOR: '1' };
  delete env['PROOFPACK_WORKER_SCRIPT'];
  delete env['PROOFPACK_CHECK_KIND_WORKER'];
  const r = spawnSync(path.join(game, 'node_modules', '.bin', 'proofpack'), args, { cwd: game, encoding: 'utf8', env });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  fs.cpSync(EXAMPLE, game, { recursive: true, filter: (src) => !/[/\\](node_modules|\.proofpack)$/.test(src) });
  const spec: string = JSON.parse(fs.readFileSync(path.join(game, 'package.json'), 'utf8')).devDependencies.proofpack;
  expect(spec).toMatch(/^file:/);
  fs.copyFileSync(inject('tarballs').proofpack, path.resolve(game, spec.slice('file:'.length)));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: game, stdio: 'ignore' });
});

describe('the example game pixel-garden, installed from the packed tarball', () => {
  it('writes no lock file (none pins a stale hash of the tarball)', () => {
    expect(fs.existsSync(path.join(game, 'package-lock.json'))).toBe(false);
  });

  it('its kind type-checks against the installed SDK (tsc --noEmit -p proofpack)', () => {
    const r = spawnSync(path.join(game, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', 'proofpack'], { cwd: game, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it("passes check-kind (with no name: the game's kinds)", () => {
    const r = proofpack(['check-kind', '--count', '2']);
    expect(r.stdout, r.stderr).toBe('nonogram: keeps the kind contract\n');
    expect(r.code).toBe(0);
  });

  it('its committed levels/ and dist/ pass validate as they are, and pipeline rebuilds them byte for byte', () => {
    const v = proofpack(['validate', 'levels', 'dist', '--threads', '2']);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    // 1 set, 2 packs, the manifest, 1 conformance file
    expect(v.stdout).toMatch(/^ok: 5 files, /m);
    const committed = { levels: filesUnder(path.join(EXAMPLE, 'levels')), dist: filesUnder(path.join(EXAMPLE, 'dist')) };
    const r = proofpack(['pipeline', '--threads', '2', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const rebuilt = { levels: filesUnder(path.join(game, 'levels')), dist: filesUnder(path.join(game, 'dist')) };
    expect(Object.keys(rebuilt.dist)).toEqual(Object.keys(committed.dist));
    expect(Object.keys(rebuilt.levels)).toEqual(Object.keys(committed.levels));
    for (const part of ['levels', 'dist'] as const)
      for (const [f, bytes] of Object.entries(committed[part])) expect(rebuilt[part][f] === bytes, `${part}/${f} differs from the committed file`).toBe(true);
  });
});

// A pipeline run is one transaction: a write that fails half way (ENOSPC,
// injected here by failing every file the bundle step opens for writing in the
// run folder's dist) leaves levels/ and dist/ exactly as they were.
import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { pipelineCommand } from '../../tools/commands/pipeline.ts';
import type { Console } from '../../tools/lib/console.ts';

const fail = vi.hoisted(() => ({ on: false, hits: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const openSync = (file: fs.PathLike, ...rest: unknown[]) => {
    const name = String(file);
    // a write (not a read) of the bundle step: bundle stages the new dist beside the old one (…/.dist.bundle-new-<pid>/)
    const writing = typeof rest[0] === 'string' && /[wa]/.test(rest[0]);
    if (fail.on && writing && name.includes('/run/tree/') && name.includes('dist')) {
      fail.hits++;
      throw Object.assign(new Error(`ENOSPC: no space left on device, open '${name}'`), { code: 'ENOSPC' });
    }
    return (real.openSync as (...a: unknown[]) => number)(file, ...rest);
  };
  return { ...real, openSync, default: { ...real, openSync } };
});

const quiet: Console = { out() {}, warn() {}, err() {}, problem() {}, progress: () => ({ update() {}, stop() {} }) };

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, f);
    if (fs.statSync(file).isFile()) out[f] = fs.readFileSync(file, 'base64');
  }
  return out;
}

describe('a pipeline run is one transaction', () => {
  it('a write that fails with ENOSPC in the bundle step leaves levels/ and dist/ as they were', async () => {
    const game = tempDir();
    const configDir = path.join(game, 'proofpack');
    fs.mkdirSync(configDir);
    const ghost = (seed: number) =>
      fs.writeFileSync(
        path.join(configDir, 'ghost.json'),
        JSON.stringify({ seed, scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count: 3, tier: 'EASY' }] }),
      );
    ghost(1);
    fs.writeFileSync(
      path.join(configDir, 'packs.json'),
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [{ name: 'easy', set: '../levels/ghost/standard.json', tiers: { EASY: 'all' }, order: 'difficulty' }],
      }),
    );
    const opts = { threads: 1, configDir, levels: path.join(game, 'levels'), dist: path.join(game, 'dist'), work: path.join(game, '.proofpack') };
    expect(await pipelineCommand(opts, quiet)).toBe(0);
    const before = { levels: snapshot(opts.levels), dist: snapshot(opts.dist) };
    expect(Object.keys(before.dist)).toContain('easy.json');

    ghost(2);
    fail.on = true;
    const run = pipelineCommand(opts, quiet);
    await expect(run).rejects.toThrow(/cannot write the new dist \(ENOSPC\)/);
    fail.on = false;
    expect(fail.hits).toBeGreaterThan(0);
    expect({ levels: snapshot(opts.levels), dist: snapshot(opts.dist) }).toEqual(before);
    // the run folder is cleaned up
    expect(fs.existsSync(path.join(opts.work, 'run'))).toBe(false);
  });
});

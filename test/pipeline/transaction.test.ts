// A pipeline run is one transaction: a write that fails half way (ENOSPC,
// injected here by failing every file the bundle step opens for writing in the
// run folder's dist) leaves levels/ and dist/ exactly as they were.
import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { smallGhostGame, writeSmallGhostConfig } from '../support/small-game.ts';
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
    const opts = { threads: 1, ...smallGhostGame(tempDir()) };
    expect(await pipelineCommand(opts, quiet)).toBe(0);
    const before = { levels: snapshot(opts.levels), dist: snapshot(opts.dist) };
    expect(Object.keys(before.dist)).toContain('easy.json');

    writeSmallGhostConfig(opts, 2);
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

// Interrupted runs (SIGKILL) leave the previous output intact; an interrupted
// generate continues with --resume to exactly the bytes of an uninterrupted run.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN, cli, quickConfigFile, tempDir } from '../support/helpers.ts';

const dir = tempDir();
const quick = quickConfigFile('ghost', dir);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(args: string[]) {
  return spawn(process.execPath, [BIN, ...args], { stdio: 'ignore', env: { ...process.env, CI: '1' } });
}

async function killWhen(child: ReturnType<typeof start>, ready: () => boolean, timeoutMs = 60_000) {
  const t0 = Date.now();
  while (!ready() && Date.now() - t0 < timeoutMs && child.exitCode === null) await sleep(20);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

describe('interruption', () => {
  it('generate: SIGKILL keeps the old output; --resume finishes to the same bytes as an uninterrupted run', async () => {
    const out = path.join(dir, 'gen.json');
    const checkpoint = `${out}.checkpoint.json`;
    fs.writeFileSync(out, 'the previous output\n');
    const args = ['generate', 'ghost', '--config', quick, '--count', '240', '--seed', '12', '--threads', '2', '--out', out];
    const child = start([...args, '--checkpoint-every', '0.1']);
    await killWhen(child, () => fs.existsSync(checkpoint) && JSON.parse(fs.readFileSync(checkpoint, 'utf8')).slots.length >= 40);
    expect(fs.readFileSync(out, 'utf8')).toBe('the previous output\n');
    const saved = JSON.parse(fs.readFileSync(checkpoint, 'utf8')).slots.length;
    expect(saved).toBeGreaterThanOrEqual(40);
    expect(saved).toBeLessThan(240);

    const resumed = cli([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`${saved} slots resumed from the checkpoint`));
    expect(fs.existsSync(checkpoint)).toBe(false);

    const clean = path.join(dir, 'gen-clean.json');
    expect(cli([...args.slice(0, -1), clean]).code).toBe(0);
    expect(fs.readFileSync(out).equals(fs.readFileSync(clean))).toBe(true);
  });

  it('generate --resume refuses a checkpoint of another job', () => {
    const out = path.join(dir, 'other.json');
    fs.writeFileSync(`${out}.checkpoint.json`, JSON.stringify({ type: 'checkpoint', formatVersion: 1, job: '0'.repeat(64), slots: [] }));
    const r = cli(['generate', 'ghost', '--count', '5', '--out', out, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/checkpoint\.json › job: the checkpoint belongs to another job/);
  });

  it('bundle: SIGKILL at any moment leaves every file either the old or the new version', async () => {
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(path.join(levels, 'ghost'), { recursive: true });
    const set = path.join(levels, 'ghost', 'standard.json');
    expect(cli(['generate', 'ghost', '--config', quick, '--count', '60', '--seed', '2', '--threads', '1', '--out', path.join(dir, 'c.json')]).code).toBe(0);
    expect(cli(['curate', path.join(dir, 'c.json'), '--out', set]).code).toBe(0);
    const config = (order: string) => ({
      type: 'packs-config',
      formatVersion: 1,
      packs: Array.from({ length: 100 }, (_, i) => ({ name: `p${i}`, set: 'ghost/standard.json', tiers: { EASY: 'all', NORMAL: 'all', HARD: 'all' }, order, ...(order === 'shuffle' ? { seed: i } : {}) })),
    });
    const oldConfig = path.join(levels, 'old.json');
    const newConfig = path.join(levels, 'new.json');
    fs.writeFileSync(oldConfig, JSON.stringify(config('difficulty')));
    fs.writeFileSync(newConfig, JSON.stringify(config('shuffle')));
    const out = path.join(dir, 'dist');
    const ref = path.join(dir, 'dist-new');
    expect(cli(['bundle', '--packs', newConfig, '--out', ref]).code).toBe(0);
    expect(cli(['bundle', '--packs', oldConfig, '--out', out]).code).toBe(0);
    const jsonFiles = (d: string) => fs.readdirSync(d).filter((f) => f.endsWith('.json'));
    const old = new Map(jsonFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f))]));
    const fresh = new Map(jsonFiles(ref).map((f) => [f, fs.readFileSync(path.join(ref, f))]));
    // Kill as soon as the first new pack is on disk: the run is then part-way through its writes.
    const firstPack = path.join(out, 'p0.json');
    const child = start(['bundle', '--packs', newConfig, '--out', out]);
    await killWhen(child, () => {
      try {
        return fs.readFileSync(firstPack).equals(fresh.get('p0.json')!);
      } catch {
        return false;
      }
    });
    let asOld = 0;
    let asNew = 0;
    for (const f of fs.readdirSync(out).filter((x) => x.endsWith('.json'))) {
      const bytes = fs.readFileSync(path.join(out, f));
      const isOld = bytes.equals(old.get(f)!);
      const isNew = bytes.equals(fresh.get(f)!);
      expect(isOld || isNew, `${f} is neither the old nor the new version`).toBe(true);
      if (isOld) asOld++;
      if (isNew) asNew++;
    }
    // the kill really landed while packs were being written: some are new, the rest (and the manifest) old
    expect(asNew).toBeGreaterThan(0);
    expect(asOld).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(out, 'manifest.json')).equals(old.get('manifest.json')!)).toBe(true);
    expect(cli(['bundle', '--packs', newConfig, '--out', out]).code).toBe(0);
    expect(cli(['validate', path.join(out, 'manifest.json'), '--threads', '1']).code).toBe(0);
  });
});

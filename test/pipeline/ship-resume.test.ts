// pipeline --resume continues where the interrupted run stopped (issue 43):
// a kind whose generate step finished is checked, not generated again, and the
// log says so; the kind interrupted mid-generate continues from its
// checkpoint; the result is byte for byte an uninterrupted run's. Ctrl-C lands
// in a spawned run (slots and steps slowed by the test pauses); the resumed
// and the reference runs run in-process.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN, tempDir, filesUnder } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const game = tempDir();
const config = path.join(game, 'proofpack');
const levels = path.join(game, 'levels');
const dist = path.join(game, 'dist');

const args = (work: string) => ['pipeline', '--config-dir', config, '--levels', levels, '--dist', dist, '--work', work, '--threads', '1', '--count', '8'];
let reference: { levels: Record<string, string>; dist: Record<string, string> };

beforeAll(async () => {
  fs.mkdirSync(config);
  fs.writeFileSync(
    path.join(config, 'ghost.json'),
    JSON.stringify({ seed: 3, scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count: 6, tier: 'EASY' }] }),
  );
  fs.writeFileSync(path.join(config, 'slide.json'), JSON.stringify({ seed: 3 }));
  const pack = (name: string, set: string, tiers: Record<string, 'all'>) => ({ name, set, tiers, order: 'difficulty' });
  fs.writeFileSync(
    path.join(config, 'packs.json'),
    JSON.stringify({
      type: 'packs-config',
      formatVersion: 1,
      packs: [pack('ghost-easy', '../levels/ghost/standard.json', { EASY: 'all' }), pack('slide-normal', '../levels/slide/standard.json', { normal: 'all' })],
    }),
  );
  // the uninterrupted run, then its outputs removed
  const r = await run(args(path.join(game, 'work-reference')));
  expect(r.code, r.stderr).toBe(0);
  reference = { levels: filesUnder(levels), dist: filesUnder(dist) };
  fs.rmSync(levels, { recursive: true });
  fs.rmSync(dist, { recursive: true });
});

/** The pipeline spawned with the test pauses, sent SIGINT `afterMs` after its output shows `marker`: its exit code and output. */
async function interrupted(work: string, marker: string, env: Record<string, string>, afterMs = 300) {
  const child = spawn(process.execPath, [BIN, ...args(work)], { env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const t0 = Date.now();
  while (!out.includes(marker) && Date.now() - t0 < 60_000 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, afterMs));
  child.kill('SIGINT');
  return { code: await exited, out, err };
}

describe('pipeline --resume', () => {
  it('after Ctrl-C in generate slide: ghost is checked, not regenerated; slide continues from its checkpoint; same bytes', async () => {
    const work = path.join(game, 'work-slide');
    // slots of a second or more, the signal 3.5 s in: a slot or more saved (the pool starts in under 2 s,
    // even on a loaded machine), most of the 8 still to come
    const stopped = await interrupted(work, '== generate slide', { PROOFPACK_TEST_WORK_PAUSE_MS: '1000' }, 3500);
    expect(stopped.code, stopped.err).toBe(130);
    expect(fs.existsSync(path.join(work, 'candidates', 'slide-standard.json.checkpoint.json'))).toBe(true);
    const r = await run([...args(work), '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('ghost: finished in the interrupted run, checked, not regenerated');
    expect(r.stdout).not.toMatch(/wrote \d+ ghost candidates/);
    expect(r.stdout).toMatch(/wrote \d+ slide candidates .*slots resumed from the checkpoint/);
    expect({ levels: filesUnder(levels), dist: filesUnder(dist) }).toEqual(reference);
    fs.rmSync(levels, { recursive: true });
    fs.rmSync(dist, { recursive: true });
  });

  it('after Ctrl-C in validate: no kind is regenerated, and the log says which', async () => {
    const work = path.join(game, 'work-validate');
    const stopped = await interrupted(work, '== validate levels', { PROOFPACK_TEST_STEP_PAUSE_MS: '400' });
    expect(stopped.code, stopped.err).toBe(130);
    const r = await run([...args(work), '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('ghost: finished in the interrupted run, checked, not regenerated');
    expect(r.stdout).toContain('slide: finished in the interrupted run, checked, not regenerated');
    expect(r.stdout).not.toMatch(/wrote \d+ (ghost|slide) candidates/);
    expect({ levels: filesUnder(levels), dist: filesUnder(dist) }).toEqual(reference);
  });

  it('candidates of another job (another seed) are generated again, and the log says why', async () => {
    const work = path.join(game, 'work-validate');
    const r = await run([...args(work), '--resume', '--seed', '9']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `ghost: ${path.join(work, 'candidates', 'ghost-standard.json')} is not this job's finished output (generator.seed: the candidates' 3, this run's 9); generated again`,
    );
    expect(r.stdout).toContain('wrote 8 ghost candidates');
  });
});

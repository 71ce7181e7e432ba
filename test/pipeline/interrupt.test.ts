// Interrupted runs: SIGKILL leaves the previous output intact; an interrupted
// generate continues with --resume to exactly the bytes of an uninterrupted run;
// Ctrl-C and SIGTERM on a terminal restore it, save the checkpoint and say so.
// The killed runs get PROOFPACK_TEST_WORK_PAUSE_MS (a pause before each
// generate slot and after each file bundle writes), so a small job leaves a
// wide window for the kill; the runs that are not killed run in-process.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN, ROOT, quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { writeCheckpoint } from '../../tools/commands/files/checkpoint.ts';
import { TOOL } from '../../tools/lib/files.ts';
import type { Level, SlotResult } from '../../tools/lib/kind.ts';

const dir = tempDir();
const quick = quickConfigFile('ghost', dir);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds each slot (generate) or written file (bundle) waits in a run that is killed. */
const PAUSE = '100';

function start(args: string[]) {
  return spawn(process.execPath, [BIN, ...args], { stdio: 'ignore', env: { ...process.env, CI: '1', PROOFPACK_TEST_WORK_PAUSE_MS: PAUSE } });
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
    const args = ['generate', 'ghost', '--config', quick, '--count', '24', '--seed', '12', '--threads', '2', '--out', out];
    const child = start([...args, '--checkpoint-every', '0.1']);
    await killWhen(child, () => fs.existsSync(checkpoint) && JSON.parse(fs.readFileSync(checkpoint, 'utf8')).slots.length >= 4);
    expect(fs.readFileSync(out, 'utf8')).toBe('the previous output\n');
    const saved = JSON.parse(fs.readFileSync(checkpoint, 'utf8')).slots.length;
    expect(saved).toBeGreaterThanOrEqual(4);
    expect(saved).toBeLessThan(24);

    const resumed = await run([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`${saved} slots resumed from the checkpoint`));
    expect(fs.existsSync(checkpoint)).toBe(false);

    const clean = path.join(dir, 'gen-clean.json');
    expect((await run([...args.slice(0, -1), clean])).code).toBe(0);
    expect(fs.readFileSync(out).equals(fs.readFileSync(clean))).toBe(true);
  });

  it('generate --resume refuses a checkpoint of another job', async () => {
    const out = path.join(dir, 'other.json');
    fs.writeFileSync(`${out}.checkpoint.json`, JSON.stringify({ type: 'checkpoint', formatVersion: 1, job: '0'.repeat(64), slots: [] }));
    const r = await run(['generate', 'ghost', '--count', '5', '--out', out, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/checkpoint\.json › job: the checkpoint belongs to another job \(other config, seed, name, count, shard or tool version\)/);
  });

  it('bundle: SIGKILL at any moment leaves the old dist exactly as it was; the next run sweeps what it left', async () => {
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(path.join(levels, 'ghost'), { recursive: true });
    const set = path.join(levels, 'ghost', 'standard.json');
    expect(
      (await run(['generate', 'ghost', '--config', quick, '--count', '20', '--seed', '2', '--threads', '1', '--out', path.join(dir, 'c.json')])).code,
    ).toBe(0);
    expect((await run(['curate', path.join(dir, 'c.json'), '--out', set])).code).toBe(0);
    const config = (order: string) => ({
      type: 'packs-config',
      formatVersion: 1,
      packs: Array.from({ length: 3 }, (_, i) => ({
        name: `p${i}`,
        set: 'ghost/standard.json',
        tiers: { EASY: 'all', NORMAL: 'all' },
        order,
        ...(order === 'shuffle' ? { seed: i } : {}),
      })),
    });
    const oldConfig = path.join(levels, 'old.json');
    const newConfig = path.join(levels, 'new.json');
    fs.writeFileSync(oldConfig, JSON.stringify(config('difficulty')));
    fs.writeFileSync(newConfig, JSON.stringify(config('shuffle')));
    const out = path.join(dir, 'dist');
    const ref = path.join(dir, 'dist-new');
    expect((await run(['bundle', '--packs', newConfig, '--out', ref])).code).toBe(0);
    expect((await run(['bundle', '--packs', oldConfig, '--out', out])).code).toBe(0);
    const jsonFiles = (d: string) => fs.readdirSync(d).filter((f) => f.endsWith('.json'));
    const old = new Map(jsonFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f))]));
    const fresh = new Map(jsonFiles(ref).map((f) => [f, fs.readFileSync(path.join(ref, f))]));
    // Kill as soon as the first new pack is on disk (in the new dist being built beside the old one): part-way through its writes.
    const child = start(['bundle', '--packs', newConfig, '--out', out]);
    // the stage is named by the pid of the process that bundles: the launcher's child (bin/proofpack.js supervises it)
    const staged = () => fs.readdirSync(dir).find((f) => f.startsWith('.dist.bundle-new-'));
    await killWhen(child, () => {
      try {
        return fs.readFileSync(path.join(dir, staged() ?? '-', 'p0.json')).equals(fresh.get('p0.json')!);
      } catch {
        return false;
      }
    });
    const stage = path.join(dir, staged() ?? '.dist.bundle-new-(never made)');
    // the launcher killed, the bundling process ends with it (never goes on writing unwatched)
    const bundler = Number(path.basename(stage).split('-').pop());
    const running = () => {
      try {
        return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${bundler}/status`, 'utf8'));
      } catch {
        return false;
      }
    };
    for (let t = 0; t < 100 && running(); t++) await sleep(50);
    expect(running(), `process ${bundler} still runs after its launcher was killed`).toBe(false);
    // the kill really landed while packs were being written, and the old dist is exactly as it was
    expect(fs.existsSync(stage)).toBe(true);
    expect(jsonFiles(out).sort()).toEqual([...old.keys()].sort());
    for (const f of jsonFiles(out)) expect(fs.readFileSync(path.join(out, f)).equals(old.get(f)!), `${f} is not the old version`).toBe(true);
    // the next run sweeps the half-built dist and swaps in the new one
    expect((await run(['bundle', '--packs', newConfig, '--out', out])).code).toBe(0);
    expect(fs.existsSync(stage)).toBe(false);
    for (const f of jsonFiles(out)) expect(fs.readFileSync(path.join(out, f)).equals(fresh.get(f)!), `${f} is not the new version`).toBe(true);
    expect((await run(['validate', path.join(out, 'manifest.json'), '--threads', '1'])).code).toBe(0);
  });
});

describe('Ctrl-C and SIGTERM on a terminal', () => {
  // `script` runs generate on a pseudo-terminal (progress bar on, cursor hidden, line wrap off);
  // the shell prints its pid and execs node, so the pid is generate's own.
  async function onTty(args: string[], ready: (text: string) => boolean, sig: 'SIGINT' | 'SIGTERM', pause = PAUSE) {
    const command = `echo PID $$; exec ${process.execPath} ${BIN} ${args.join(' ')}`;
    const env: Record<string, string | undefined> = { ...process.env, PROOFPACK_TEST_WORK_PAUSE_MS: pause };
    delete env['CI'];
    const child = spawn('script', ['-qefc', command, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const t0 = Date.now();
    while (Date.now() - t0 < 60_000 && (!/PID \d+/.test(text) || !ready(text))) await sleep(20);
    process.kill(Number(/PID (\d+)/.exec(text)![1]), sig);
    const code = await exited;
    return { code, text };
  }

  async function interruptOnTty(sig: 'SIGINT' | 'SIGTERM', out: string) {
    const checkpoint = `${out}.checkpoint.json`;
    const saved = () => (fs.existsSync(checkpoint) ? JSON.parse(fs.readFileSync(checkpoint, 'utf8')).slots.length : 0);
    const args = ['generate', 'ghost', '--config', quick, '--count', '24', '--seed', '12', '--threads', '2', '--checkpoint-every', '0.1', '--out', out];
    const { code, text } = await onTty(args, () => saved() >= 4, sig);
    return { code, text, slots: saved() };
  }

  /** The progress bar hid the cursor and turned line wrap off; both come back after its last update. */
  function expectRestored(text: string) {
    const hidden = text.lastIndexOf('\x1b[?25l');
    expect(hidden).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('\x1b[?7l')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('\x1b[?25h', hidden)).toBeGreaterThan(hidden);
    expect(text.indexOf('\x1b[?7h', hidden)).toBeGreaterThan(hidden);
  }

  for (const [sig, exit] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${sig}: restores the cursor and line wrap, saves the checkpoint, says so, exits ${exit}`, async () => {
      const out = path.join(dir, `tty-${sig}.json`);
      const { code, text, slots } = await interruptOnTty(sig, out);
      expect(code).toBe(exit);
      expectRestored(text);
      expect(slots).toBeGreaterThanOrEqual(4);
      expect(slots).toBeLessThan(24);
      expect(text).toContain(`proofpack: interrupted: ${slots} of 24 slots saved in ${out}.checkpoint.json; rerun with --resume`);
      expect(fs.existsSync(out)).toBe(false);
    });
  }

  it('SIGINT during a generate slot that may be long: answered while it runs (the slot is on a worker thread, not the main one), exit 130, nothing written', async () => {
    // one slot that deepens 2,000 times; each slot first waits 8 s, so the signal lands inside it
    const config = path.join(dir, 'long-slot.json');
    fs.writeFileSync(config, JSON.stringify({ seed: 1, name: 'long', plan: [{ size: 5, mode: 'direct', count: 1, tier: 'EASY', deepen: 2000 }] }));
    const out = path.join(dir, 'long-slot-out.json');
    // a run this small shows no progress bar: the signal goes 3.5 s after the start, inside the slot's 8 s wait
    const t0 = Date.now();
    const { code, text } = await onTty(
      ['generate', 'ghost', '--config', config, '--threads', '1', '--out', out],
      () => Date.now() - t0 > 3500,
      'SIGINT',
      '8000',
    );
    // run on the main thread, the slot held the signal until it ended and the run finished (exit 0, the file written)
    expect(code).toBe(130);
    expect(text).toContain(`proofpack: interrupted: 0 of 1 slots saved in ${out}.checkpoint.json; rerun with --resume`);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('SIGINT during validate: the terminal restored, what was checked said, exit 130', async () => {
    const set = path.join(ROOT, 'levels', 'ghost', 'standard.json');
    const total = JSON.parse(fs.readFileSync(set, 'utf8')).levels.length;
    const { code, text } = await onTty(['validate', set, '--threads', '1'], (t) => / [1-9]\d*\/\d+ /.test(t), 'SIGINT');
    expect(code).toBe(130);
    expectRestored(text);
    const m = /proofpack: interrupted: validate stopped after (\d+) of (\d+) levels; nothing was written/.exec(text);
    expect(m).not.toBeNull();
    expect(Number(m![2])).toBe(total);
    expect(Number(m![1])).toBeLessThan(total);
  });

  it('a run that finds a checkpoint and was not given --resume refuses and keeps it', async () => {
    const out = path.join(dir, 'start-over.json');
    const text = JSON.stringify({ type: 'checkpoint', formatVersion: 1, job: '0'.repeat(64), slots: [] });
    fs.writeFileSync(`${out}.checkpoint.json`, text);
    const r = await run(['generate', 'ghost', '--config', quick, '--count', '4', '--threads', '1', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${out}.checkpoint.json: a checkpoint of an interrupted run is there (kept): rerun with --resume to continue from it, or delete it to start over\n`,
    );
    expect(fs.readFileSync(`${out}.checkpoint.json`, 'utf8')).toBe(text);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('what --resume reads back', () => {
  const config = JSON.parse(fs.readFileSync(quick, 'utf8'));
  const settings = (seed: number) => ({ tool: TOOL, kind: 'ghost', seed, name: 'standard', count: 4, shard: null, config });
  const real = JSON.parse(fs.readFileSync(path.join(ROOT, 'levels', 'ghost', 'standard.json'), 'utf8')).levels as Level[];
  const slot = (level: Level) => ({ puzzle: level.puzzle, solution: level.solution, analysis: level.analysis });

  it('a checkpoint of another job is refused, naming the setting that differs; the checkpoint is kept', async () => {
    const out = path.join(dir, 'seed-differs.json');
    writeCheckpoint(`${out}.checkpoint.json`, settings(1), new Map());
    const before = fs.readFileSync(`${out}.checkpoint.json`);
    const r = await run(['generate', 'ghost', '--config', quick, '--count', '4', '--seed', '2', '--threads', '1', '--out', out, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${out}.checkpoint.json › job: the checkpoint belongs to another job (seed: the checkpoint's is 1, this run's is 2); run the same job again to resume it, or delete the checkpoint or drop --resume\n`,
    );
    expect(fs.readFileSync(`${out}.checkpoint.json`).equals(before)).toBe(true);
  });

  it('a slot whose stored analysis was changed is found by generating the slot again', async () => {
    const made = path.join(dir, 'made.json');
    expect((await run(['generate', 'ghost', '--config', quick, '--count', '4', '--seed', '1', '--threads', '1', '--out', made])).code).toBe(0);
    const level = (JSON.parse(fs.readFileSync(made, 'utf8')).levels as Level[])[0]!;
    const analysis = { ...(level.analysis as Record<string, unknown>), logicDepth: Number((level.analysis as { logicDepth: number }).logicDepth) + 7 };
    const out = path.join(dir, 'tampered.json');
    const cp = `${out}.checkpoint.json`;
    writeCheckpoint(cp, settings(1), new Map([[0, { found: { ...slot(level), analysis }, tries: 2, disagreements: 0 }]]));
    const r = await run(['generate', 'ghost', '--config', quick, '--count', '4', '--seed', '1', '--threads', '1', '--out', out, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `proofpack: ${cp} › slot 0 › result.found.analysis.logicDepth: stored ${analysis.logicDepth}, generating the slot again gives ${analysis.logicDepth - 7}`,
      `proofpack: ${cp}: not resumed: 1 slot differs from what this job generates in it; delete the checkpoint to start over`,
    ]);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('every forged or garbage slot is reported, none trusted or dropped; nothing written', async () => {
    const out = path.join(dir, 'forged.json');
    const done = new Map<number, SlotResult<unknown, unknown, unknown>>([
      [0, { found: slot(real[0]!), tries: 3, disagreements: 0 }],
      // another level's solution: breaks the rules
      [1, { found: { ...slot(real[1]!), solution: real[2]!.solution }, tries: 3, disagreements: 0 }],
      // not a ghost puzzle at all
      [2, { found: { puzzle: { size: 'big' }, solution: [], analysis: {} }, tries: 1, disagreements: 0 }],
      // a slot this job does not have
      [99, { found: null, tries: 5, disagreements: 0 }],
    ]);
    writeCheckpoint(`${out}.checkpoint.json`, settings(1), done);
    const r = await run(['generate', 'ghost', '--config', quick, '--count', '4', '--seed', '1', '--threads', '1', '--out', out, '--resume']);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    const cp = `${out}.checkpoint.json`;
    expect(lines[0]!.startsWith(`proofpack: ${cp} › slots[1] (slot 1) › result.found.`), lines[0]).toBe(true);
    expect(lines.some((l) => l.startsWith(`proofpack: ${cp} › slots[2] (slot 2) › result.found.puzzle`))).toBe(true);
    expect(lines).toContain(`proofpack: ${cp} › slots[3] (slot 99) › slot: not a slot of this job`);
    expect(lines.at(-1)).toBe(`proofpack: ${cp}: not resumed: the checkpoint has ${lines.length - 1} bad slots; delete it to start over`);
    expect(lines.some((l) => l.includes('slots[0]'))).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(cp)).toBe(true);
  });
});

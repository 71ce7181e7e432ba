// Interrupted runs: SIGKILL leaves the previous output intact; an interrupted
// generate continues with --resume to exactly the bytes of an uninterrupted run;
// Ctrl-C and SIGTERM on a terminal restore it, save the checkpoint and say so.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN, ROOT, cli, quickConfigFile, tempDir } from '../support/helpers.ts';

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

  it('bundle: SIGKILL at any moment leaves the old dist exactly as it was; the next run sweeps what it left', async () => {
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(path.join(levels, 'ghost'), { recursive: true });
    const set = path.join(levels, 'ghost', 'standard.json');
    expect(cli(['generate', 'ghost', '--config', quick, '--count', '60', '--seed', '2', '--threads', '1', '--out', path.join(dir, 'c.json')]).code).toBe(0);
    expect(cli(['curate', path.join(dir, 'c.json'), '--out', set]).code).toBe(0);
    const config = (order: string) => ({
      type: 'packs-config',
      formatVersion: 1,
      packs: Array.from({ length: 100 }, (_, i) => ({
        name: `p${i}`,
        set: 'ghost/standard.json',
        tiers: { EASY: 'all', NORMAL: 'all', HARD: 'all' },
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
    expect(cli(['bundle', '--packs', newConfig, '--out', ref]).code).toBe(0);
    expect(cli(['bundle', '--packs', oldConfig, '--out', out]).code).toBe(0);
    const jsonFiles = (d: string) => fs.readdirSync(d).filter((f) => f.endsWith('.json'));
    const old = new Map(jsonFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f))]));
    const fresh = new Map(jsonFiles(ref).map((f) => [f, fs.readFileSync(path.join(ref, f))]));
    // Kill as soon as the first new pack is on disk (in the new dist being built beside the old one): part-way through its writes.
    const child = start(['bundle', '--packs', newConfig, '--out', out]);
    const stage = path.join(dir, `.dist.bundle-new-${child.pid}`);
    const firstPack = path.join(stage, 'p0.json');
    await killWhen(child, () => {
      try {
        return fs.readFileSync(firstPack).equals(fresh.get('p0.json')!);
      } catch {
        return false;
      }
    });
    // the kill really landed while packs were being written, and the old dist is exactly as it was
    expect(fs.existsSync(stage)).toBe(true);
    expect(jsonFiles(out).sort()).toEqual([...old.keys()].sort());
    for (const f of jsonFiles(out)) expect(fs.readFileSync(path.join(out, f)).equals(old.get(f)!), `${f} is not the old version`).toBe(true);
    // the next run sweeps the half-built dist and swaps in the new one
    expect(cli(['bundle', '--packs', newConfig, '--out', out]).code).toBe(0);
    expect(fs.existsSync(stage)).toBe(false);
    for (const f of jsonFiles(out)) expect(fs.readFileSync(path.join(out, f)).equals(fresh.get(f)!), `${f} is not the new version`).toBe(true);
    expect(cli(['validate', path.join(out, 'manifest.json'), '--threads', '1']).code).toBe(0);
  });
});

describe('Ctrl-C and SIGTERM on a terminal', () => {
  // `script` runs generate on a pseudo-terminal (progress bar on, cursor hidden, line wrap off);
  // the shell prints its pid and execs node, so the pid is generate's own.
  async function onTty(args: string[], ready: (text: string) => boolean, sig: 'SIGINT' | 'SIGTERM') {
    const command = `echo PID $$; exec ${process.execPath} ${BIN} ${args.join(' ')}`;
    const env: Record<string, string | undefined> = { ...process.env };
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
    const args = ['generate', 'ghost', '--config', quick, '--count', '240', '--seed', '12', '--threads', '2', '--checkpoint-every', '0.1', '--out', out];
    const { code, text } = await onTty(args, () => saved() >= 20, sig);
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
      expect(slots).toBeGreaterThanOrEqual(20);
      expect(slots).toBeLessThan(240);
      expect(text).toContain(`proofpack: interrupted: ${slots} of 240 slots saved in ${out}.checkpoint.json; rerun with --resume`);
      expect(fs.existsSync(out)).toBe(false);
    });
  }

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

  it('a run that finds a checkpoint and was not given --resume says it is starting over', () => {
    const out = path.join(dir, 'start-over.json');
    fs.writeFileSync(`${out}.checkpoint.json`, JSON.stringify({ type: 'checkpoint', formatVersion: 1, job: '0'.repeat(64), slots: [] }));
    const r = cli(['generate', 'ghost', '--config', quick, '--count', '4', '--threads', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`found ${out}.checkpoint.json from an interrupted run; starting over (rerun with --resume to continue from it)\n`);
    expect(fs.existsSync(`${out}.checkpoint.json`)).toBe(false);
  });
});

// `proofpack check-kind`, the kind contract as a command: our own kinds pass
// it run as a user runs it (in process, small counts) — the same check a game
// team runs in its CI, not a second copy in the tests. About 25 s: each kind's
// sample is generated four times (threads 1 and 2, interrupted and resumed).
// Broken kinds: check-kind-broken.test.ts.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BIN } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

describe.each(['ghost', 'slide', 'apple'])('check-kind %s', (name) => {
  it('keeps the kind contract', async () => {
    const r = await run(['check-kind', name, '--count', '3']);
    expect(r.stdout).toBe(`${name}: keeps the kind contract\n`);
    expect(r.code).toBe(0);
  });
});

describe('check-kind as a command', () => {
  it('refuses bad usage in one line, exit 2, before any work', async () => {
    const unknown = await run(['check-kind', 'pear']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^proofpack: unknown puzzle kind "pear" \(known: ghost, slide, apple\); a game's own kind is registered by adding its module to proofpack\/kinds.json\n$/,
    );
    const none = await run(['check-kind']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      "proofpack: check-kind: proofpack/kinds.json registers no kind of the game's to check; list its modules there (docs/game-repo.md), or name a kind (check-kind ghost|slide|apple)\n",
    );
    const one = await run(['check-kind', 'apple', '--count', '1']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("option '--count <n>' argument '1' is invalid");
    const config = await run(['check-kind', '--config', 'x.json']);
    expect(config.code).toBe(2);
    expect(config.stderr).toBe('proofpack: check-kind --config: name the one kind the config is for\n');
  });

  it('answers Ctrl-C within seconds while checking members: exit 130, one line, its temporary folder removed', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('proofpack-check-kind-slide-')));
    const child = spawn(process.execPath, [BIN, 'check-kind', 'slide', '--count', '2'], { env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    // once the sample is generated, the member checks run: interrupt them
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (stderr.includes('check-kind slide: canonical')) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
      child.once('exit', (c) => {
        clearInterval(poll);
        reject(new Error(`check-kind ended (exit ${c}) before its member checks: ${stderr}`));
      });
    });
    const sent = performance.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(performance.now() - sent).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(stderr.split('\n').filter((l) => l.startsWith('proofpack:'))).toEqual([
      'proofpack: interrupted: check-kind stopped while checking slide; nothing was written',
    ]);
    const left = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('proofpack-check-kind-slide-') && !before.has(f));
    expect(left.map((f) => path.join(os.tmpdir(), f))).toEqual([]);
  });
});

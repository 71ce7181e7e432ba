// Locks never outlive their holder (issue 43: a killed heavy DP left its lock
// file): a process killed while holding the heavy lock leaves a lock naming a
// dead pid, which the next taker takes over at once; a worker thread stopped
// mid-DP (Ctrl-C ends the pool's threads) never runs its release, so once the
// pool is gone the command layer removes the locks still naming this process.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineScratch, releaseOwnLocks, startTimeOf } from '../../tools/commands/run/scratch.ts';
import { runPipelineTasks } from '../../tools/commands/run/tasks.ts';
import { HEAVY_LOCK } from '../../tools/kinds/ghost/score/dp-layered.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cost-locks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mine = () => `${process.pid} ${startTimeOf(process.pid) ?? '-'}\n`;

describe('a lock whose holder is gone', () => {
  it('a process killed (SIGKILL) while holding the heavy lock: its lock is taken over at once by the next taker', async () => {
    const lock = join(dir, `proofpack-${HEAVY_LOCK}.lock`);
    const script = fileURLToPath(new URL('../../build/tools/commands/run/scratch.js', import.meta.url));
    const code = `const { machineScratch } = await import(${JSON.stringify(script)}); machineScratch({ dir: ${JSON.stringify(dir)} }).lock(${JSON.stringify(HEAVY_LOCK)}); console.log('holding'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.on('data', (b: Buffer) => b.toString().includes('holding') && resolve()));
    expect(readFileSync(lock, 'utf8')).toMatch(new RegExp(`^${child.pid} `));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(lock), 'the killed holder could not remove it').toBe(true);
    const t0 = Date.now();
    const release = machineScratch({ dir, patience: 60_000 }).lock(HEAVY_LOCK);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(readFileSync(lock, 'utf8')).toBe(mine());
    release();
    expect(existsSync(lock)).toBe(false);
  }, 20_000);

  it("releaseOwnLocks removes this process's locks and no other's", () => {
    writeFileSync(join(dir, 'proofpack-score-heavy.lock'), mine());
    writeFileSync(join(dir, 'proofpack-other.lock'), '1 12345\n');
    writeFileSync(join(dir, 'unrelated.lock'), mine());
    releaseOwnLocks(dir);
    expect(existsSync(join(dir, 'proofpack-score-heavy.lock'))).toBe(false);
    expect(existsSync(join(dir, 'proofpack-other.lock'))).toBe(true);
    expect(existsSync(join(dir, 'unrelated.lock'))).toBe(true);
  });

  it('a run of tasks ends with no lock naming this process in the temp folder (a thread stopped before its release left it)', async () => {
    const left = join(tmpdir(), `proofpack-cost-locks-${process.pid}.lock`);
    writeFileSync(left, mine());
    await runPipelineTasks([], { threads: 1 });
    expect(existsSync(left)).toBe(false);
  });
});

// The machine-wide lock the heavy score DP takes (tools/commands/run/scratch.ts):
// a lock it cannot show to be held by a live proofpack run — an older
// version's lock folder without a pid file, or with the pid of a live
// unrelated process, or a file whose start time does not match — is taken
// over at once; a holder alive by pid alone is waited on for a bounded time,
// then refused with a message naming the lock; Ctrl-C ends a wait on the main
// thread even when a SIGINT handler is installed; scratch files read back
// what was written and zeros past it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { holderState, machineScratch, startTimeOf } from '../../tools/commands/run/scratch.ts';
import { HEAVY_LOCK } from '../../tools/kinds/ghost/score/dp-layered.ts';

let dir: string;
const lockPath = () => join(dir, `proofpack-${HEAVY_LOCK}.lock`);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'heavy-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function takeWithin(ms: number): () => void {
  const t0 = Date.now();
  const release = machineScratch({ dir, patience: 0 }).lock(HEAVY_LOCK);
  expect(Date.now() - t0).toBeLessThan(ms);
  return release;
}

describe('the heavy score lock', () => {
  it('is taken over at once from a lock folder with no pid file (an older version, killed between mkdir and its pid)', () => {
    mkdirSync(lockPath());
    const release = takeWithin(2000);
    expect(readFileSync(lockPath(), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid) ?? '-'}\n`);
    release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('is taken over at once from a lock folder whose pid file names a live process that is not its holder', () => {
    mkdirSync(lockPath());
    writeFileSync(join(lockPath(), 'pid'), String(process.ppid));
    takeWithin(2000)();
  });

  it('is taken over at once from a lock file whose live pid has another start time (the pid was reused)', () => {
    writeFileSync(lockPath(), `${process.ppid} 1\n`);
    expect(holderState(`${process.ppid} 1\n`)).toBe(startTimeOf(process.ppid) === '1' ? 'alive' : 'stale');
    takeWithin(2000)();
  });

  it('counts a lock with this process and its start time as alive, and a foreign or half-written file as stale', () => {
    const start = startTimeOf(process.pid);
    if (start !== null) expect(holderState(`${process.pid} ${start}\n`)).toBe('alive');
    expect(holderState(`${process.pid} -\n`)).toBe('unproven');
    expect(holderState('')).toBe('stale');
    expect(holderState('hello\n')).toBe('stale');
    expect(holderState(null)).toBe('stale');
  });

  it('waits a bounded time on a holder alive by pid alone, then refuses with a message naming the lock', () => {
    writeFileSync(lockPath(), `${process.pid} -\n`);
    const t0 = Date.now();
    expect(() => machineScratch({ dir, patience: 500 }).lock(HEAVY_LOCK)).toThrow(`the lock ${lockPath()} is held by process ${process.pid}`);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
  });

  it('ends a wait on the main thread at Ctrl-C, with a SIGINT handler installed', async () => {
    const start = startTimeOf(process.pid);
    if (start === null) return; // no /proc: no live holder to wait on in this test
    writeFileSync(lockPath(), `${process.pid} ${start}\n`); // this test process holds it, alive
    const script = fileURLToPath(new URL('../../build/tools/commands/run/scratch.js', import.meta.url));
    const code = `process.on('SIGINT', () => {}); const { machineScratch } = await import(${JSON.stringify(script)}); console.log('waiting'); machineScratch({ dir: ${JSON.stringify(dir)} }).lock(${JSON.stringify(HEAVY_LOCK)}); console.log('took it');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('waiting')) setTimeout(() => child.kill('SIGINT'), 300);
    });
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    expect(exit.signal).toBe('SIGINT');
    expect(out).not.toContain('took it');
  }, 15000);
});

describe('scratch files', () => {
  it('read back what was written, zeros past it, and leave nothing in the folder', () => {
    const f = machineScratch({ dir }).file();
    f.write(Uint8Array.from([1, 2, 3, 4]), 1, 2, 10);
    const back = new Uint8Array(6).fill(9);
    f.read(back, 0, 6, 9);
    expect([...back]).toEqual([0, 2, 3, 0, 0, 0]);
    f.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});

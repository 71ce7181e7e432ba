// Every slot of every kind runs where Ctrl-C reaches it (issue 43): a slide
// slot that searches for tens of seconds (one 8×8 band, 2 colours, 4–5 blocks
// a colour, minMoves 1–64: about 40 s alone) with --threads 1 answers SIGINT
// and SIGTERM within seconds, saves its checkpoint, and --resume continues
// from it. Before, --threads 1 ran every slot on the main thread and the
// signal waited for the slot to end.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN, tempDir } from '../support/helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two quick slots (5×5 boards, as the standard set's), then the long one. */
const config = {
  triesPerBoard: 10000,
  nodeLimit: 2_000_000,
  metricBudget: 20_000_000,
  maxStates: 300_000,
  minMoves: [1, 64],
  bands: [
    { size: 5, walls: [0, 5], colours: [2, 3], blocksPerColour: [2, 3], fixed: [0, 1] },
    { size: 8, walls: [0, 4], colours: [2, 2], blocksPerColour: [4, 5], fixed: [0, 0] },
  ],
  plan: [
    { size: 5, count: 2, minMoves: [2, 4] },
    { size: 8, count: 1 },
  ],
  tierShares: [0.15, 0.4, 0.65, 0.85],
};

/** Starts `generate`, waits until `ready`, sends `signal`; the exit code, stderr and the seconds from the signal to the exit. */
async function signalled(args: string[], ready: () => boolean, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: '1' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const t0 = Date.now();
  while (!ready() && child.exitCode === null && Date.now() - t0 < 30_000) await sleep(50);
  expect(child.exitCode, stderr).toBe(null);
  child.kill(signal);
  const sent = Date.now();
  const code = await Promise.race([exited, sleep(15_000).then(() => 'still running' as const)]);
  if (code === 'still running') child.kill('SIGKILL');
  return { code, stderr, seconds: (Date.now() - sent) / 1000 };
}

describe('a long slide slot with --threads 1', () => {
  it('answers SIGINT and SIGTERM within seconds (exit 130, 143), saves the checkpoint, and --resume continues from it', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'slide.json');
    fs.writeFileSync(file, JSON.stringify(config));
    const out = path.join(dir, 'out.json');
    const checkpoint = `${out}.checkpoint.json`;
    const args = ['generate', 'slide', '--config', file, '--threads', '1', '--checkpoint-every', '0', '--out', out];
    const slotsSaved = () => (fs.existsSync(checkpoint) ? JSON.parse(fs.readFileSync(checkpoint, 'utf8')).slots.length : 0);

    // the two quick slots saved, then a second into the long one
    let savedAt = 0;
    const intoTheLongSlot = () => {
      if (slotsSaved() < 2) return false;
      savedAt ||= Date.now();
      return Date.now() - savedAt > 1000;
    };
    const first = await signalled(args, intoTheLongSlot, 'SIGINT');
    expect(first.code, first.stderr).toBe(130);
    expect(first.seconds).toBeLessThan(5);
    expect(first.stderr).toContain(`interrupted: 2 of 3 slots saved in ${checkpoint}; rerun with --resume`);
    expect(fs.existsSync(out)).toBe(false);

    // --resume takes the two saved slots (rechecked) and goes on with the long one: stopped there by SIGTERM
    const started = Date.now();
    const second = await signalled([...args, '--resume'], () => Date.now() - started > 4000, 'SIGTERM');
    expect(second.code, second.stderr).toBe(143);
    expect(second.seconds).toBeLessThan(5);
    expect(second.stderr).toContain(`interrupted: 2 of 3 slots saved in ${checkpoint}; rerun with --resume`);
  }, 60_000);
});

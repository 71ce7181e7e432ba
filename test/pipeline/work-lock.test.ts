// One pipeline run at a time per work folder (tools/commands/pipeline/work-lock.ts):
// a second run refuses at once, naming the running one, and touches nothing;
// a lock left by a run that is gone, or whose pid names a later process (a
// reboot, a pid given out again), is taken with a warning; a lock of another
// host or one proofpack did not write is refused; every run, passed or
// refused, leaves no lock of its own behind.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/helpers.ts';
import { bootId, processStart } from '../../tools/lib/process-start.ts';
import { run } from '../support/run-cli.ts';
import { type SmallGame, smallGhostGame } from '../support/small-game.ts';

/** A small ghost game (test/support/small-game.ts) and its work folder's lock. */
function smallGame(): SmallGame & { lock: string } {
  const game = smallGhostGame(tempDir(), 2);
  return { ...game, lock: path.join(game.work, 'lock') };
}

/** `proofpack pipeline` on the game, two threads, --quiet unless `loud`. */
const pipeline = (g: SmallGame, loud = false) =>
  run(['pipeline', '--config-dir', g.configDir, '--levels', g.levels, '--dist', g.dist, '--work', g.work, '--threads', '2', ...(loud ? [] : ['--quiet'])]);

/** Write a lock as another run would have. */
function plant(g: { work: string; lock: string }, text: string): void {
  fs.mkdirSync(g.work, { recursive: true });
  fs.writeFileSync(g.lock, text);
}

describe('the work folder of a pipeline run', () => {
  it('held by a running run (this very process): refused at once in one line naming the lock and the run, exit 2, nothing written, the lock kept', async () => {
    const run = { pid: process.pid, host: os.hostname(), started: '2026-12-07T10:00:00.000Z' };
    // as written without /proc, and as written on Linux: with this process's boot and start
    for (const lock of [run, { ...run, boot: bootId(), start: processStart(process.pid) }]) {
      const g = smallGame();
      const held = `${JSON.stringify(lock)}\n`;
      plant(g, held);
      const r = await pipeline(g);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `proofpack: ${g.lock}: another proofpack pipeline (pid ${process.pid} on ${os.hostname()}, started 2026-12-07T10:00:00.000Z) is using ${g.work}; wait for it to end, give this run another --work, or delete ${g.lock} once no proofpack run is using ${g.work}\n`,
      );
      expect(fs.existsSync(g.levels)).toBe(false);
      expect(fs.existsSync(g.dist)).toBe(false);
      expect(fs.readdirSync(g.work)).toEqual(['lock']);
      expect(fs.readFileSync(g.lock, 'utf8')).toBe(held);
    }
  });

  it.skipIf(processStart(process.pid) === undefined)(
    'whose pid now names another process (after a reboot, or given to a later process): taken with a warning, the run passes',
    async () => {
      const start = processStart(process.pid) ?? 0;
      const boot = bootId();
      // this process holds the pid, but it is not the process that wrote the lock
      for (const [what, identity] of [
        ['a later process', { boot, start: start + 1 }],
        ['another boot', { boot: '00000000-0000-0000-0000-000000000000', start }],
      ] as const) {
        const g = smallGame();
        plant(g, JSON.stringify({ pid: process.pid, host: os.hostname(), started: '2026-12-07T10:00:00.000Z', ...identity }));
        const r = await pipeline(g, true);
        expect(r.code, `${what}: ${r.stderr}`).toBe(0);
        expect(r.stderr, what).toContain(`${g.lock}: the run that took it (pid ${process.pid}, started 2026-12-07T10:00:00.000Z) is gone; lock taken\n`);
        expect(fs.existsSync(g.lock), what).toBe(false);
      }
    },
  );

  it('left by a run that is gone (killed with SIGKILL): taken with a warning, the run passes and removes it', async () => {
    const g = smallGame();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    plant(g, JSON.stringify({ pid: gone, host: os.hostname(), started: '2026-12-07T10:00:00.000Z' }));
    const r = await pipeline(g, true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${g.lock}: the run that took it (pid ${gone}, started 2026-12-07T10:00:00.000Z) is gone; lock taken\n`);
    expect(fs.existsSync(path.join(g.dist, 'easy.json'))).toBe(true);
    expect(fs.existsSync(g.lock)).toBe(false);
  });

  it('of another host, or not a lock proofpack wrote (text, a folder, a huge file): refused, never taken', async () => {
    const g = smallGame();
    const cases: [string, () => void][] = [
      ['another host', () => plant(g, JSON.stringify({ pid: 1, host: 'build-agent-7', started: '2026-12-07T10:00:00.000Z' }))],
      ['text', () => plant(g, 'locked by Alice\n')],
      ['a folder', () => fs.mkdirSync(g.lock, { recursive: true })],
      ['a huge file', () => plant(g, `{"pid":1,"host":"${'h'.repeat(5000)}","started":"x"}`)],
    ];
    for (const [what, make] of cases) {
      fs.rmSync(g.work, { recursive: true, force: true });
      make();
      const r = await pipeline(g);
      expect(r.code, what).toBe(2);
      const deleteIt = `delete ${g.lock} once no proofpack run is using ${g.work}\n`;
      expect(r.stderr, what).toBe(
        what === 'another host'
          ? `proofpack: ${g.lock}: another proofpack pipeline (pid 1 on build-agent-7, started 2026-12-07T10:00:00.000Z) is using ${g.work}; wait for it to end, give this run another --work, or ${deleteIt}`
          : `proofpack: ${g.lock}: not a lock proofpack wrote; ${deleteIt}`,
      );
      expect(fs.existsSync(g.levels), what).toBe(false);
    }
  });

  it('a run refused on bad input leaves neither a lock nor a work folder it made', async () => {
    const g = smallGame();
    fs.writeFileSync(path.join(g.configDir, 'ghost.json'), JSON.stringify({ seed: 1, plan: [{ size: 99 }] }));
    const r = await pipeline(g);
    expect(r.code).toBe(2);
    expect(fs.existsSync(g.work)).toBe(false);
  });
});

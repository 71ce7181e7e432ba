// The command layer's Team (commands/run/team.ts): helper threads a kind
// drives synchronously. A round hands every helper the job and returns once
// all are done; a helper's error, at start-up or in a round, is thrown to the
// caller in one line instead of hanging it, and so is a helper that stops
// without an error (out of memory, process.exit).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { machineTeam } from '../../tools/commands/run/team.ts';
import { ROOT, tempDir } from '../support/helpers.ts';

/** A module as a data: URL (a helper imports it like a kind's module). */
const module = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;

const adder = module(`
export function make(init, index) {
  const sum = new Int32Array(init.sum);
  return (job) => {
    if (job.fail === index) throw new Error('helper ' + index + ' was told to fail');
    Atomics.add(sum, 0, job.add * index);
  };
}
export function broken() { throw new Error('cannot start'); }`);

describe('a team of helper threads', () => {
  it('runs every round on every helper and the caller, and waits for all', () => {
    const team = machineTeam(3);
    expect(team.size).toBe(3);
    const sum = new SharedArrayBuffer(4);
    const crew = team.start(adder, 'make', { sum });
    try {
      const view = new Int32Array(sum);
      for (let r = 1; r <= 20; r++) crew.round({ add: r }, () => Atomics.add(view, 0, 1000));
      // helpers 1 and 2 add r·1 and r·2 each round, the caller 1000: all done when round() returns
      expect(Atomics.load(view, 0)).toBe(3 * 210 + 20 * 1000);
    } finally {
      crew.close();
    }
  });

  it("throws a helper's error, at start-up and in a round", () => {
    expect(() => machineTeam(2).start(adder, 'broken', {})).toThrow('a helper thread failed: cannot start');
    const crew = machineTeam(3).start(adder, 'make', { sum: new SharedArrayBuffer(4) });
    expect(() => crew.round({ add: 1, fail: 2 }, () => {})).toThrow('a helper thread failed: helper 2 was told to fail');
  });

  // A helper that stops without a word leaves the caller blocked in Atomics.wait, where no test
  // timeout can fire: so the caller runs in a child process that is killed if it hangs.
  const stopping = module(`
export function make(init, index) {
  return (job) => {
    if (job.stop !== index) return;
    if (job.how === 'exit') process.exit(7);
    const hoard = [];
    for (;;) hoard.push(new Array(1e5).fill(index + 0.5));
  };
}`);
  const caller = (how: string) => `
const { machineTeam } = await import(${JSON.stringify(pathToFileURL(`${ROOT}/build/tools/commands/run/team.js`).href)});
const crew = machineTeam(3).start(${JSON.stringify(stopping)}, 'make', {});
crew.round({}, () => {});
try {
  crew.round({ stop: 2, how: ${JSON.stringify(how)} }, () => {});
  console.log('no error');
} catch (e) {
  console.log(e.message);
}
crew.close();`;

  it.each([
    ['exits', 'exit', 'helper 2 stopped without finishing its work (exit code 7)'],
    ['runs out of memory', 'oom', 'helper 2 stopped without finishing its work (Worker terminated due to reaching memory limit: JS heap out of memory)'],
  ])('throws when a helper %s without an error, instead of waiting for ever', (_, how, line) => {
    const script = path.join(tempDir(), 'caller.mjs');
    writeFileSync(script, caller(how));
    const r = spawnSync(process.execPath, ['--max-old-space-size=64', script], { encoding: 'utf8', timeout: 30_000 });
    expect(r.signal, 'the caller hung and was killed').toBeNull();
    expect(r.stdout.trim()).toBe(`a helper thread failed: ${line}`);
    expect(r.status).toBe(0);
  });
});

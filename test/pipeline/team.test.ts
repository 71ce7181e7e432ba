// The command layer's Team (commands/shared/team.ts): helper threads a kind
// drives synchronously. A round hands every helper the job and returns once
// all are done; a helper's error, at start-up or in a round, is thrown to the
// caller in one line instead of hanging it.
import { describe, expect, it } from 'vitest';
import { machineTeam } from '../../tools/commands/shared/team.ts';

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
});

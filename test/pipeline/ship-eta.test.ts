// validate's first ETA (issue 43: "36 min for a 94 s run"): validate starts
// its costliest levels first, so a count of levels done says hours when minutes
// are left. The ETA is the work left at the work rate, each level weighed by its
// kind's cost estimate. A simulated run (times given, never measured): levels
// whose time follows their estimate, costliest first, on one thread.
import { describe, expect, it, vi } from 'vitest';
import { Estimate, PROGRESS_LINE_MS, terminalConsole } from '../../tools/lib/console.ts';

/** 100 levels, costliest first: estimate 2^(20 - j/5), time proportional to it plus 50 ms each. */
const levels = Array.from({ length: 100 }, (_, j) => {
  const cost = 2 ** (20 - j / 5);
  return { cost, ms: (cost / 2 ** 20) * 4000 + 50 };
});
const totalWork = levels.reduce((a, l) => a + l.cost, 0);
const totalMs = levels.reduce((a, l) => a + l.ms, 0);

/** The state at `t` ms: levels done and their cost. */
function at(t: number) {
  let elapsed = 0;
  let done = 0;
  let work = 0;
  const updates: { t: number; done: number; work: number }[] = [];
  for (const l of levels) {
    if (elapsed + l.ms > t) break;
    elapsed += l.ms;
    done++;
    work += l.cost;
    updates.push({ t: elapsed, done, work });
  }
  return updates;
}

describe("validate's ETA", () => {
  it('at the first progress line, within a factor 2 of the time really left (a count of levels would say many times more)', () => {
    const t = PROGRESS_LINE_MS;
    const left = (totalMs - t) / 1000;
    const weighted = new Estimate(levels.length, totalWork);
    const counted = new Estimate(levels.length);
    for (const e of [weighted, counted]) e.add(0, 0, 0);
    for (const u of at(t)) {
      weighted.add(u.t, u.done, u.work);
      counted.add(u.t, u.done);
    }
    const eta = weighted.eta()!;
    expect(eta).toBeGreaterThan(left / 2);
    expect(eta).toBeLessThan(left * 2);
    expect(counted.eta()!).toBeGreaterThan(left * 4);
  });

  it('the printed line uses it', () => {
    vi.useFakeTimers();
    try {
      let err = '';
      const p = terminalConsole({}, { stdout() {}, stderr: (x) => void (err += x), interactive: false }).progress(
        'validate',
        levels.length,
        'levels',
        totalWork,
      );
      let now = 0;
      for (const u of at(PROGRESS_LINE_MS - 1)) {
        const step = Math.round(u.t) - now;
        vi.advanceTimersByTime(step);
        now += step;
        p.update(u.done, u.work);
      }
      vi.advanceTimersByTime(PROGRESS_LINE_MS - now);
      p.stop();
      const eta = /ETA (\d+)s/.exec(err);
      expect(err, err).toMatch(/^validate: \d+\/100 levels, [\d.]+ levels\/s, ETA \d+s\n$/);
      const left = (totalMs - PROGRESS_LINE_MS) / 1000;
      expect(Number(eta![1])).toBeLessThan(left * 2);
    } finally {
      vi.useRealTimers();
    }
  });
});

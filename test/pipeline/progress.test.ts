// The progress bar's ETA: the rate over a sliding window, fed synthetic
// progress updates (times are given, never measured).
import { describe, expect, it } from 'vitest';
import { RateWindow, formatEta } from '../../tools/lib/console.ts';

/** Updates of a run: `bursts` items finishing together every `every` ms at `perSecond` on average. */
function feed(w: RateWindow, from: { t: number; done: number }, ms: number, perSecond: number, every: number) {
  let { t, done } = from;
  const end = t + ms;
  while (t + every <= end) {
    t += every;
    done += (perSecond * every) / 1000;
    w.add(t, Math.round(done));
  }
  return { t, done };
}

describe('RateWindow', () => {
  it('is unknown before anything is done', () => {
    const w = new RateWindow(30_000);
    expect(w.eta(100)).toBeNull();
    w.add(0, 0);
    w.add(1000, 0);
    expect(w.rate()).toBeNull();
    expect(formatEta(w.eta(100))).toBe('?');
  });

  it('stays steady when items finish in bursts (two threads finishing together)', () => {
    const w = new RateWindow(30_000);
    w.add(0, 0);
    // 4 items/s on average, delivered as bursts of 8 every 2 s, plus single items in between
    let t = 0;
    let done = 0;
    const etas: number[] = [];
    for (let k = 0; k < 60; k++) {
      t += 1900;
      done += 1;
      w.add(t, done);
      t += 100;
      done += 7;
      w.add(t, done);
      if (t >= 30_000) etas.push(w.eta(1000)! + t / 1000);
    }
    // the predicted finishing time moves by less than 5% once the window is full
    const lo = Math.min(...etas);
    const hi = Math.max(...etas);
    expect((hi - lo) / lo).toBeLessThan(0.05);
    expect(w.rate()).toBeCloseTo(4, 0);
  });

  it('follows a change of pace within one window, not the whole run', () => {
    const w = new RateWindow(20_000);
    w.add(0, 0);
    const fast = feed(w, { t: 0, done: 0 }, 120_000, 20, 500); // 2 minutes at 20/s
    expect(w.rate()).toBeCloseTo(20, 5);
    const slow = feed(w, fast, 20_000, 2, 500); // then 2/s
    expect(w.rate()).toBeCloseTo(2, 0);
    expect(w.eta(slow.done + 100)).toBeCloseTo(50, -1);
  });

  it('formats seconds, minutes and hours', () => {
    expect(formatEta(4.4)).toBe('4s');
    expect(formatEta(200)).toBe('3m 20s');
    expect(formatEta(7500)).toBe('2h 05m');
  });
});

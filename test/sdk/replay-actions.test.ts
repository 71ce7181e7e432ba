// proofpack/face's replay helpers (tools/lib/replay-actions.ts) on a face of
// their own, a counter that refuses to go past its level's top: the fold over
// step stops at the first refusal and names it, a save is refused for another
// level or a bad list and is otherwise rebuilt from the list alone, a replay
// report says what the end lacks, and stepEach records refused steps too.
import { describe, expect, it } from 'vitest';
import { arr, int, replayActions, replayReport, restoreByReplay, stepEach, type Stepper } from 'proofpack/face';

type L = { id: string; top: number };
type St = { at: number; adds: number[] };
type Ac = { add: number };
type Ev = { kind: 'added'; at: number } | { kind: 'refused'; why: string };
const counter: Stepper<L, St, Ac, Ev> = {
  start: () => ({ at: 0, adds: [] }),
  step: (level, s, { add }) =>
    s.at + add > level.top
      ? { state: s, event: { kind: 'refused', why: `past ${level.top}` } }
      : { state: { at: s.at + add, adds: [...s.adds, add] }, event: { kind: 'added', at: s.at + add } },
};
const level: L = { id: 'count-1', top: 5 };
const adds = (list: number[]) => list.map((add) => ({ add }));

describe('replayActions', () => {
  it('folds step over the actions from start, and stops at the first refused one, numbered from 1 and shown', () => {
    expect(replayActions(counter, level, adds([2, 3]))).toEqual({ ok: true, state: { at: 5, adds: [2, 3] } });
    expect(replayActions(counter, level, [])).toEqual({ ok: true, state: { at: 0, adds: [] } });
    expect(replayActions(counter, level, adds([2, 3, 1, 1]))).toEqual({ ok: false, why: 'action 3 ({"add":1}) refused: past 5' });
  });
});

describe('restoreByReplay', () => {
  const restore = (saved: unknown) => restoreByReplay(counter, level, saved, 'adds', arr(int(1, 5), 0, 10), (add: number) => ({ add }));

  it('rebuilds the state from the list alone, whatever else the save says', () => {
    expect(restore({ level: 'count-1', adds: [1, 4], at: 99 })).toEqual({ ok: true, state: { at: 5, adds: [1, 4] } });
  });

  it("refuses another level's save, a save that is no object, a list the check refuses (under its field) and a refused action", () => {
    expect(restore({ level: 'count-2', adds: [1] })).toEqual({ ok: false, why: 'a save of level "count-2", not count-1' });
    expect(restore('nonsense')).toEqual({ ok: false, why: 'a save of level undefined, not count-1' });
    expect(restore(null).ok).toBe(false);
    expect(restore({ level: 'count-1', adds: [1, 0] })).toEqual({ ok: false, why: 'adds[1]: expected a whole number 1..5, found 0' });
    expect(restore({ level: 'count-1' })).toEqual({ ok: false, why: 'adds: expected a list of 0..10 items, found undefined' });
    expect(restore({ level: 'count-1', adds: [5, 1] })).toEqual({ ok: false, why: 'action 2 ({"add":1}) refused: past 5' });
  });
});

describe('replayReport', () => {
  const unsolved = (end: St) => (end.at === level.top ? null : `at ${end.at}, not ${level.top}`);
  it('is ok when every action steps and the end is solved; else the one line of what went wrong', () => {
    expect(replayReport(counter, level, adds([2, 3]), unsolved)).toEqual({ ok: true, problems: [], moves: 2, score: 2 });
    expect(replayReport(counter, level, adds([2]), unsolved, 7)).toEqual({ ok: false, problems: ['at 2, not 5'], moves: 1, score: 7 });
    expect(replayReport(counter, level, adds([4, 4]), unsolved).problems).toEqual(['action 2 ({"add":4}) refused: past 5']);
  });
});

describe('stepEach', () => {
  it('records every action with its event, a refused one too, going on from the unchanged state', () => {
    expect(stepEach(counter, level, adds([4, 4, 1]))).toEqual([
      { action: { add: 4 }, event: { kind: 'added', at: 4 } },
      { action: { add: 4 }, event: { kind: 'refused', why: 'past 5' } },
      { action: { add: 1 }, event: { kind: 'added', at: 5 } },
    ]);
  });
});

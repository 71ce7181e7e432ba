// A saved game is rebuilt from its actions, never trusted field by field: each
// edit below once made the game award what play did not earn, or throw.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  appleStep,
  ghostAttempt,
  ghostStep,
  isCleanClear,
  levelsOf,
  loadPack,
  nextHint,
  restoreAppleGame,
  restoreGhostGame,
  restoreSlideGame,
  slideStep,
  startAppleGame,
  startGhostGame,
  startSlideGame,
  type AppleLevel,
  type GhostGameState,
  type GhostLevel,
  type SlideLevel,
} from '../../tools/client/index.ts';
import { ROOT } from '../support/helpers.ts';

const levels = (file: string) => levelsOf(loadPack(fs.readFileSync(path.join(ROOT, 'dist', file), 'utf8'))).levels;
const g = levels('ghost-free.json')[0] as GhostLevel;
const s = levels('slide-free.json')[0] as SlideLevel;
const a = levels('apple-gentle.json')[0] as AppleLevel;
const saved = (state: unknown): unknown => JSON.parse(JSON.stringify(state));

/** A clean clear along the level's hint path (× its empties, catch its ghosts). */
function hintPathGame(level: GhostLevel): GhostGameState {
  let st = startGhostGame(level);
  for (let hint = nextHint(level, st); hint; hint = nextHint(level, st)) {
    for (const [row, col] of hint.empties) st = ghostStep(level, st, { type: 'mark', row, col }).state;
    for (const [row, col] of hint.ghosts) st = ghostStep(level, st, { type: 'catch', row, col }).state;
  }
  return st;
}

const ghostCells = (level: GhostLevel): [number, number][] =>
  level.solution.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === 'G' ? [[r, c] as [number, number]] : [])));

describe('restoreGhostGame', () => {
  it('gives back a saved game as it was (JSON round trip), mistakes and hints included', () => {
    let st = startGhostGame(g);
    st = ghostStep(g, st, { type: 'hint' }).state;
    const [r0, c0] = ghostCells(g)[0]!;
    st = ghostStep(g, st, { type: 'mark', row: r0, col: c0 }).state; // a wrong ×: a mistake
    expect(st.mistakes).toBe(1);
    const won = hintPathGame(g);
    for (const state of [st, won]) {
      const back = restoreGhostGame(g, saved(state));
      expect(back).toEqual({ ok: true, state });
    }
    expect(isCleanClear(won)).toBe(true);
  });

  it("status 'won' with no catch is not a clear, and not a clean attempt", () => {
    const edit = { ...(saved(startGhostGame(g)) as object), status: 'won' };
    const back = restoreGhostGame(g, edit);
    if (!back.ok) throw new Error(back.why);
    expect(back.state.status).toBe('playing');
    expect(isCleanClear(back.state)).toBe(false);
    expect(ghostAttempt(g, back.state)).toBeNull();
  });

  it('proven set to every ghost does not make every catch provable', () => {
    // a level with a ghost no one round proves at the start
    const notProven = (level: GhostLevel) => {
      const start = startGhostGame(level);
      return ghostCells(level).find(([r, c]) => !start.proven.some(([pr, pc]) => pr === r && pc === c));
    };
    const h = (levels('ghost-ultimate.json') as GhostLevel[]).find((l) => notProven(l) !== undefined);
    if (!h) throw new Error('no ghost-ultimate level has a ghost unproven at the start');
    const unproven = notProven(h)!;
    const start = startGhostGame(h);
    const back = restoreGhostGame(h, { ...(saved(start) as object), proven: ghostCells(h) });
    if (!back.ok) throw new Error(back.why);
    expect(back.state.proven).toEqual(start.proven);
    const after = ghostStep(h, back.state, { type: 'catch', row: unproven[0], col: unproven[1] }).state;
    expect(after.unprovable).toBe(1);
  });

  it('lives 0.5 is the start lives again, so mistakes still end the game', () => {
    const back = restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), lives: 0.5 });
    if (!back.ok) throw new Error(back.why);
    let st = back.state;
    const [r0, c0] = ghostCells(g)[0]!;
    for (let i = 0; i < 3; i++) st = ghostStep(g, st, { type: 'mark', row: r0, col: c0 }).state;
    expect(st).toMatchObject({ lives: 0, status: 'lost' });
  });

  it('marks [[100, 100]] or [["a", 0]] in a save do not make the next step throw', () => {
    for (const marks of [[[100, 100]], [['a', 0]]]) {
      const back = restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), marks });
      if (!back.ok) throw new Error(back.why);
      expect(back.state.marks).toEqual([]);
      expect(() => ghostStep(g, back.state, { type: 'hint' })).not.toThrow();
    }
    const bad = restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), actions: [{ type: 'mark', row: 100, col: 100 }] });
    expect(bad).toEqual({ ok: false, why: expect.stringMatching(/^saved game: actions\[0\] \(mark\) is refused: \[100, 100\] is not a cell/) });
  });

  it('startLives 1000 is refused in one line (a restart no longer throws RangeError)', () => {
    const back = restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), startLives: 1000, lives: 1000 });
    expect(back).toEqual({ ok: false, why: 'saved game: startLives: the save says 1000, this game gives 3: a save does not set the lives' });
    expect(restoreGhostGame(g, null)).toMatchObject({ ok: false });
    expect(restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), level: 'ghost-000000000000' })).toMatchObject({ ok: false });
  });
});

describe('restoreAppleGame and restoreSlideGame', () => {
  it("apple: the score is the replay's, not the save's", () => {
    const st = appleStep(a, startAppleGame(a), { type: 'take', rect: a.solution[0]! }).state;
    expect(restoreAppleGame(a, saved(st))).toEqual({ ok: true, state: st });
    const back = restoreAppleGame(a, { ...(saved(startAppleGame(a)) as object), score: 170 });
    if (!back.ok) throw new Error(back.why);
    expect(back.state.score).toBe(0);
    expect(restoreAppleGame(a, { ...(saved(st) as object), taken: [[0, 0, 0, 0]] })).toMatchObject({ ok: false });
  });

  it('apple: a timed game restores its time, and the time up', () => {
    const limit = 120_000;
    let st = startAppleGame(a, limit);
    st = appleStep(a, st, { type: 'take', rect: a.solution[0]! }).state;
    st = appleStep(a, st, { type: 'tick', ms: limit }).state;
    expect(st.status).toBe('time up');
    expect(restoreAppleGame(a, saved(st), limit)).toEqual({ ok: true, state: st });
  });

  it('slide: flicks replayed, an illegal one refused', () => {
    let st = startSlideGame(s);
    const [col, row, dir] = s.solution[0]!;
    st = slideStep(s, st, { type: 'flick', col, row, dir }).state;
    expect(restoreSlideGame(s, saved(st))).toEqual({ ok: true, state: st });
    expect(restoreSlideGame(s, { ...(saved(st) as object), flicks: [[99, 99, 'U']] })).toMatchObject({ ok: false });
    expect(restoreSlideGame(s, { ...(saved(st) as object), undos: -1 })).toMatchObject({ ok: false });
  });
});

describe("a save never sets the rules (issue 43): the lives and the time limit are the game's", () => {
  it('ghost: startLives 99 (or 4) in a save of a 3-life game is refused; a 5-life game restores its own saves', () => {
    for (const startLives of [99, 4, 1]) {
      const back = restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), startLives, lives: startLives });
      expect(back).toMatchObject({ ok: false, why: expect.stringMatching(/^saved game: startLives: the save says \d+, this game gives 3/) });
    }
    const five = ghostStep(g, startGhostGame(g, 5), { type: 'hint' }).state;
    expect(restoreGhostGame(g, saved(five), 5)).toEqual({ ok: true, state: five });
    expect(restoreGhostGame(g, saved(five))).toMatchObject({ ok: false });
    expect(() => restoreGhostGame(g, saved(five), 0)).toThrow(RangeError);
  });

  it('apple: timeLimitMs null or 1e15 in a save of a timed game is refused; the game restores its own saves', () => {
    const limit = 120_000;
    const timed = appleStep(a, appleStep(a, startAppleGame(a, limit), { type: 'take', rect: a.solution[0]! }).state, { type: 'tick', ms: 5_000 }).state;
    expect(restoreAppleGame(a, saved(timed), limit)).toEqual({ ok: true, state: timed });
    for (const timeLimitMs of [null, 1e15, limit + 1, undefined]) {
      const back = restoreAppleGame(a, { ...(saved(timed) as object), timeLimitMs }, limit);
      expect(back, String(timeLimitMs)).toMatchObject({
        ok: false,
        why: expect.stringMatching(/^saved game: timeLimitMs: the save says .*, this game plays 120000/),
      });
    }
    // a timed save does not restore into an untimed game either (the face's games are untimed)
    expect(restoreAppleGame(a, saved(timed))).toMatchObject({ ok: false, why: expect.stringMatching(/this game plays untimed/) });
  });

  it('apple: elapsedMs past the limit, negative or past 2^53 is refused; the time played is bounded by the game', () => {
    const limit = 120_000;
    const start = saved(startAppleGame(a, limit)) as object;
    for (const elapsedMs of [limit + 1, -1, 1e300, 0.5])
      expect(restoreAppleGame(a, { ...start, elapsedMs }, limit), String(elapsedMs)).toMatchObject({
        ok: false,
        why: expect.stringMatching(/^saved game: elapsedMs/),
      });
    expect(restoreAppleGame(a, { ...(saved(startAppleGame(a)) as object), elapsedMs: 1e300 })).toMatchObject({ ok: false });
    const back = restoreAppleGame(a, { ...start, elapsedMs: limit }, limit);
    if (!back.ok) throw new Error(back.why);
    expect(back.state).toMatchObject({ status: 'time up', elapsedMs: limit, timeLimitMs: limit });
  });

  it('slide: restore is linear in the flicks (9,516 flicks took 6.2 s through slideStep)', () => {
    // a block of each colour, far apart: flicked right and left, nothing ever vanishes
    const level = { ...s, id: 'slide-000000000000', puzzle: { board: ['a...', '....', '....', '...b'] } } as SlideLevel;
    const flicks = Array.from({ length: 9_516 }, (_, i) => (i % 2 === 0 ? [0, 0, 'R'] : [3, 0, 'L']));
    const t = performance.now();
    const back = restoreSlideGame(level, { level: level.id, flicks, undos: 0, restarts: 0 });
    const ms = performance.now() - t;
    if (!back.ok) throw new Error(back.why);
    expect(back.state.flicks).toEqual(flicks);
    expect(ms).toBeLessThan(1000);
    // the same state slideStep builds, flick by flick (a short prefix)
    let st = startSlideGame(level);
    for (const [col, row, dir] of flicks.slice(0, 50) as [number, number, 'R' | 'L'][]) st = slideStep(level, st, { type: 'flick', col, row, dir }).state;
    expect(restoreSlideGame(level, saved(st))).toEqual({ ok: true, state: st });
    // a flick after the clear is refused as slideStep refuses it
    const cleared = [...s.solution, s.solution[0]];
    expect(restoreSlideGame(s, { level: s.id, flicks: cleared, undos: 0, restarts: 0 })).toEqual({
      ok: false,
      why: `saved game: flicks[${s.solution.length}] is refused: the board is already clear`,
    });
  });
});

describe('a save nested 200,000 deep is refused in one line, never a RangeError', () => {
  let deep: unknown = 0;
  for (let i = 0; i < 200_000; i++) deep = [deep];
  it.each([
    ['ghost level', () => restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), level: deep })],
    ['ghost action', () => restoreGhostGame(g, { ...(saved(startGhostGame(g)) as object), actions: [deep] })],
    ['slide flick', () => restoreSlideGame(s, { ...(saved(startSlideGame(s)) as object), flicks: [deep] })],
    ['apple rectangle', () => restoreAppleGame(a, { ...(saved(startAppleGame(a)) as object), taken: [deep] })],
    ['apple time limit', () => restoreAppleGame(a, { ...(saved(startAppleGame(a)) as object), timeLimitMs: deep })],
  ])('%s', (_what, restore) => {
    const back = restore();
    expect(back).toMatchObject({ ok: false, why: expect.stringMatching(/^saved game: .*\[\[\[/) });
    if (!back.ok) expect(back.why.length).toBeLessThan(200);
  });
});

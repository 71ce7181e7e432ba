// The client's attempt record (tools/client/attempt.ts): a play of each
// built-in kind and of the template's kind played to the end through the
// client gives `solved: true` with the mistakes its rules counted; a play left
// before the end gives `solved: false`; every record has the attempt log's
// shape (the log format's schema once tools/lib/formats.ts has one, until then
// the documented shape written here).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as formats from '../../tools/lib/formats.ts';
import {
  appleFace,
  appleStep,
  attemptRecord,
  createClient,
  ghostFace,
  ghostStep,
  levelsOf,
  loadPack,
  nextHint,
  slideFace,
  slideStep,
  startAppleGame,
  startGhostGame,
  startSlideGame,
  type AppleLevel,
  type GhostGameState,
  type GhostLevel,
  type KindFace,
  type Level,
  type SlideLevel,
} from '../../tools/client/index.ts';
import { face as lightsFace, type LightsLevel } from '../../templates/kind/face.ts';
import { ROOT } from '../support/helpers.ts';

/** The attempt log line's documented shape (docs/client.md), used until the format's schema is in formats.ts. */
const documented = z.strictObject({
  level: z.string().max(64),
  player: z.string().min(1).max(128),
  solved: z.boolean(),
  seconds: z.number().min(0).max(1e9),
  mistakes: z.number().int().min(0),
  at: z.iso.datetime({ offset: true }).optional(),
});
const schema = ((formats as Record<string, unknown>).AttemptRecord as z.ZodType | undefined) ?? documented;

const levels = (file: string) => levelsOf(loadPack(fs.readFileSync(path.join(ROOT, 'dist', file), 'utf8'))).levels;
const g = levels('ghost-free.json')[0] as GhostLevel;
const s = levels('slide-free.json')[0] as SlideLevel;
const a = levels('apple-gentle.json')[0] as AppleLevel;
const play = { player: 'p-1', seconds: 42.5, at: new Date(Date.UTC(2026, 11, 7, 6, 30)) };

/** The record of `state`, checked to parse as an attempt log line. */
function record<L extends Level, St>(face: KindFace<L, string, St>, level: L, state: St) {
  const r = attemptRecord(face, level, state, play);
  expect(schema.safeParse(JSON.parse(JSON.stringify(r))).success).toBe(true);
  return r;
}

describe('attemptRecord', () => {
  it('ghost: a wrong catch, then the hint path to the end: solved, one mistake; a fresh game is not solved', () => {
    let st: GhostGameState = startGhostGame(g);
    const empty = g.solution.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === '.' && g.puzzle.grid[r]![c] === '.' ? [[r, c] as const] : [])))[0]!;
    st = ghostStep(g, st, { type: 'catch', row: empty[0], col: empty[1] }).state;
    expect(record(ghostFace, g, st)).toMatchObject({ solved: false, mistakes: 1 });
    for (let hint = nextHint(g, st); hint; hint = nextHint(g, st)) {
      for (const [row, col] of hint.empties) st = ghostStep(g, st, { type: 'mark', row, col }).state;
      for (const [row, col] of hint.ghosts) st = ghostStep(g, st, { type: 'catch', row, col }).state;
    }
    expect(st.status).toBe('won');
    expect(record(ghostFace, g, st)).toEqual({ level: g.id, player: 'p-1', solved: true, seconds: 42.5, mistakes: 1, at: '2026-12-07T06:30:00.000Z' });
    expect(record(ghostFace, g, startGhostGame(g))).toMatchObject({ solved: false, mistakes: 0 });
  });

  it('slide: a flick taken back, then the stored solution: solved, the undo its one mistake; abandoned after the first flick: not solved', () => {
    const flick = ([col, row, dir]: readonly [number, number, 'U' | 'D' | 'L' | 'R']) => ({ type: 'flick', col, row, dir }) as const;
    let st = slideStep(s, startSlideGame(s), flick(s.solution[0]!)).state;
    expect(record(slideFace, s, st)).toMatchObject({ solved: false, mistakes: 0 });
    st = slideStep(s, st, { type: 'undo' }).state;
    for (const m of s.solution) st = slideStep(s, st, flick(m)).state;
    expect(record(slideFace, s, st)).toMatchObject({ level: s.id, solved: true, mistakes: 1 });
    st = slideStep(s, st, { type: 'restart' }).state;
    expect(record(slideFace, s, st)).toMatchObject({ solved: false, mistakes: 1 });
  });

  it('apple: the stored solution to the end of the game: solved (the greedy score reached), no mistake; one take in: not solved', () => {
    let st = startAppleGame(a);
    st = appleStep(a, st, { type: 'take', rect: a.solution[0]! }).state;
    expect(record(appleFace, a, st)).toMatchObject({ solved: false, mistakes: 0 });
    for (const rect of a.solution.slice(1)) st = appleStep(a, st, { type: 'take', rect }).state;
    expect(st.status).toBe('no move');
    expect(record(appleFace, a, st)).toMatchObject({ level: a.id, solved: true, mistakes: 0 });
  });

  it("a game's own kind (the template's) through createClient: two presses beyond the fewest are its mistakes", () => {
    const client = createClient({ faces: [lightsFace] });
    const face = client.face('lights')!;
    const level: LightsLevel = {
      id: 'lights-000000000001',
      tier: 'easy',
      puzzle: { size: 3, lights: ['010', '111', '010'] },
      solution: [4],
      analysis: { presses: 1, solutions: 1 },
    };
    let st = face.start(level);
    for (const cell of [0, 0]) st = face.step(level, st, { type: 'press', cell }).state;
    expect(record(face, level, st)).toMatchObject({ solved: false, mistakes: 1 });
    st = face.step(level, st, { type: 'press', cell: 4 }).state;
    expect(record(face, level, st)).toEqual({ level: level.id, player: 'p-1', solved: true, seconds: 42.5, mistakes: 2, at: '2026-12-07T06:30:00.000Z' });
  });

  it('refuses a face without outcome, and a player, seconds or time out of the format', () => {
    const { outcome: _, ...bare } = slideFace;
    const st = startSlideGame(s);
    expect(() => attemptRecord(bare, s, st, play)).toThrow('the slide face has no outcome');
    expect(() => attemptRecord(slideFace, s, st, { ...play, player: '' })).toThrow('player');
    expect(() => attemptRecord(slideFace, s, st, { ...play, player: 'x'.repeat(129) })).toThrow('player');
    expect(() => attemptRecord(slideFace, s, st, { ...play, seconds: -1 })).toThrow('seconds');
    expect(() => attemptRecord(slideFace, s, st, { ...play, seconds: Number.NaN })).toThrow('seconds');
    expect(() => attemptRecord(slideFace, s, st, { ...play, at: 'not a time' })).toThrow(RangeError);
    expect(attemptRecord(slideFace, s, st, { player: 'p', seconds: 0 })).not.toHaveProperty('at');
  });
});

// The play loop of each kind (tools/kinds/<kind>/game.ts):
// pure steps over JSON states — ghost marks, mistakes and lives, hints and the
// clean clear; slide undo, restart and whether ★★★ is still reachable; apple's
// timer passed in as ticks — and the client refusing coordinates it should
// not trust (issue 24): NaN, undefined, "0", 0.5 and an absurd ghost count.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  loadPack,
  loadManifest,
  loadVerifiedPack,
  PackError,
  levelsOf,
  startGhostPlay,
  catchAt,
  isOpen,
  onCourseForBest,
  startGhostGame,
  ghostStep,
  isCleanClear,
  ghostAttempt,
  nextHint,
  hintsOf,
  startSlideGame,
  slideStep,
  threeStarsReachable,
  starsReachable,
  slideGameStars,
  startAppleGame,
  appleStep,
  appleRectSum,
  appleTimeLeft,
  startApplePlay,
  takeRect,
  APPLE_TIME_LIMIT_MS,
  type GhostLevel,
  type SlideLevel,
  type AppleLevel,
  type GhostGameState,
  type GhostAction,
  type AppleRect,
} from '../../tools/client/index.ts';
import { canStillReachBest } from '../../tools/kinds/ghost/play.ts';
import { hintPathActions } from '../../tools/kinds/ghost/vectors.ts';
import { ROOT } from '../support/helpers.ts';

const levelsIn = (file: string) => levelsOf(loadPack(fs.readFileSync(path.join(ROOT, 'dist', file), 'utf8'))).levels;
const ghost = levelsIn('ghost-free.json')[0] as GhostLevel;
const hard = levelsIn('ghost-extreme.json')[0] as GhostLevel;
const slide = levelsIn('slide-free.json')[0] as SlideLevel;
const apple = levelsIn('apple-classic.json')[0] as AppleLevel;

const cells = (level: GhostLevel, ch: (c: string) => boolean) =>
  level.solution.flatMap((row, r) => [...row].flatMap((c, k) => (ch(c) && level.puzzle.grid[r]![k] === '.' ? [[r, k] as [number, number]] : [])));
const ghostsOf = (level: GhostLevel) => cells(level, (c) => c === 'G');

/** Run actions; every step gets a frozen, JSON-restored copy of the state (pure steps, saved games). */
function run(level: GhostLevel, actions: readonly GhostAction[], start = startGhostGame(level)): GhostGameState {
  let state = start;
  for (const a of actions) state = ghostStep(level, Object.freeze(JSON.parse(JSON.stringify(state))), a).state;
  return state;
}

describe('client: bad coordinates are refused, never scored (issue 24)', () => {
  it.each([
    ['NaN, 0', Number.NaN, 0],
    ['undefined, 0', undefined, 0],
    ['"0", "0"', '0', '0'],
    ['0.5, 0.5', 0.5, 0.5],
    ['Infinity, 0', Number.POSITIVE_INFINITY, 0],
  ])('catchAt(level, play, %s) refuses and scores nothing', (_, row, col) => {
    const play = startGhostPlay(ghost);
    const out = catchAt(ghost, play, row as number, col as number);
    expect(out).toEqual({ play, outcome: { hit: false, reason: 'not a cell' } });
    expect(play).toEqual({ catches: [], opened: [], score: 0 });
  });

  it('analysis.ghosts of 1e8 is refused at once instead of allocating a course for it', () => {
    const level = { ...ghost, analysis: { ...ghost.analysis, ghosts: 1e8 } };
    const play = startGhostPlay(level);
    expect(() => canStillReachBest(level, play)).toThrow(/analysis\.ghosts is 100000000/);
    expect(() => onCourseForBest(level, play)).toThrow(/analysis\.ghosts/);
  });

  it('apple: a rectangle with fractional or non-number corners is refused', () => {
    const play = startApplePlay(apple.puzzle);
    for (const rect of [
      [0.5, 0, 1, 1],
      [Number.NaN, 0, 0, 0],
      ['0', 0, 0, 0],
    ] as unknown as AppleRect[]) {
      expect(takeRect(play, rect).ok).toBe(false);
      expect(appleRectSum(apple, startAppleGame(apple), rect)).toBeNull();
    }
    expect(play.score).toBe(0);
  });
});

describe('ghost game loop', () => {
  it('a wrong × and a wrong catch each cost a life; at 0 the level is lost and only restart is taken', () => {
    const [g] = ghostsOf(hard);
    const closed = cells(hard, (c) => c !== 'G').filter(([r, c]) => !isOpen(hard, startGhostPlay(hard), r, c));
    let state = run(hard, [{ type: 'mark', row: g![0], col: g![1] }]);
    expect([state.lives, state.mistakes, state.marks.length, state.status]).toEqual([2, 1, 0, 'playing']);
    state = run(hard, [{ type: 'catch', row: closed[0]![0], col: closed[0]![1] }], state);
    expect([state.lives, state.catches.length]).toEqual([1, 0]);
    state = run(hard, [{ type: 'catch', row: closed[1]![0], col: closed[1]![1] }], state);
    expect([state.lives, state.status]).toEqual([0, 'lost']);
    expect(ghostStep(hard, state, { type: 'catch', row: g![0], col: g![1] }).event.kind).toBe('refused');
    expect(ghostAttempt(hard, state)).toEqual({ b: hard.analysis.logicDepth, clean: false });
    const again = ghostStep(hard, state, { type: 'restart' }).state;
    expect([again.lives, again.attempt, again.status, again.mistakes]).toEqual([3, 2, 'playing', 0]);
  });

  it('the hint path played with × marks is a clean clear; the same level with a hint taken is not; a restart loses the first attempt', () => {
    const clean = run(hard, hintPathActions(hard));
    expect([clean.status, clean.unprovable, isCleanClear(clean)]).toEqual(['won', 0, true]);
    const hinted = run(hard, [{ type: 'hint' }, ...hintPathActions(hard)]);
    expect([hinted.status, hinted.hints, isCleanClear(hinted)]).toEqual(['won', 1, false]);
    const restarted = run(hard, [{ type: 'restart' }, ...hintPathActions(hard)]);
    expect([restarted.status, restarted.attempt, isCleanClear(restarted)]).toEqual(['won', 2, false]);
  });

  it('catching in row-major order without marks is won but marks catches not provable (a lucky hit loses 🧠)', () => {
    const s = run(
      hard,
      ghostsOf(hard).map(([row, col]) => ({ type: 'catch', row, col })),
    );
    expect(s.status).toBe('won');
    expect(s.unprovable).toBeGreaterThan(0);
    expect(isCleanClear(s)).toBe(false);
  });

  it('the next hint is the first stored hint step not yet confirmed, and it moves on as the player confirms it', () => {
    const steps = hintsOf(hard);
    const start = startGhostGame(hard);
    const first = nextHint(hard, start);
    expect(steps).toContainEqual(first);
    const taken = ghostStep(hard, start, { type: 'hint' });
    expect(taken.event).toEqual({ kind: 'hint', step: first });
    const confirm: GhostAction[] = [
      ...first!.empties.map(([row, col]) => ({ type: 'mark' as const, row, col })),
      ...first!.ghosts.map(([row, col]) => ({ type: 'catch' as const, row, col })),
    ];
    expect(nextHint(hard, run(hard, confirm))).not.toEqual(first);
  });
});

describe('slide game loop', () => {
  const flicks = slide.solution.map(([col, row, dir]) => ({ type: 'flick' as const, col, row, dir }));
  it('the stored solution clears with ★★★; a wrong flick loses ★★★ reachability, undo brings it back', () => {
    let s = startSlideGame(slide);
    expect(threeStarsReachable(slide, s)).toBe(true);
    for (const f of flicks) s = slideStep(slide, s, f).state;
    expect(slideGameStars(slide, s)).toBe(3);
    // a legal flick that is not the first solution move
    let wrong = null as null | ReturnType<typeof slideStep>;
    const dirs = ['U', 'D', 'L', 'R'] as const;
    search: for (let row = 0; row < slide.puzzle.board.length; row++)
      for (let col = 0; col < slide.puzzle.board[0]!.length; col++)
        for (const dir of dirs) {
          const r = slideStep(slide, startSlideGame(slide), { type: 'flick', col, row, dir });
          if (r.event.kind === 'flicked' && threeStarsReachable(slide, r.state) === false) {
            wrong = r;
            break search;
          }
        }
    expect(wrong).not.toBeNull();
    expect(starsReachable(slide, wrong!.state)).toBeLessThan(3);
    const undone = slideStep(slide, JSON.parse(JSON.stringify(wrong!.state)), { type: 'undo' }).state;
    expect([undone.flicks.length, undone.undos, threeStarsReachable(slide, undone)]).toEqual([0, 1, true]);
    expect(slideStep(slide, startSlideGame(slide), { type: 'undo' }).event.kind).toBe('refused');
  });
});

describe('apple game loop', () => {
  it('the stored solution reaches bestScore; the timer ends the game when the ticks pass two minutes', () => {
    let s = startAppleGame(apple);
    expect(appleRectSum(apple, s, apple.solution[0]!)).toBe(10);
    for (const rect of apple.solution) s = appleStep(apple, s, { type: 'take', rect }).state;
    expect([s.score, s.status]).toEqual([apple.analysis.bestScore, 'no move']);
    let t = startAppleGame(apple, APPLE_TIME_LIMIT_MS);
    t = appleStep(apple, t, { type: 'take', rect: apple.solution[0]! }).state;
    t = appleStep(apple, t, { type: 'tick', ms: 119_999 }).state;
    expect([t.status, appleTimeLeft(t)]).toEqual(['playing', 1]);
    t = appleStep(apple, t, { type: 'tick', ms: 5 }).state;
    expect([t.status, appleTimeLeft(t), t.elapsedMs]).toEqual(['time up', 0, APPLE_TIME_LIMIT_MS]);
    expect(appleStep(apple, t, { type: 'take', rect: apple.solution[1]! }).event.kind).toBe('refused');
    expect(appleStep(apple, t, { type: 'tick', ms: Number.NaN }).event.kind).toBe('refused');
  });
});

describe('pack loading without a schema library', () => {
  const text = fs.readFileSync(path.join(ROOT, 'dist', 'ghost-free.json'), 'utf8');
  const id = ghost.id;
  it.each([
    ['puzzle.size', (l: any) => (l.puzzle.size = 10), `${id} › puzzle.size: expected a whole number 5..9`],
    ['puzzle.grid row', (l: any) => (l.puzzle.grid[1] = 'x'.repeat(l.puzzle.size)), `${id} › puzzle.grid[1]: expected a row`],
    ['solution row', (l: any) => (l.solution[0] = 'G'), `${id} › solution[0]: expected a row`],
    ['analysis.ghosts', (l: any) => (l.analysis.ghosts = 1e8), `${id} › analysis.ghosts: expected a whole number 0..`],
    ['analysis.maxScore', (l: any) => (l.analysis.maxScore = -1), `${id} › analysis.maxScore: expected a whole number`],
    ['id', (l: any) => (l.id = 'nope'), 'levels[0] › id: expected "ghost-" and 12 hex digits'],
  ])('a broken %s throws PackError naming the level and field', (_, mutate, message) => {
    const pack = JSON.parse(text);
    mutate(pack.levels[0]);
    expect(() => loadPack(pack)).toThrow(PackError);
    expect(() => loadPack(pack)).toThrow(message);
  });

  it('loadVerifiedPack refuses bytes whose size or SHA-256 differ from the manifest, and takes the real file', async () => {
    const manifest = loadManifest(fs.readFileSync(path.join(ROOT, 'dist', 'manifest.json'), 'utf8'));
    const entry = manifest.packs.find((p) => p.name === 'ghost-free')!;
    expect((await loadVerifiedPack(entry, text)).pack.levels.length).toBe(entry.levels);
    const flipped = text.replace('"tier"', '"tieR"');
    await expect(loadVerifiedPack(entry, flipped)).rejects.toThrow(/ghost-free\.json: SHA-256 [0-9a-f]{64}, the manifest says/);
    await expect(loadVerifiedPack(entry, `${text} `)).rejects.toThrow(/bytes, the manifest says/);
    expect(() => loadManifest('{"type":"manifest","packs":[{"name":"x","kind":"ghost","file":"../up.json"}]}')).toThrow(/packs\[0\]\.file/);
  });
});

// The conformance vectors in dist/conformance/ (written by bundle through the
// client's writer): schema-checked, covering every kind and every bundled pack,
// modest in size, and replayed action by action through the client, every
// recorded result compared — the same check a port runs (docs/porting.md).
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  loadPack,
  levelsOf,
  startGhostPlay,
  catchAt,
  provableCatches,
  isCatchProvable,
  isGhostLevelOver,
  ghostMedalsEarned,
  startSlidePlay,
  flick,
  slideBoardNow,
  isCleared,
  starsEarned,
  starsFor,
  startApplePlay,
  takeRect,
  isAppleOver,
  appleMedalsEarned,
  startGhostGame,
  ghostStep,
  provableNow,
  nextHint,
  isCleanClear,
  onCourseForBest,
  onCourseForWorst,
  startSlideGame,
  slideStep,
  slideGameBoard,
  slideGameStars,
  threeStarsReachable,
  startAppleGame,
  appleStep,
  appleTimeLeft,
  type GhostGameState,
  type SlideGameState,
  type AppleGameState,
  type GhostAction,
  type SlideAction,
  type AppleAction,
  type KindLevels,
  type Direction,
  type GhostLevel,
  type SlideLevel,
  type AppleLevel,
} from '../../tools/client/index.ts';
import { medalQuestions } from '../../tools/kinds/ghost/vectors.ts';
import { kindByName } from '../../tools/kinds/index.ts';
import { checkDocument } from '../../tools/commands/files/documents.ts';
import type { z } from 'zod';
import type { GHOST_CONFORMANCE, GhostConformanceCase, GhostGameCase } from '../../tools/kinds/ghost/conformance.ts';
import type { SLIDE_CONFORMANCE, SlideConformanceCase, SlideGameCase } from '../../tools/kinds/slide/conformance.ts';
import type { APPLE_CONFORMANCE, AppleConformanceCase, AppleGameCase } from '../../tools/kinds/apple/conformance.ts';

/** A conformance file of one of the three kinds, as its own schema types it. */
type ConformanceFile = z.infer<typeof GHOST_CONFORMANCE> | z.infer<typeof SLIDE_CONFORMANCE> | z.infer<typeof APPLE_CONFORMANCE>;
import { ROOT } from '../support/helpers.ts';

const DIST = path.join(ROOT, 'dist');
const KINDS = ['ghost', 'slide', 'apple'] as const;
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as { packs: { name: string; kind: string; file: string }[] };
const packs = new Map<string, KindLevels>(manifest.packs.map((p) => [p.name, levelsOf(loadPack(fs.readFileSync(path.join(DIST, p.file), 'utf8')))]));
const vectorFile = (kind: string) => path.join(DIST, 'conformance', `${kind}.json`);
const load = (kind: (typeof KINDS)[number]): ConformanceFile =>
  checkDocument(vectorFile(kind), JSON.parse(fs.readFileSync(vectorFile(kind), 'utf8')), kindByName(kind).conformance.schema as z.ZodType<ConformanceFile>);

type LevelOf = { ghost: GhostLevel; slide: SlideLevel; apple: AppleLevel };

function levelIn<K extends keyof LevelOf>(kind: K, pack: string, id: string): LevelOf[K] {
  const p = packs.get(pack);
  if (!p || p.kind !== kind) throw new Error(`${pack}: no ${kind} pack`);
  const level = (p.levels as { id: string }[]).find((l) => l.id === id);
  if (!level) throw new Error(`${pack}: no level ${id}`);
  return level as unknown as LevelOf[K];
}

function replayGhostCase(c: GhostConformanceCase) {
  const level = levelIn('ghost', c.pack, c.level);
  let play = startGhostPlay(level);
  const start = { provable: provableCatches(level, play), ...medalQuestions(level, play) };
  const steps = c.steps.map(({ catch: [r, col] }) => {
    const provable = isCatchProvable(level, play, r, col);
    const { play: after, outcome: result } = catchAt(level, viaJson(play), r, col);
    play = after;
    return { catch: [r, col], provable, result, ...medalQuestions(level, play) };
  });
  return { ...c, start, steps, end: { score: play.score, over: isGhostLevelOver(level, play), medals: ghostMedalsEarned(level, play) } };
}

function replaySlideCase(c: SlideConformanceCase) {
  const level = levelIn('slide', c.pack, c.level);
  const play = startSlidePlay(level.puzzle);
  const steps = c.steps.map(({ flick: [col, row, dir] }) => {
    const result = flick(play, col, row, dir as Direction);
    return { flick: [col, row, dir], result, board: slideBoardNow(play), cleared: isCleared(play), stars: starsEarned(play, level.analysis) };
  });
  const starsByMoves = c.end.starsByMoves.map((_, m) => starsFor(m, level.analysis.stars));
  return { ...c, steps, end: { moves: play.moves, cleared: isCleared(play), stars: starsEarned(play, level.analysis), starsByMoves } };
}

function replayAppleCase(c: AppleConformanceCase) {
  const level = levelIn('apple', c.pack, c.level);
  const play = startApplePlay(level.puzzle);
  const steps = c.steps.map(({ rect }) => {
    const result = takeRect(play, rect);
    return { rect, result, score: play.score, over: isAppleOver(play) };
  });
  return { ...c, steps, end: { score: play.score, moves: play.moves, over: isAppleOver(play), medals: appleMedalsEarned(play, level.analysis) } };
}

// Whole games, replayed as a port would: each action through the kind's step
// function from a state restored from JSON (so saving and restoring is part of
// what is checked), every answer compared.
const viaJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function replayGhostGame(c: GhostGameCase) {
  const level = levelIn('ghost', c.pack, c.level);
  let state: GhostGameState = startGhostGame(level, c.lives);
  const steps = c.steps.map(({ action }) => {
    const r = ghostStep(level, viaJson(state), action as GhostAction);
    state = r.state;
    return {
      action,
      event: r.event,
      state: {
        lives: state.lives,
        attempt: state.attempt,
        catches: state.catches.length,
        marks: state.marks.length,
        mistakes: state.mistakes,
        hints: state.hints,
        unprovable: state.unprovable,
        score: state.score,
        status: state.status,
      },
      provableNow: provableNow(level, state),
      nextHint: nextHint(level, state),
      onCourseForBest: onCourseForBest(level, state),
      onCourseForWorst: onCourseForWorst(level, state),
      clean: isCleanClear(state),
    };
  });
  return { ...c, steps };
}

function replaySlideGame(c: SlideGameCase) {
  const level = levelIn('slide', c.pack, c.level);
  let state: SlideGameState = startSlideGame(level);
  const steps = c.steps.map(({ action }) => {
    const r = slideStep(level, viaJson(state), action as SlideAction);
    state = r.state;
    return {
      action,
      event: r.event,
      state: { moves: state.flicks.length, undos: state.undos, restarts: state.restarts },
      board: slideGameBoard(level, state),
      stars: slideGameStars(level, state),
      threeStarsReachable: threeStarsReachable(level, state),
    };
  });
  return { ...c, steps };
}

function replayAppleGame(c: AppleGameCase) {
  const level = levelIn('apple', c.pack, c.level);
  let state: AppleGameState = startAppleGame(level, c.timeLimitMs);
  const steps = c.steps.map(({ action }) => {
    const r = appleStep(level, viaJson(state), action as AppleAction);
    state = r.state;
    return {
      action,
      event: r.event,
      state: { moves: state.taken.length, score: state.score, elapsedMs: state.elapsedMs, status: state.status },
      timeLeftMs: appleTimeLeft(state),
    };
  });
  return { ...c, steps };
}

describe('conformance vectors', () => {
  it.each(KINDS)('%s: every whole game replays through the step function, restored from JSON at each action', (kind) => {
    const file = load(kind);
    expect(file.games.length).toBeGreaterThan(0);
    for (const g of file.games) {
      const again =
        file.kind === 'ghost'
          ? replayGhostGame(g as GhostGameCase)
          : file.kind === 'slide'
            ? replaySlideGame(g as SlideGameCase)
            : replayAppleGame(g as AppleGameCase);
      expect(again, `${g.pack} ${g.level}: ${g.name}`).toEqual(g);
    }
  });

  it('the games cover marks, mistakes, lives, a loss, hints, restarts, clean and unclean clears, undo, ★★★ lost and regained, the timer end', () => {
    const ghost = load('ghost');
    if (ghost.kind !== 'ghost') throw new Error('not ghost');
    const g = ghost.games.flatMap((c) => c.steps);
    const kinds = new Set(g.map((s) => s.event.kind));
    for (const k of ['caught', 'marked', 'unmarked', 'mistake', 'hint', 'restarted', 'refused']) expect(kinds, k).toContain(k);
    expect(g.some((s) => s.state.status === 'lost' && s.state.lives === 0)).toBe(true);
    expect(g.some((s) => s.event.kind === 'caught' && !s.event.provable)).toBe(true);
    expect(ghost.games.some((c) => c.steps.at(-1)!.clean) && ghost.games.some((c) => c.steps.at(-1)!.state.status === 'won' && !c.steps.at(-1)!.clean)).toBe(
      true,
    );
    const slide = load('slide');
    if (slide.kind !== 'slide') throw new Error('not slide');
    const s = slide.games.flatMap((c) => c.steps);
    expect(new Set(s.map((x) => x.event.kind))).toEqual(new Set(['flicked', 'undone', 'restarted', 'refused']));
    expect(s.some((x) => x.threeStarsReachable === false) && slide.games.every((c) => c.steps.at(-1)!.stars === 3)).toBe(true);
    const apple = load('apple');
    if (apple.kind !== 'apple') throw new Error('not apple');
    const a = apple.games.flatMap((c) => c.steps);
    expect(a.some((x) => x.state.status === 'time up' && x.timeLeftMs === 0) && a.some((x) => x.state.status === 'no move')).toBe(true);
  });

  it.each(KINDS)('%s: schema-checked, every bundled pack sampled, under 256 KB', (kind) => {
    const file = load(kind);
    expect(file.kind).toBe(kind);
    const bundled = manifest.packs.filter((p) => p.kind === kind).map((p) => p.name);
    expect(bundled.length).toBeGreaterThan(0);
    expect([...new Set(file.cases.map((c) => c.pack))].sort()).toEqual([...bundled].sort());
    expect(fs.statSync(vectorFile(kind)).size).toBeLessThan(256 * 1024);
  });

  it.each(KINDS)('%s: every case replays through the client with the same results', (kind) => {
    const file = load(kind);
    for (const c of file.cases) {
      const again =
        file.kind === 'ghost'
          ? replayGhostCase(c as GhostConformanceCase)
          : file.kind === 'slide'
            ? replaySlideCase(c as SlideConformanceCase)
            : replayAppleCase(c as AppleConformanceCase);
      expect(again, `${c.pack} ${c.level}: ${c.name}`).toEqual(c);
    }
  });

  it('hold refused actions and finished levels of every kind', () => {
    const ghost = load('ghost');
    const ghostSteps = ghost.kind === 'ghost' ? ghost.cases.flatMap((c) => c.steps) : [];
    expect(new Set(ghostSteps.map((s) => (s.result.hit ? 'hit' : s.result.reason)))).toEqual(new Set(['hit', 'no ghost', 'already caught', 'not a cell']));
    expect(ghost.kind === 'ghost' && ghost.cases.some((c) => c.end.medals.best === true) && ghost.cases.some((c) => c.end.medals.best === false)).toBe(true);
    const slide = load('slide');
    expect(slide.kind === 'slide' && slide.cases.some((c) => c.steps.some((s) => !s.result.ok)) && slide.cases.some((c) => c.end.stars === 3)).toBe(true);
    const apple = load('apple');
    expect(apple.kind === 'apple' && apple.cases.some((c) => c.steps.some((s) => !s.result.ok)) && apple.cases.some((c) => c.end.over)).toBe(true);
  });

  it('a changed result is caught', () => {
    const file = load('slide');
    if (file.kind !== 'slide') throw new Error('not slide');
    const c = structuredClone(file.cases[0]!);
    c.steps[0]!.board[0] = c.steps[0]!.board[0]!.replace('.', 'a');
    expect(replaySlideCase(c)).not.toEqual(c);
  });
});

// The client entry point (tools/client/index.ts): bundles for the browser with
// no Node-only module, loads every bundled pack with the schema check, and
// replays every level's stored solution with the kind's rules, and walks
// ghost plays that leave the best / worst course.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { kindParts } from '../../tools/scripts/kind-parts.ts';
import {
  loadPack,
  PackError,
  startGhostPlay,
  catchAt,
  ghostAt,
  isCaught,
  isOpen,
  isCatchProvable,
  provableCatches,
  logicRating,
  hintsOf,
  type GhostPlay,
  type GhostLevel,
} from '../../tools/client/index.ts';
import { canStillReach, canStillReachBest, canStillReachWorst, courseOf, rulesOf } from '../../tools/kinds/ghost/play.ts';
import { decodeCourse } from '../../tools/kinds/ghost/course-format.ts';
import { rngFor } from '../../tools/lib/rng.ts';
import { analyzeGhost } from '../../tools/kinds/ghost/analyze.ts';
import { GHOST_DEFAULT_CONFIG } from '../../tools/kinds/ghost/config.ts';
import { initialGhostCalibration } from '../../tools/kinds/ghost/tiers.ts';
import type { GhostPuzzle } from '../../tools/kinds/ghost/schema.ts';
import { ROOT } from '../support/helpers.ts';

const DIST = path.join(ROOT, 'dist');
const packFiles = () =>
  fs
    .readdirSync(DIST)
    .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
    .sort();

describe('client entry point', () => {
  it('bundles for the browser without any Node-only module', async () => {
    const r = await build({
      entryPoints: [path.join(ROOT, 'tools/client/index.ts')],
      bundle: true,
      plugins: [kindParts(['face'])],
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(r.metafile!.inputs);
    expect(inputs.filter((f) => f.startsWith('node:') || /tools\/lib\/(io|paths|ids|rng|pool|documents)\.ts$/.test(f))).toEqual([]);
    expect(r.outputFiles![0]!.text).not.toMatch(/from\s*["']node:/);
  });

  it('loads every bundled pack and replays every level', () => {
    const files = packFiles();
    expect(files.length).toBeGreaterThan(0);
    let levels = 0;
    for (const file of files) {
      const { kind, pack } = loadPack(fs.readFileSync(path.join(DIST, file), 'utf8'));
      for (const level of pack.levels) {
        const r = kind.replay(level);
        expect({ file, id: level.id, problems: r.problems }).toEqual({ file, id: level.id, problems: [] });
        levels++;
      }
    }
    expect(levels).toBeGreaterThan(0);
  });

  it('walks plays off and along the best and worst course on every bundled ghost level', () => {
    const catchGhost = (level: GhostLevel, p: GhostPlay, g: number): GhostPlay => {
      const cell = rulesOf(level).model.ghostCell[g]!;
      return catchAt(level, p, Math.floor(cell / level.puzzle.size), cell % level.puzzle.size).play;
    };
    const caught = (level: GhostLevel, p: GhostPlay) => new Set(p.catches.map(([r, c]) => ghostAt(level, r, c)));
    let walked = 0;
    for (const file of packFiles().filter((f) => f.startsWith('ghost'))) {
      const { pack } = loadPack(fs.readFileSync(path.join(DIST, file), 'utf8'));
      for (const level of pack.levels as GhostLevel[]) {
        const a = level.analysis;
        expect(hintsOf(level).length).toBeGreaterThan(0);
        if (a.maxScore === 'unknown' || a.minScore === 'unknown') continue;
        const rng = rngFor(31, level.id, 0);
        for (const which of ['max', 'min'] as const) {
          const target = which === 'max' ? a.maxScore : a.minScore;
          // 1. stay on course: some next catch keeps the answer true until the end, which scores the target
          let play = startGhostPlay(level);
          let left = false;
          while (play.catches.length < a.ghosts) {
            expect(canStillReach(level, play, which)).toBe(true);
            const done = caught(level, play);
            const free = [...Array(a.ghosts).keys()].filter((g) => !done.has(g));
            const keep = free.filter((g) => canStillReach(level, catchGhost(level, play, g), which));
            expect(keep.length).toBeGreaterThan(0);
            // 2. from a random point, leave the course once with a catch that breaks it, if any
            const leave = free.filter((g) => !keep.includes(g));
            if (!left && leave.length && rng.int(0, a.ghosts) === 0) {
              let off = catchGhost(level, play, leave[rng.int(0, leave.length - 1)]!);
              while (off.catches.length < a.ghosts) {
                expect(canStillReach(level, off, which)).toBe(false);
                const offCaught = caught(level, off);
                const rest = [...Array(a.ghosts).keys()].filter((g) => !offCaught.has(g));
                off = catchGhost(level, off, rest[rng.int(0, rest.length - 1)]!);
              }
              expect(off.score).not.toBe(target);
              expect(canStillReach(level, off, which)).toBe(false);
              left = true;
            }
            play = catchGhost(level, play, keep[rng.int(0, keep.length - 1)]!);
          }
          expect(play.score).toBe(target);
          expect(canStillReach(level, play, which)).toBe(true);
          walked++;
        }
      }
    }
    expect(walked).toBeGreaterThan(100);
  });

  it('rejects a broken pack with one line naming the level and the field', () => {
    const file = packFiles().find((f) => f.startsWith('ghost'))!;
    const pack = JSON.parse(fs.readFileSync(path.join(DIST, file), 'utf8'));
    expect(() => loadPack('{not json')).toThrow(PackError);
    expect(() => loadPack({ ...pack, kind: 'chess' })).toThrow(/kind: expected one of/);
    const broken = structuredClone(pack);
    broken.levels[1].analysis.maxScore = 'lots';
    expect(() => loadPack(broken)).toThrow(new RegExp(`${broken.levels[1].id} › analysis.maxScore`));
  });
});

describe('playing a ghost board through the client', () => {
  // The hand-worked board of ghost-score.test.ts: A=(0,0), B=(0,2), C=(2,0), clue (1,1)=3.
  // Best 400 when A is caught first, worst 350 otherwise.
  const puzzle: GhostPuzzle = { size: 5, grid: ['.....', '.3...', '.....', '.....', '.....'], rows: [2, 0, 1, 0, 0], cols: [2, 0, 1, 0, 0] };
  const solution = ['G.G..', '.....', 'G....', '.....', '.....'];

  it('scores catches, opens cells, and follows the course assets', () => {
    const out = analyzeGhost(puzzle, { config: GHOST_DEFAULT_CONFIG, calibration: initialGhostCalibration() });
    if (out.status !== 'proven') throw new Error(out.reason);
    const level = { puzzle, solution, analysis: out.analysis };
    const reach = (p: GhostPlay) => [canStillReachBest(level, p), canStillReachWorst(level, p)];
    const start = startGhostPlay(level);
    expect(catchAt(level, start, 1, 1)).toEqual({ play: start, outcome: { hit: false, reason: 'no ghost' } });
    expect(reach(start)).toEqual([true, true]);
    // B first: completes col 2, opens (2,2): 100 + 50·1·1
    const b = catchAt(level, start, 0, 2);
    expect(b.outcome).toEqual({ hit: true, ghost: 1, points: 150, completed: [['col', 2]], opened: [[2, 2]], score: 150 });
    expect(b.play).toEqual({ catches: [[0, 2]], opened: [[2, 2]], score: 150 });
    expect(start).toEqual({ catches: [], opened: [], score: 0 }); // a catch changes no play in place
    expect([isCaught(b.play, 0, 2), isOpen(level, b.play, 2, 2), isOpen(level, start, 2, 2)]).toEqual([true, true, false]);
    expect(reach(b.play)).toEqual([false, true]);
    expect(catchAt(level, b.play, 0, 2).outcome).toEqual({ hit: false, reason: 'already caught' });
    const worst = catchAt(level, catchAt(level, b.play, 0, 0).play, 2, 0).play;
    expect(worst.score).toBe(350);
    expect(out.analysis.minScore).toBe(350);
    expect(reach(worst)).toEqual([false, true]);
    // A first keeps the best (and loses the worst); then B or C
    const a = catchAt(level, start, 0, 0).play;
    expect(reach(a)).toEqual([true, false]);
    const best = catchAt(level, catchAt(level, a, 2, 0).play, 0, 2).play;
    expect(best.score).toBe(400);
    expect(reach(best)).toEqual([true, false]);
    // the same play as JSON answers the same: nothing of it lives outside its fields
    expect(reach(JSON.parse(JSON.stringify(best)))).toEqual([true, false]);
  });

  it('a catch is provable only from certain knowledge', () => {
    // From the start: rows 1,3,4 and cols 1,3,4 hold no ghost; row 0 then has (0,0),(0,2) for 2 ghosts.
    const level = { puzzle, solution };
    const play = startGhostPlay(level);
    expect(provableCatches(level, play)).toEqual([
      [0, 0],
      [0, 2],
      [2, 0],
    ]);
    expect(isCatchProvable(level, play, 0, 0)).toBe(true);
    expect(isCatchProvable(level, play, 1, 0)).toBe(false);
  });

  it('exports the course decoder, the hint path and the rating', () => {
    const out = analyzeGhost(puzzle, { config: GHOST_DEFAULT_CONFIG, calibration: initialGhostCalibration() });
    if (out.status !== 'proven') throw new Error(out.reason);
    expect(courseOf(out.analysis, 'max')).toEqual(decodeCourse(out.analysis.maxCourse as string, 3));
    expect(() => decodeCourse('AAAA', 3, 'x')).toThrow(/x: format version 0/);
    expect(hintsOf({ puzzle, solution, analysis: out.analysis }).flatMap((h) => h.ghosts)).toHaveLength(3);
    expect(logicRating([]).display).toBe(1000);
  });
});

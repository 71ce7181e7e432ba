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
  isCatchProvable,
  provableCatches,
  logicRating,
  hintsOf,
  type GhostPlay,
  type GhostLevel,
} from '../../tools/client/index.ts';
import { canStillReach, canStillReachBest, canStillReachWorst, courseOf } from '../../tools/kinds/ghost/play.ts';
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
    const copy = (p: GhostPlay): GhostPlay => ({ ...p, caught: p.caught.slice(), open: p.open.slice(), order: [...p.order] });
    const catchGhost = (p: GhostPlay, g: number) => {
      const cell = p.model.ghostCell[g]!;
      return catchAt(p, Math.floor(cell / p.puzzle.size), cell % p.puzzle.size);
    };
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
          const play = startGhostPlay(level.puzzle, level.solution);
          let left = false;
          while (play.order.length < a.ghosts) {
            expect(canStillReach(play, a, which)).toBe(true);
            const free = [...Array(a.ghosts).keys()].filter((g) => !play.caught[g]);
            const keep = free.filter((g) => {
              const trial = copy(play);
              catchGhost(trial, g);
              return canStillReach(trial, a, which);
            });
            expect(keep.length).toBeGreaterThan(0);
            // 2. from a random point, leave the course once with a catch that breaks it, if any
            const leave = free.filter((g) => !keep.includes(g));
            if (!left && leave.length && rng.int(0, a.ghosts) === 0) {
              const off = copy(play);
              catchGhost(off, leave[rng.int(0, leave.length - 1)]!);
              while (off.order.length < a.ghosts) {
                expect(canStillReach(off, a, which)).toBe(false);
                const rest = [...Array(a.ghosts).keys()].filter((g) => !off.caught[g]);
                catchGhost(off, rest[rng.int(0, rest.length - 1)]!);
              }
              expect(off.score).not.toBe(target);
              expect(canStillReach(off, a, which)).toBe(false);
              left = true;
            }
            catchGhost(play, keep[rng.int(0, keep.length - 1)]!);
          }
          expect(play.score).toBe(target);
          expect(canStillReach(play, a, which)).toBe(true);
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
    const a = out.analysis;
    const play = startGhostPlay(puzzle, solution);
    expect(catchAt(play, 1, 1)).toEqual({ hit: false, reason: 'no ghost' });
    expect([canStillReachBest(play, a), canStillReachWorst(play, a)]).toEqual([true, true]);
    // B first: completes col 2, opens (2,2): 100 + 50·1·1
    expect(catchAt(play, 0, 2)).toEqual({ hit: true, ghost: 1, points: 150, completed: [['col', 2]], opened: [[2, 2]], score: 150 });
    expect([canStillReachBest(play, a), canStillReachWorst(play, a)]).toEqual([false, true]);
    expect(catchAt(play, 0, 2)).toEqual({ hit: false, reason: 'already caught' });
    catchAt(play, 0, 0);
    catchAt(play, 2, 0);
    expect(play.score).toBe(350);
    expect(a.minScore).toBe(350);
    expect([canStillReachBest(play, a), canStillReachWorst(play, a)]).toEqual([false, true]);
    // A first keeps the best (and loses the worst); then B or C
    const best = startGhostPlay(puzzle, solution);
    catchAt(best, 0, 0);
    expect([canStillReachBest(best, a), canStillReachWorst(best, a)]).toEqual([true, false]);
    catchAt(best, 2, 0);
    catchAt(best, 0, 2);
    expect(best.score).toBe(400);
    expect([canStillReachBest(best, a), canStillReachWorst(best, a)]).toEqual([true, false]);
  });

  it('a catch is provable only from certain knowledge', () => {
    // From the start: rows 1,3,4 and cols 1,3,4 hold no ghost; row 0 then has (0,0),(0,2) for 2 ghosts.
    const play = startGhostPlay(puzzle, solution);
    expect(provableCatches(play)).toEqual([
      [0, 0],
      [0, 2],
      [2, 0],
    ]);
    expect(isCatchProvable(play, 0, 0)).toBe(true);
    expect(isCatchProvable(play, 1, 0)).toBe(false);
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

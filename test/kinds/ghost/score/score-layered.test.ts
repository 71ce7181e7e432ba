// The layered score DP (dp-layered.ts) against the single-memory kernel on
// random boards up to G = 22 (equal optima, free ghosts, optimal-state bitsets,
// the W values it keeps and the course assets made from them), with small
// blocks so that many layers and high ghosts are crossed, and against a brute
// force over all G! orders for G = 7 and 8.
import { describe, expect, it } from 'vitest';
import { scoreModel } from '../../../../tools/kinds/ghost/score-rule.ts';
import { ckOpen, dpModel } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { scoreTables, optimalStates } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import { layeredOptima } from '../../../../tools/kinds/ghost/score/dp-layered.ts';
import { courseFits, courseRoom } from '../../../../tools/kinds/ghost/score/course-build.ts';
import { exactScores } from '../../../../tools/kinds/ghost/score/score-assets.ts';
import { memoryScratch } from '../../../../tools/lib/scratch.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';
import { bruteForceScores } from '../../../support/helpers.ts';

function board(stream: string, i: number, ghosts: number) {
  const rng = rngFor(15, stream, i);
  const n = ghosts > 14 ? rng.int(7, 9) : rng.int(5, 7);
  return randomBoard(rng, n, ghosts, rng.int(2, 2 * n));
}

describe('the layered DP equals the single-memory kernel', () => {
  const cases: [number, number, number][] = [
    // [ghosts, low ghosts per block, board]
    [10, 5, 0],
    [12, 5, 1],
    [14, 8, 2],
    [16, 5, 3],
    [17, 9, 4],
    [18, 8, 5],
    [20, 10, 6],
    [22, 12, 7],
  ];
  it.each(cases)('G = %i, blocks of 2^%i', (G, L, i) => {
    const { puzzle, solution } = board('kernel', i, G);
    const d = dpModel(scoreModel(puzzle, solution));
    expect(d.G).toBe(G);
    // the values the course assets are built from, copied out (valid until the next DP on this thread)
    const lay = layeredOptima(d, memoryScratch(), L);
    const kept: Record<string, { keys: number[]; ws: number[] }> = {};
    for (const [which, play] of [
      ['max', lay.best],
      ['min', lay.worst],
    ] as const) {
      const { keys, ws } = play.values((n) => new Uint32Array(n));
      kept[which] = { keys: [...keys], ws: [...ws] };
    }
    lay.release();
    // copy the kernel's results out: its tables are views into memory the next call reuses
    const t = scoreTables(d);
    const [fmax, fmin] = [t.fmax[0]!, t.fmin[0]!];
    for (const [which, got] of [
      ['max', lay.best],
      ['min', lay.worst],
    ] as const) {
      const tables = scoreTables(d);
      const want = optimalStates(tables, which);
      expect(got.count).toBe(want.count);
      expect(got.notFree).toBe(want.notFree);
      expect(Buffer.from(got.states.buffer).equals(Buffer.from(want.states.buffer, want.states.byteOffset, want.states.byteLength))).toBe(true);
      // the kept values: every marked state once, ascending, with W = F + cells opened
      const F = which === 'max' ? tables.fmax : tables.fmin;
      const keys: number[] = [];
      const ws: number[] = [];
      for (let s = 0; s < 2 ** G; s++) {
        if ((want.states[s >>> 5]! >>> (s & 31)) & 1) {
          keys.push(s);
          ws.push(F[s]! + ckOpen(tables.ck[s]!));
        }
      }
      expect(kept[which]).toEqual({ keys, ws });
    }
    expect([lay.maxBonus, lay.minBonus]).toEqual([fmax, fmin]);
    expect(lay.transitions).toBe(G * 2 ** (G - 1));
  });

  it.each(cases)('G = %i, blocks of 2^%i: the same score assets, course assets included', (G, L, i) => {
    const { puzzle, solution } = board('kernel', i, G);
    const model = scoreModel(puzzle, solution);
    const lay = exactScores(model, memoryScratch(), L);
    expect(lay.assets.maxCourse).not.toBe('unknown');
    expect(lay.assets).toEqual(exactScores(model).assets);
    expect([lay.maxStates, lay.minStates]).toEqual([exactScores(model).maxStates, exactScores(model).minStates]);
  });
});

describe('the layered DP against a brute force over all orders', () => {
  it.each([
    [7, 0],
    [8, 1],
    [8, 2],
  ])('G = %i, board %i', (G, i) => {
    const { puzzle, solution } = board('brute', i, G);
    const bf = bruteForceScores(puzzle, solution);
    const lay = layeredOptima(dpModel(scoreModel(puzzle, solution)), memoryScratch(), 5);
    expect(100 * G + 50 * lay.maxBonus).toBe(bf.best);
    expect(100 * G + 50 * lay.minBonus).toBe(bf.worst);
    let notFree = 0;
    for (let g = 0; g < G; g++) if (!bf.free.includes(g)) notFree |= 1 << g;
    expect(lay.best.notFree).toBe(notFree);
    for (let s = 0; s < 2 ** G; s++) {
      expect(((lay.best.states[s >>> 5]! >>> (s & 31)) & 1) === 1).toBe(bf.max.states.has(s));
      expect(((lay.worst.states[s >>> 5]! >>> (s & 31)) & 1) === 1).toBe(bf.min.states.has(s));
    }
  });
});

describe('course assets past the arena', () => {
  it('are built in every order while they fit the arena (or 4 GiB when that is larger), then in row-major order only, then not at all ("unknown")', () => {
    // G = 32's arena is 9.56 GB; the bench board's worst medal has 858.6 million states on an optimal play
    // (20 % of all states); G = 29's arena is 1.35 GB, so 4 GiB count: the dense preset's G = 29 board
    // ghost-e7ca4193f331 has 138.1 million states on a worst play (25.7 %)
    const arena32 = 6 * 2 ** 16 * (12870 + 11440);
    const arena29 = 6 * 2 ** 16 * (1716 + 1716);
    expect(courseRoom(arena32)).toBe(arena32);
    expect(courseRoom(arena29)).toBe(2 ** 32);
    expect(courseFits(858_591_498, courseRoom(arena32))).toBe('no');
    expect(courseFits(138_123_937, courseRoom(arena29))).toBe('row-major');
    expect(courseFits(2 ** 32 / 32, courseRoom(arena29))).toBe('all orders');
    expect(courseFits(2 ** 27 + 1, courseRoom(arena29))).toBe('row-major');
    expect(courseFits(2 ** 32 / 24, courseRoom(arena29))).toBe('row-major');
    expect(courseFits(Math.floor(2 ** 32 / 24) + 1, courseRoom(arena29))).toBe('no');
  });
});

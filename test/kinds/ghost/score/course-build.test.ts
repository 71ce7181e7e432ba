// How a course asset is built (tools/kinds/ghost/score/course-build.ts): the sparse
// construction in every ghost order it may choose, from the same ascending keys. The
// values an asset holds are checked against a plain DP in score.test.ts and
// course.test.ts; here the question is whether the shortcut changes anything:
// every order's diagram must decode to the same value at every one of the 2^G
// states, and the asset kept must be the shortest of them.
import { describe, expect, it } from 'vitest';
import { candidateOrders, encodeCourse } from '../../../../tools/kinds/ghost/score/course-build.ts';
import { courseValue, decodeCourse } from '../../../../tools/kinds/ghost/course-format.ts';
import { scoreModel } from '../../../../tools/kinds/ghost/score-rule.ts';
import { dpModel } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { optimalStates, scoreTables } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';

describe('a course asset in every ghost order', () => {
  // boards whose sets of optimal states are irregular enough to give diagrams of some size
  const boards = [12, 14, 16].map((G, i) => {
    const rng = rngFor(40, 'course-orders', i);
    return randomBoard(rng, 7, G, rng.int(6, 12));
  });
  let otherOrders = 0;
  it.each(boards.map((b, i) => [i, b] as const))('board %i', (_i, { puzzle, solution }) => {
    const model = scoreModel(puzzle, solution);
    const G = model.ghosts;
    const t = scoreTables(dpModel(model));
    for (const which of ['max', 'min'] as const) {
      const F = which === 'max' ? t.fmax : t.fmin;
      const states = optimalStates(t, which).states;
      const keys: number[] = [];
      const ws: number[] = [];
      const want = new Map<number, number>();
      for (let s = 0; s < 2 ** G; s++) {
        if ((states[s >>> 5]! >>> (s & 31)) & 1) {
          keys.push(s);
          ws.push(F[s]! + (t.ck[s]! >>> 7));
          want.set(s, F[s]! + (t.ck[s]! >>> 7));
        }
      }
      const orders = candidateOrders(model.ghostCell, model.n);
      // each order against row-major (the shorter is kept), then all of them
      const each = orders.map((order) => encodeCourse(G, Uint32Array.from(keys), Uint32Array.from(ws), [order], 0));
      for (const text of each) {
        const c = decodeCourse(text, G);
        if (!c.ghostAt.every((g, k) => g === k)) otherOrders++;
        for (let s = 0; s < 2 ** G; s++) {
          const v = courseValue(c, (g) => ((s >>> g) & 1) === 1);
          if (v !== (want.get(s) ?? null)) throw new Error(`${which}: state ${s} decodes to ${v}, wants ${want.get(s) ?? null}`);
        }
      }
      const all = encodeCourse(G, Uint32Array.from(keys), Uint32Array.from(ws), orders, 0);
      expect(each).toContain(all);
      expect(all.length).toBe(Math.min(...each.map((e) => e.length)));
      // with the default threshold, a short row-major asset is kept as it is
      if (Buffer.from(each[0]!, 'base64').length <= 2048) expect(encodeCourse(G, Uint32Array.from(keys), Uint32Array.from(ws), orders)).toBe(each[0]);
    }
  });
  it('some of those assets were kept in an order other than row-major', () => {
    expect(otherOrders).toBeGreaterThan(0);
  });
});

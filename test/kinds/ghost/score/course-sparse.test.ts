// The sparse construction of a course diagram (tools/kinds/ghost/score/course-build.ts
// sparseBuild: the merge of each run's two sides, the node table) against a
// straightforward reference, on small random sets D in several ghost orders,
// including orders encodeCourse would not keep (course-build.test.ts sees only
// the kept ones). A reduced ordered diagram is unique for its function and
// order, and the encoder's bytes depend only on that diagram, so a build that
// decodes to the right value at every state with exactly the reference's
// number of nodes gives the only bytes the asset can have: a faster build
// checked here keeps every asset's bytes.
import { describe, expect, it } from 'vitest';
import { encodeCourseInOrder } from '../../../../tools/kinds/ghost/score/course-build.ts';
import { courseNodes, courseValue, decodeCourse } from '../../../../tools/kinds/ghost/course-format.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';

/**
 * The nodes of the reduced diagram of `value` (state -> terminal, ⊥ absent) in
 * `order`, counted the plain way: at each depth, every distinct cofactor (a
 * function of the ghosts not yet tested) that depends on the ghost tested there.
 */
function referenceNodes(G: number, value: Map<number, number>, order: readonly number[]): number {
  // the distinct cofactors at depth k (never ⊥ everywhere): maps from the states of the ghosts not yet tested to terminals
  let nodes = 0;
  let level = [value];
  const describe = (f: Map<number, number>) => JSON.stringify([...f].sort((a, b) => a[0] - b[0]));
  for (let k = 0; k < G; k++) {
    const g = 2 ** order[k]!;
    const next = new Map<string, Map<number, number>>();
    for (const f of level) {
      const lo = new Map<number, number>();
      const hi = new Map<number, number>();
      for (const [s, t] of f) {
        if (Math.floor(s / g) % 2) hi.set(s - g, t);
        else lo.set(s, t);
      }
      if (describe(lo) !== describe(hi)) nodes++; // f depends on the ghost tested here: a node
      for (const part of [lo, hi]) if (part.size > 0) next.set(describe(part), part);
    }
    level = [...next.values()];
  }
  return nodes;
}

function shuffled(rng: ReturnType<typeof rngFor>, G: number): number[] {
  const order = Array.from({ length: G }, (_, g) => g);
  for (let i = G - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

describe('the sparse course build against a plain reference', () => {
  const cases = Array.from({ length: 24 }, (_, i) => i);
  it.each(cases)('random D %i', (i) => {
    const rng = rngFor(32, 'course-sparse', i);
    const G = rng.int(1, 12);
    // dense, sparse and clustered sets; one to four distinct values
    const density = [0.9, 0.5, 0.1, 0.02][i % 4]!;
    const values = Array.from({ length: rng.int(1, 4) }, (_, v) => 300 + 7 * v);
    const value = new Map<number, number>();
    for (let s = 0; s < 2 ** G; s++) {
      const p = i % 8 < 4 ? density : (s & 3) === 0 ? 0.95 : 0.05;
      if (rng.float() < p) value.set(s, values[rng.int(0, values.length - 1)]!);
    }
    const keys = Uint32Array.from([...value.keys()].sort((a, b) => a - b));
    const rowMajor = Array.from({ length: G }, (_, g) => g);
    const orders = [rowMajor, [...rowMajor].reverse(), shuffled(rng, G), shuffled(rng, G)];
    for (const order of orders) {
      const c = decodeCourse(
        encodeCourseInOrder(
          G,
          keys,
          Uint32Array.from(keys, (s) => value.get(s)!),
          order,
        ),
        G,
      );
      expect([...c.ghostAt]).toEqual(order);
      for (let s = 0; s < 2 ** G; s++) {
        const v = courseValue(c, (g) => ((s >>> g) & 1) === 1);
        if (v !== (value.get(s) ?? null)) throw new Error(`order ${order}: state ${s} decodes to ${v}, wants ${value.get(s) ?? null}`);
      }
      expect(courseNodes(c)).toBe(referenceNodes(G, value, order));
    }
  });

  it('ghost 31 (the sign bit) taken out first, last and between', () => {
    // 32 ghosts, a few hundred states: every value checked at the states of D and their neighbours
    const rng = rngFor(32, 'course-sparse-31', 0);
    const value = new Map<number, number>();
    while (value.size < 300) value.set((rng.int(0, 2 ** 16 - 1) * 2 ** 16 + rng.int(0, 2 ** 16 - 1)) >>> 0, 40 + rng.int(0, 2));
    const keys = Uint32Array.from([...value.keys()].sort((a, b) => a - b));
    const rowMajor = Array.from({ length: 32 }, (_, g) => g);
    for (const order of [rowMajor, [...rowMajor].reverse(), shuffled(rng, 32)]) {
      const c = decodeCourse(
        encodeCourseInOrder(
          32,
          keys,
          Uint32Array.from(keys, (s) => value.get(s)!),
          order,
        ),
        32,
      );
      for (const s of keys) {
        for (const flip of [-1, 0, 5, 17, 31]) {
          const t = flip < 0 ? s : (s ^ (2 ** flip)) >>> 0;
          const v = courseValue(c, (g) => Math.floor(t / 2 ** g) % 2 === 1);
          expect(v).toBe(value.get(t) ?? null);
        }
      }
      expect(courseNodes(c)).toBe(referenceNodes(32, value, order));
    }
  });
});

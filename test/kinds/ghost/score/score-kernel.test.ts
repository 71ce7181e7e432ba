// The score kernel's counters (assembly/score-kernel.ts: ck as a subset-sum
// transform of inclusion–exclusion terms) against the oracle of helpers.ts,
// which counts open cells and complete constraints of every state directly:
// whole state spaces of G = 1..14 (one block, several blocks, blocks under 8
// states) and blocks of a larger space placed as the layered DP places them.
// And the kernel's collection of marked states (collect(), countMarked())
// against a plain walk of the bitset.
import { describe, expect, it } from 'vitest';
import { scoreModel } from '../../../../tools/kinds/ghost/score-rule.ts';
import { CK, CK_SHIFT, COLLECT, dpModel, loadKernel, blockMap } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { optimalStates, scoreTables, stateValues } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';
import { scoreOracle } from '../../../support/helpers.ts';

function board(i: number, G: number) {
  const rng = rngFor(32, 'kernel', i);
  return randomBoard(rng, rng.int(5, 7), G, rng.int(2, 14));
}

/** ck(S) by the oracle: open cells beyond the start ones, shifted, plus complete constraints. */
function oracleCk(o: ReturnType<typeof scoreOracle>, s: number): number {
  return ((o.openCells(s).size - o.openCells(0).size) << CK_SHIFT) | o.completed(s);
}

describe('ck of every state against the oracle', () => {
  const Gs = [1, 2, 3, 5, 8, 11, 12, 13, 14];
  it.each(Gs.map((G, i) => [G, i] as const))('G = %i', (G, i) => {
    const { puzzle, solution } = board(i, G);
    const o = scoreOracle(puzzle, solution);
    const t = scoreTables(dpModel(scoreModel(puzzle, solution)));
    for (let s = 0; s < 2 ** G; s++) if (t.ck[s] !== oracleCk(o, s)) throw new Error(`ck wrong at state ${s}: ${t.ck[s]} vs ${oracleCk(o, s)}`);
    expect(t.fmin[0]).toBeLessThanOrEqual(t.fmax[0]!);
  });

  it('blocks of a larger space (countsAt with high bits, at a slot)', () => {
    const G = 13;
    const { puzzle, solution } = board(20, G);
    const o = scoreOracle(puzzle, solution);
    const d = dpModel(scoreModel(puzzle, solution));
    const L = 6;
    const B = 2 ** L;
    const map = blockMap(B);
    const k = loadKernel(d, map);
    for (const h of [0, 1, 0b1010101, 2 ** (G - L) - 1]) {
      for (const [at, Lc] of [
        [0, L],
        [map.succ, 3],
        [0, 2],
      ] as const) {
        k.countsAt(h << L, at, B, Lc, d.terms, map.span);
        const ck = new Uint16Array(k.memory.buffer, CK + 2 * at, B);
        for (let lo = 0; lo < B; lo++) expect(ck[lo], `block ${h}, state ${lo}`).toBe(oracleCk(o, (h << L) | lo));
      }
    }
  });
});

describe('collect: the marked states and their W, by the kernel, against a walk of the bitset', () => {
  /** The set bits of a bitset over N states, ascending, with W = F + cells opened. */
  function walk(bits: Uint32Array, N: number, F: Uint16Array, ck: Uint16Array) {
    const keys: number[] = [];
    const ws: number[] = [];
    for (let s = 0; s < N; s++) {
      if ((bits[s >>> 5]! >>> (s & 31)) & 1) {
        keys.push(s);
        ws.push(F[s]! + (ck[s]! >>> CK_SHIFT));
      }
    }
    return { keys, ws };
  }
  const fresh = (n: number) => new Uint32Array(n);

  it.each([1, 2, 3, 5, 12].map((G, i) => [G, i] as const))('the states on optimal plays, G = %i', (G, i) => {
    const { puzzle, solution } = board(40 + i, G);
    const t = scoreTables(dpModel(scoreModel(puzzle, solution)));
    for (const which of ['max', 'min'] as const) {
      const F = which === 'max' ? t.fmax : t.fmin;
      const play = optimalStates(t, which);
      const want = walk(play.states, 2 ** G, F, t.ck);
      expect(play.count).toBe(want.keys.length);
      const got = play.values(fresh);
      expect([...got.keys]).toEqual(want.keys);
      expect([...got.ws]).toEqual(want.ws);
    }
  });

  it('a bitset with more states than one collect() call hands over (several chunks)', () => {
    const G = 17;
    const { puzzle, solution } = board(50, G);
    const t = scoreTables(dpModel(scoreModel(puzzle, solution)));
    const words = (t.map.bits1 - t.map.bits0) / 4;
    const bits = new Uint32Array(t.kernel.memory.buffer, t.map.bits0, words);
    const rng = rngFor(32, 'collect', 0);
    for (let w = 0; w < words; w++) bits[w] = (rng.int(0, 0xffff) * 0x10000 + rng.int(0, 0xffff)) | (w % 7 === 0 ? 0 : -1 >>> rng.int(0, 31));
    const want = walk(bits, 2 ** G, t.fmax, t.ck);
    expect(want.keys.length).toBeGreaterThan(COLLECT);
    const got = stateValues(t, t.fmax, t.map.bits0, want.keys.length, fresh);
    expect([...got.keys]).toEqual(want.keys);
    expect([...got.ws]).toEqual(want.ws);
  });
});

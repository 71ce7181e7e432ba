// Exact best and worst score over all G! catching orders (docs/ghost.md), by dynamic
// programming over the 2^G subsets S of caught ghosts (bit g = ghost g in
// row-major order). With gain(S, g) = 100 + 50·Δopen·Δcomplete (score-model.ts),
// every order scores 100·G + 50·(sum of Δopen·Δcomplete), so the DP works on
// the bonus B = sum of Δopen·Δcomplete only:
//   F(S) = best bonus still to come from S,  F(all) = 0,
//   F(S) = max/min over g ∉ S of  d(S, S∪g) + F(S∪g),
//   d(S, T) = (open(T) − open(S)) · (complete(T) − complete(S)).
// Per state we store ck = open·128 + complete (Uint16) and F for max and min
// (Uint16 each): 6 bytes a state. The loops run in a WebAssembly kernel
// (assembly/score-kernel.ts, loaded by score-kernel.ts); this module lays out
// its input, calls it, and reads the tables back. One (S, g ∉ S) pair is one transition: G·2^(G−1) in all.
import type { ScoreModel } from './score-model.ts';
import { popcount } from '../../lib/bits.ts';
import { CATCH_BASE, CATCH_BONUS } from './score-model.ts';
import { instantiateKernel, CK, CON, BYG, ALIVE, MAX_CONSTRAINTS, MAX_PER_GHOST, BLOCK_BITS, SPAN_PAD, type Kernel } from './score-kernel.ts';

/** Ceiling of the single-memory DP below: 6·2^G bytes of 32-bit WebAssembly memory (1.6 GB at 28). */
export const KERNEL_MAX_GHOSTS = 28;
/** Ceiling of the exact DP: above KERNEL_MAX_GHOSTS the layered DP (score-layered.ts) runs; ghost masks are 32-bit. */
export const DP_MAX_GHOSTS = 32;
const CK_SHIFT = 7;
const CK_LOW = (1 << CK_SHIFT) - 1;

/** The DP's view of a score model: bit masks over ghosts and over the cells that can still open. */
export interface DpModel {
  G: number;
  /** Constraints with target > 0: ghost mask and the mask of their cells that are not open at the start (3 words). */
  count: number;
  ghostMask: Int32Array;
  cellMask: Uint32Array;
  /** Constraints containing ghost g: byGhost[byGhostStart[g] .. byGhostStart[g+1]). */
  byGhostStart: Int32Array;
  byGhost: Int16Array;
}

export function dpModel(m: ScoreModel): DpModel {
  if (m.ghosts > DP_MAX_GHOSTS) throw new Error(`the exact score DP handles at most ${DP_MAX_GHOSTS} ghosts (board has ${m.ghosts})`);
  // number the cells that are not open at the start
  const index = new Int16Array(m.n * m.n).fill(-1);
  let cells = 0;
  for (let c = 0; c < m.count; c++) {
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) {
      const cell = m.cellList[j]!;
      if (!m.openAtStart[cell] && index[cell]! < 0) index[cell] = cells++;
    }
  }
  if (cells >= 1 << (16 - CK_SHIFT) || m.count > CK_LOW) throw new Error('board too large for the packed DP counters');
  const ghostMask = new Int32Array(m.count);
  const cellMask = new Uint32Array(m.count * 3);
  for (let c = 0; c < m.count; c++) {
    for (let j = m.ghostStart[c]!; j < m.ghostStart[c + 1]!; j++) ghostMask[c]! |= 1 << m.ghostList[j]!;
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) {
      const r = index[m.cellList[j]!]!;
      if (r >= 0) cellMask[c * 3 + (r >>> 5)]! |= 1 << (r & 31);
    }
  }
  return { G: m.ghosts, count: m.count, ghostMask, cellMask, byGhostStart: m.byGhostStart, byGhost: m.byGhost };
}

export interface ScoreTables {
  G: number;
  /** open·128 + complete per state. */
  ck: Uint16Array;
  /** Best / worst bonus still to come per state. */
  fmax: Uint16Array;
  fmin: Uint16Array;
  /** Transitions evaluated (one per (S, g ∉ S)): G·2^(G−1). */
  transitions: number;
}

/** Bonus of the catch S -> T (T = S ∪ {g}) from the packed counters. */
export function stepBonus(ckS: number, ckT: number): number {
  return ((ckT >>> CK_SHIFT) - (ckS >>> CK_SHIFT)) * ((ckT & CK_LOW) - (ckS & CK_LOW));
}

/** Score of a whole play with bonus B: 100 per ghost plus 50 per bonus point. */
export function totalScore(G: number, bonus: number): number {
  return CATCH_BASE * G + CATCH_BONUS * bonus;
}

let kernel: Kernel | null = null;

/**
 * The exact DP: F for max and min on every state, by the WebAssembly kernel
 * (assembly/score-kernel.ts). Memory 6·2^G bytes plus 27 KB and two bitsets of 2^G bits, in the kernel's memory,
 * which one thread reuses from call to call: the returned tables are views
 * into it, valid until the next call on the same thread.
 */
export function scoreTables(d: DpModel): ScoreTables {
  const G = d.G;
  if (G > KERNEL_MAX_GHOSTS) throw new Error(`the single-memory score DP handles at most ${KERNEL_MAX_GHOSTS} ghosts`);
  if (d.count > MAX_CONSTRAINTS) throw new Error('too many constraints for the score kernel');
  const N = 2 ** G;
  const span = spanOf(N);
  kernel ??= instantiateKernel();
  const need = bitsOffset(N) + 2 * bitsBytes(N);
  const pages = Math.ceil(need / 65536);
  const have = kernel.memory.buffer.byteLength / 65536;
  if (pages > have) kernel.memory.grow(pages - have);
  loadModel(kernel, d);
  const buffer = kernel.memory.buffer;
  kernel.counts(N, Math.min(G, BLOCK_BITS), d.count, span);
  const ck = new Uint16Array(buffer, CK, N);
  const fmax = new Uint16Array(buffer, CK + span, N);
  const fmin = new Uint16Array(buffer, CK + 2 * span, N);
  fmin[N - 1] = 0; // every ghost caught: nothing left to score
  kernel.solve(0, G, span);
  return { G, ck, fmax, fmin, transitions: G * 2 ** (G - 1) };
}

/** Bytes from a state's ck to its fmax, and from fmax to fmin (assembly/score-kernel.ts: not a multiple of 4 KB). */
const spanOf = (N: number) => 2 * N + SPAN_PAD;
const bitsOffset = (N: number) => Math.ceil((CK + 2 * spanOf(N) + 2 * N) / 16) * 16;
const bitsBytes = (N: number) => Math.max(16, N / 8);

/** The states on an optimal play and the ghosts that are never a wrong next catch on one. */
export interface OptimalStates {
  /** Bit S set when state S lies on some order reaching the optimum (bitset over 2^G states). */
  states: Uint32Array;
  /** Number of such states. */
  count: number;
  /** Bit g set when, from some state on an optimal play, catching ghost g next loses the optimum. */
  notFree: number;
}

/**
 * States from which the optimum (max or min) is still reachable by a player who
 * reached them on an optimal play: S = ∅ is, and T = S ∪ {g} is when S is and
 * the catch S -> T is optimal (its bonus plus F(T) equals F(S)). Every state on
 * an optimal order is found this way and no other (a state is reached by an
 * optimal prefix exactly when the prefix bonus plus F equals the optimum).
 */
export function optimalStates(t: ScoreTables, which: 'max' | 'min'): OptimalStates {
  const N = 2 ** t.G;
  const F = which === 'max' ? t.fmax : t.fmin;
  const at = bitsOffset(N) + (which === 'max' ? 0 : bitsBytes(N));
  const k = kernel!;
  const states = new Uint32Array(k.memory.buffer, at, bitsBytes(N) / 4);
  states.fill(0);
  states[0] = 1; // ∅
  const notFree = k.mark(N, F.byteOffset, at);
  let count = 0;
  for (let w = 0; w < states.length; w++) count += popcount(states[w]!);
  return { states, count, notFree: notFree >>> 0 };
}

/** Write a model's constraints and per-ghost constraint lists into the kernel's memory (both DPs use it). */
export function loadModel(k: Kernel, d: DpModel): void {
  const buffer = k.memory.buffer;
  const con = new Int32Array(buffer, CON, MAX_CONSTRAINTS * 4);
  for (let c = 0; c < d.count; c++) {
    con[c * 4] = d.ghostMask[c]!;
    con[c * 4 + 1] = d.cellMask[c * 3]!;
    con[c * 4 + 2] = d.cellMask[c * 3 + 1]!;
    con[c * 4 + 3] = d.cellMask[c * 3 + 2]!;
  }
  const byg = new Int32Array(buffer, BYG, (ALIVE - BYG) / 4);
  byg.fill(0);
  for (let g = 0; g < d.G; g++) {
    const from = d.byGhostStart[g]!,
      to = d.byGhostStart[g + 1]!;
    if (to - from > MAX_PER_GHOST) throw new Error('a ghost in too many constraints for the score kernel');
    byg[g * 16] = to - from;
    for (let i = from; i < to; i++) byg[g * 16 + 1 + i - from] = d.byGhost[i]!;
  }
}

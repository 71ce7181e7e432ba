// Exact best and worst score over all G! catching orders (docs/ghost.md), by dynamic
// programming over the 2^G subsets S of caught ghosts (bit g = ghost g in
// row-major order). With gain(S, g) = 100 + 50·Δopen·Δcomplete (score-rule.ts),
// every order scores 100·G + 50·(sum of Δopen·Δcomplete), so the DP works on
// the bonus B = sum of Δopen·Δcomplete only:
//   F(S) = best bonus still to come from S,  F(all) = 0,
//   F(S) = max/min over g ∉ S of  d(S, S∪g) + F(S∪g),
//   d(S, T) = (open(T) − open(S)) · (complete(T) − complete(S)).
// Per state the kernel stores ck (dp-kernel.ts) and F for max and min (Uint16
// each): 6 bytes a state, all 2^G states in the one kernel memory, up to
// KERNEL_MAX_GHOSTS (limits.ts); dp-layered.ts runs the same recurrence past it.
// One (S, g ∉ S) pair is one transition: G·2^(G−1) in all.
import { CATCH_BASE, CATCH_BONUS } from '../score-rule.ts';
import { KERNEL_MAX_GHOSTS } from '../limits.ts';
import { BLOCK_BITS, CK, COLLECT, loadKernel, wholeMap, type DpModel, type ExactOptima, type Kernel, type KernelMap, type OptimalPlay } from './dp-kernel.ts';
import type { Alloc } from './course-build.ts';
import { allocating } from './dp-room.ts';

export interface ScoreTables {
  G: number;
  /** The packed counters per state (dp-kernel.ts). */
  ck: Uint16Array;
  /** Best / worst bonus still to come per state. */
  fmax: Uint16Array;
  fmin: Uint16Array;
  /** Transitions evaluated (one per (S, g ∉ S)): G·2^(G−1). */
  transitions: number;
  /** The kernel the tables live in, and where. */
  kernel: Kernel;
  map: KernelMap;
}

/** Score of a whole play with bonus B: 100 per ghost plus 50 per bonus point. */
export function totalScore(G: number, bonus: number): number {
  return CATCH_BASE * G + CATCH_BONUS * bonus;
}

/**
 * F for max and min on every state, by the WebAssembly kernel. Memory 6·2^G
 * bytes plus 768 KB (the terms of ck) and two bitsets of 2^G bits, in the thread's kernel
 * memory, reused from call to call: the returned tables are views into it,
 * valid until the next call on the same thread.
 */
export function scoreTables(d: DpModel): ScoreTables {
  const G = d.G;
  if (G > KERNEL_MAX_GHOSTS) throw new Error(`the single-memory score DP handles at most ${KERNEL_MAX_GHOSTS} ghosts`);
  const N = 2 ** G;
  const map = wholeMap(N);
  // the kernel's memory grows to 6·2^G bytes: a growth the system refuses is the DP's one-line refusal (dp-room.ts)
  const kernel = allocating(G, { memory: map.bytes, disk: 0 }, () => loadKernel(d, map));
  const buffer = kernel.memory.buffer;
  kernel.counts(N, Math.min(G, BLOCK_BITS), d.terms, map.span);
  const ck = new Uint16Array(buffer, CK, N);
  const fmax = new Uint16Array(buffer, CK + map.span, N);
  const fmin = new Uint16Array(buffer, CK + 2 * map.span, N);
  fmin[N - 1] = 0; // every ghost caught: nothing left to score
  kernel.solve(0, G, map.span);
  return { G, ck, fmax, fmin, transitions: G * 2 ** (G - 1), kernel, map };
}

/**
 * States from which the optimum (max or min) is still reachable by a player who
 * reached them on an optimal play: S = ∅ is, and T = S ∪ {g} is when S is and
 * the catch S -> T is optimal (its bonus plus F(T) equals F(S)). Every state on
 * an optimal order is found this way and no other (a state is reached by an
 * optimal prefix exactly when the prefix bonus plus F equals the optimum).
 */
export function optimalStates(t: ScoreTables, which: 'max' | 'min'): OptimalPlay {
  const N = 2 ** t.G;
  const F = which === 'max' ? t.fmax : t.fmin;
  const { kernel: k, map } = t;
  const at = which === 'max' ? map.bits0 : map.bits1;
  const states = new Uint32Array(k.memory.buffer, at, (map.bits1 - map.bits0) / 4);
  states.fill(0);
  states[0] = 1; // ∅
  const notFree = k.mark(N, F.byteOffset, at);
  // mark() leaves the bits past N clear (the bitset's words may run past N below 32 states)
  const count = k.countMarked(at, states.length);
  const values = (alloc: Alloc) => stateValues(t, F, at, count, alloc);
  return { states, count, notFree: notFree >>> 0, values };
}

/**
 * The `count` marked states of the bitset at bitsOff (over the 2^G states of
 * `t`), ascending, with W = F + cells opened, in arrays from `alloc`: the
 * kernel collects them a chunk at a time into its memory (map.out), and they
 * are copied out.
 */
export function stateValues(t: ScoreTables, F: Uint16Array, bitsOff: number, count: number, alloc: Alloc): { keys: Uint32Array; ws: Uint32Array } {
  const { kernel: k, map } = t;
  const out = map.out;
  if (out === undefined) throw new Error('score DP: a map without room to collect states');
  const words = (map.bits1 - map.bits0) / 4;
  const keys = alloc(count);
  const ws = alloc(count);
  let at = 0;
  for (let w = 0; w < words; w = k.collectNext()) {
    const n = k.collect(w, words, F.byteOffset, bitsOff, out);
    if (at + n > count) break;
    keys.set(new Uint32Array(k.memory.buffer, out, n), at);
    ws.set(new Uint32Array(k.memory.buffer, out + 4 * COLLECT, n), at);
    at += n;
  }
  if (at !== count) throw new Error(`score DP: ${at} marked states collected, ${count} counted`);
  return { keys, ws };
}

/** The whole DP in one memory: the optima and the states on optimal plays (any G ≤ KERNEL_MAX_GHOSTS). */
export function singleOptima(d: DpModel): ExactOptima {
  const t = scoreTables(d);
  const best = optimalStates(t, 'max');
  const worst = optimalStates(t, 'min');
  const needs = { memory: wholeMap(2 ** t.G).bytes, disk: 0 };
  const fresh = (length: number) => allocating(t.G, needs, () => new Uint32Array(length));
  return {
    maxBonus: t.fmax[0]!,
    minBonus: t.fmin[0]!,
    best,
    worst,
    transitions: t.transitions,
    room: Number.POSITIVE_INFINITY,
    alloc: () => fresh,
    release: () => {},
  };
}

// Seeded randomness. Every level slot gets its own generator, derived from
// (master seed, stream name, slot index) through SHA-256, so a slot's output
// never depends on which thread ran it or what ran before it.
import { createHash } from 'node:crypto';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export interface Rng {
  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** The first `k` entries of `items` become a uniform random k-subset in random order (partial Fisher–Yates, in place). */
  sample<T extends { [i: number]: number }>(items: T, length: number, k: number): T;
}

class PureRng implements Rng {
  constructor(private readonly g: RandomGenerator) {}
  int(lo: number, hi: number): number {
    return uniformInt(this.g, lo, hi);
  }
  float(): number {
    return uniformFloat64(this.g);
  }
  sample<T extends { [i: number]: number }>(items: T, length: number, k: number): T {
    for (let i = 0; i < k; i++) {
      const j = uniformInt(this.g, i, length - 1);
      const t = items[i];
      const u = items[j];
      if (t === undefined || u === undefined) throw new RangeError(`sample: index ${i} or ${j} is outside 0..${length - 1}`);
      items[i] = u;
      items[j] = t;
    }
    return items;
  }
}

/** A generator for slot `index` of `stream` under `seed`. */
export function rngFor(seed: number, stream: string, index: number): Rng {
  const digest = createHash('sha256').update(`proofpack/${stream}/${seed}/${index}`).digest();
  const state: [number, number, number, number] = [digest.readInt32LE(0), digest.readInt32LE(4), digest.readInt32LE(8), digest.readInt32LE(12)];
  if ((state[0] | state[1] | state[2] | state[3]) === 0) state[0] = 1; // xoroshiro must not start from all zeros
  return new PureRng(xoroshiro128plusFromState(state));
}

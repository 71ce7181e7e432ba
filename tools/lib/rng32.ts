// A small, fast 32-bit generator for hot loops (solvers, simulations) that
// must be deterministic for a given seed: mulberry32, integer arithmetic only.
// Generation itself uses the per-slot Rng of rng.ts; this one is for code that
// seeds itself from its input (e.g. a solver seeded by the board it solves).
export class Rng32 {
  private a: number;
  constructor(seed: number) {
    this.a = seed | 0;
  }
  /** Uniform integer in [0, 2^32). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) | 0;
    let t = Math.imul(this.a ^ (this.a >>> 15), 1 | this.a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Uniform integer in [0, n) (n well below 2^32). */
  below(n: number): number {
    return Math.floor((this.next() / 4294967296) * n);
  }
}

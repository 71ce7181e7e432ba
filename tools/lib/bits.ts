// Bit tricks shared by the solvers: the population count of a 32-bit word.
// Hot loops bind it to a module-local const (some loaders turn imports into getters).

/** Number of set bits in the 32-bit word x. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

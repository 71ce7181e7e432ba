// The geometry-free upper bound (docs/apple.md, "upperBound"): the largest number of
// a board's digits that can be split into disjoint groups each summing to
// exactly 10, whatever their positions. Every move clears one such group, so
// no play scores more. Solved exactly by dynamic programming over digit
// counts:
//
// * A group holds at most one digit >= 6 (two would sum past 10) and then no 5,
//   so a "big" digit d in 6..9 is either left over or grouped with small
//   digits (1..4) summing to 10 - d: its complement, one of the partitions of
//   10 - d (e.g. an 8 takes {2} or {1,1}).
// * A 5 is left over, paired with a 5, or grouped with small digits summing to
//   5. Two 5s with small complements p and q can be regrouped as {5,5} and
//   p ∪ q (small digits summing to 10) with the same cells, so some optimum
//   gives a small complement to at most one 5; the others pair up.
// * The remaining small digits form groups of digits 1..4 summing to 10.
//
// So, with a = the number of 6s completed by a 4 (the only big digits that
// take a 4, besides one 5): T_k[c] = the most digits 7..9 plus k further 6s
// that can be completed consuming exactly c = (c1, c2, c3) digits 1..3 (a 0/1
// knapsack, one big digit at a time; a 6 here takes 3+1, 2+2, 2+1+1 or
// 1+1+1+1), H[m] = the most small digits m can place in small-only groups
// (largest digit first: leave it over, or choose its group), and the bound is
// the maximum over a, c and the 5s' choice of
//   T_{n6-a}[c] + a (those 6s) + |c| + a (their 4s) + fives + H[n - (c, a)],
// where, when one 5 takes a complement p, p is added to the consumption.
// Tests check it against a brute-force partition search.

/** Partitions of `total` into parts 1..maxPart, as counts of 1s, 2s, 3s, 4s. */
function partitions(total: number, maxPart: number): number[][] {
  const out: number[][] = [];
  const vec = [0, 0, 0, 0];
  const rec = (left: number, max: number) => {
    if (left === 0) {
      out.push(vec.slice());
      return;
    }
    for (let p = Math.min(left, max); p >= 1; p--) {
      vec[p - 1]!++;
      rec(left - p, p);
      vec[p - 1]!--;
    }
  };
  rec(total, maxPart);
  return out;
}

/** complements[d]: the ways small digits can complete digit d (5..9) to 10. */
const COMPLEMENTS: number[][][] = [5, 6, 7, 8, 9].reduce<number[][][]>((acc, d) => {
  acc[d] = partitions(10 - d, 4);
  return acc;
}, []);
/** Small-only groups (digits 1..4 summing to 10) by their largest digit. */
const SMALL_GROUPS: number[][][] = [[], [], [], [], []];
for (const g of partitions(10, 4)) SMALL_GROUPS[g[3] ? 4 : g[2] ? 3 : g[1] ? 2 : 1]!.push(g);

// the same as flat arrays for the hot loops: small groups at top * 16 + j, 5-complements at j
const groupNeed = new Int32Array(5 * 16 * 4);
const groupCells = new Int32Array(5 * 16);
const groupOffset = new Int32Array(5 * 16);
for (let top = 1; top <= 4; top++) {
  SMALL_GROUPS[top]!.forEach((g, j) => {
    for (let k = 0; k < 4; k++) groupNeed[(top * 16 + j) * 4 + k] = g[k]!;
    groupCells[top * 16 + j] = g[0]! + g[1]! + g[2]! + g[3]!;
  });
}
const fiveNeed = new Int32Array(16 * 4);
const fiveOffset = new Int32Array(16);
COMPLEMENTS[5]!.forEach((p, j) => {
  for (let k = 0; k < 4; k++) fiveNeed[j * 4 + k] = p[k]!;
});

const NONE = -30000;
let tableH = new Int16Array(0);
let layers = new Int16Array(0);

/**
 * The most digits of a multiset that can be partitioned into groups summing
 * to 10. counts[k] = how many k (k = 1..9; counts[0] is ignored).
 */
export function geometryFreeBound(counts: ArrayLike<number>): number {
  const n1 = counts[1]!,
    n2 = counts[2]!,
    n3 = counts[3]!,
    n4 = counts[4]!,
    n5 = counts[5]!,
    n6 = counts[6]!;
  const d1 = n1 + 1,
    d2 = n2 + 1,
    d3 = n3 + 1,
    d4 = n4 + 1;
  const s2 = d1,
    s3 = d1 * d2,
    s4 = s3 * d3;
  const size3 = s4,
    size4 = s4 * d4;
  if (tableH.length < size4) tableH = new Int16Array(size4);
  if (layers.length < size3 * (n6 + 1)) layers = new Int16Array(size3 * (n6 + 1));
  const H = tableH;
  // H[m]: small-only groups. The largest small digit present is left over or
  // lies in a group whose largest digit it is.
  const strides = [0, 1, s2, s3, s4];
  for (let top = 1; top <= 4; top++) {
    const gs = SMALL_GROUPS[top]!;
    for (let j = 0; j < gs.length; j++) {
      const g = gs[j]!;
      groupOffset[top * 16 + j] = g[0]! + g[1]! * s2 + g[2]! * s3 + g[3]! * s4;
    }
  }
  H[0] = 0;
  for (let m4 = 0, i = 0; m4 < d4; m4++) {
    for (let m3 = 0; m3 < d3; m3++) {
      for (let m2 = 0; m2 < d2; m2++) {
        for (let m1 = 0; m1 < d1; m1++, i++) {
          if (i === 0) continue;
          const top = m4 ? 4 : m3 ? 3 : m2 ? 2 : 1;
          let best = H[i - strides[top]!]!;
          for (let j = top * 16, e = top * 16 + SMALL_GROUPS[top]!.length; j < e; j++) {
            const r = j * 4;
            if (groupNeed[r]! > m1 || groupNeed[r + 1]! > m2 || groupNeed[r + 2]! > m3 || groupNeed[r + 3]! > m4) continue;
            const v = groupCells[j]! + H[i - groupOffset[j]!]!;
            if (v > best) best = v;
          }
          H[i] = best;
        }
      }
    }
  }

  // T over c = (c1, c2, c3): 9s, 8s and 7s, then 6s one at a time, keeping
  // every layer T_k (k = 6s so far) in `layers`.
  let T = layers.subarray(0, size3);
  T.fill(NONE);
  T[0] = 0;
  const prev = new Int16Array(size3);
  const addItem = (src: Int16Array, dst: Int16Array, options: readonly number[][]) => {
    prev.set(src);
    if (dst !== src) dst.set(src);
    for (const g of options) {
      const o = g[0]! + g[1]! * s2 + g[2]! * s3;
      for (let c3 = g[2]!; c3 < d3; c3++) {
        for (let c2 = g[1]!; c2 < d2; c2++) {
          const row = c2 * s2 + c3 * s3;
          for (let i = row + g[0]!, e = row + d1 - 1; i <= e; i++) {
            const v = prev[i - o]! + 1;
            if (v > dst[i]!) dst[i] = v;
          }
        }
      }
    }
  };
  for (const d of [9, 8, 7]) for (let item = 0; item < counts[d]!; item++) addItem(T, T, COMPLEMENTS[d]!);
  const sixes = COMPLEMENTS[6]!.filter((g) => g[3] === 0); // a 6 with a 4 is counted by `a`
  for (let k = 1; k <= n6; k++) {
    const next = layers.subarray(k * size3, (k + 1) * size3);
    addItem(T, next, sixes);
    T = next;
  }

  // The 5s: all but one pair up when none takes a complement (fives0), or one
  // takes a complement p and the rest pair up (fives1).
  const fives0 = n5 - (n5 % 2);
  const fives1 = n5 >= 1 ? n5 - ((n5 - 1) % 2) : NONE;
  const fiveOptions = n5 >= 1 ? COMPLEMENTS[5]!.length : 0;
  for (let j = 0; j < fiveOptions; j++) {
    const p = COMPLEMENTS[5]![j]!;
    fiveOffset[j] = p[0]! + p[1]! * s2 + p[2]! * s3;
  }
  let best = 0;
  for (let a = 0; a <= Math.min(n6, n4); a++) {
    const L = layers.subarray((n6 - a) * size3, (n6 - a + 1) * size3);
    for (let c3 = 0, i = 0; c3 < d3; c3++) {
      for (let c2 = 0; c2 < d2; c2++) {
        for (let c1 = 0; c1 < d1; c1++, i++) {
          const used = c1 + c2 + c3;
          // the small digits left: n - (c1, c2, c3, a) as an index into H
          const rest = n1 - c1 + (n2 - c2) * s2 + (n3 - c3) * s3;
          const t = L[i]!;
          if (t >= 0) {
            const v = t + a + used + a + fives0 + H[rest + (n4 - a) * s4]!;
            if (v > best) best = v;
          }
          for (let j = 0; j < fiveOptions; j++) {
            const r = j * 4;
            if (fiveNeed[r]! > c1 || fiveNeed[r + 1]! > c2 || fiveNeed[r + 2]! > c3 || a + fiveNeed[r + 3]! > n4) continue;
            const tp = L[i - fiveOffset[j]!]!;
            if (tp < 0) continue;
            const v = tp + a + used + a + fiveNeed[r + 3]! + fives1 + H[rest + (n4 - a - fiveNeed[r + 3]!) * s4]!;
            if (v > best) best = v;
          }
        }
      }
    }
  }
  return best;
}

// The geometry-free upper bound (SPEC §3 "upperBound"): the largest number of
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
// So: T[c] = the most big digits that can be given complements consuming
// exactly c = (c1, c2, c3, c4) small digits (a 0/1 knapsack over the big
// digits, one item at a time), H[m] = the most small digits m can place in
// small-only groups (largest digit first: leave it over, or choose its group),
// and the bound is the maximum over c of T[c] + |c| + fives + H[n - c].
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

const NONE = -30000;
let tableH = new Int16Array(0);
let tableT = new Int16Array(0);
let tablePrev = new Int16Array(0);

/**
 * The most digits of a multiset that can be partitioned into groups summing
 * to 10. counts[k] = how many k (k = 1..9; counts[0] is ignored).
 */
export function geometryFreeBound(counts: ArrayLike<number>): number {
  const n = (k: number) => counts[k]!;
  const d1 = n(1) + 1, d2 = n(2) + 1, d3 = n(3) + 1, d4 = n(4) + 1;
  const s2 = d1, s3 = d1 * d2, s4 = s3 * d3, size = s4 * d4;
  if (tableH.length < size) {
    tableH = new Int16Array(size);
    tableT = new Int16Array(size);
    tablePrev = new Int16Array(size);
  }
  const H = tableH, T = tableT, P = tablePrev;
  const offset = (g: readonly number[]) => g[0]! + g[1]! * s2 + g[2]! * s3 + g[3]! * s4;
  const cells = (g: readonly number[]) => g[0]! + g[1]! + g[2]! + g[3]!;

  // H[m]: small-only groups. The largest small digit present is left over or
  // lies in a group whose largest digit it is.
  const groups = SMALL_GROUPS.map((gs) => gs.map((g) => ({ g, o: offset(g), k: cells(g) })));
  const strides = [0, 1, s2, s3, s4];
  H[0] = 0;
  for (let m4 = 0, i = 0; m4 < d4; m4++) {
    for (let m3 = 0; m3 < d3; m3++) {
      for (let m2 = 0; m2 < d2; m2++) {
        for (let m1 = 0; m1 < d1; m1++, i++) {
          if (i === 0) continue;
          const top = m4 ? 4 : m3 ? 3 : m2 ? 2 : 1;
          let best = H[i - strides[top]!]!;
          for (const { g, o, k } of groups[top]!) {
            if (g[0]! > m1 || g[1]! > m2 || g[2]! > m3 || g[3]! > m4) continue;
            const v = k + H[i - o]!;
            if (v > best) best = v;
          }
          H[i] = best;
        }
      }
    }
  }

  // T[c]: big digits 6..9, one item at a time (0/1 knapsack over complements).
  T.fill(NONE, 0, size);
  T[0] = 0;
  const reach = [0, 0, 0, 0];
  for (const d of [9, 8, 7, 6]) {
    const options = COMPLEMENTS[d]!.map((g) => ({ g, o: offset(g) }));
    const grow = [0, 1, 2, 3].map((k) => Math.max(...options.map(({ g }) => g[k]!)));
    for (let item = 0; item < n(d); item++) {
      for (let k = 0; k < 4; k++) reach[k] = Math.min(n(k + 1), reach[k]! + grow[k]!);
      P.set(T.subarray(0, size));
      for (const { g, o } of options) {
        for (let c4 = g[3]!; c4 <= reach[3]!; c4++) {
          for (let c3 = g[2]!; c3 <= reach[2]!; c3++) {
            for (let c2 = g[1]!; c2 <= reach[1]!; c2++) {
              const row = c2 * s2 + c3 * s3 + c4 * s4;
              for (let i = row + g[0]!, e = row + reach[0]!; i <= e; i++) {
                const v = P[i - o]! + 1;
                if (v > T[i]!) T[i] = v;
              }
            }
          }
        }
      }
    }
  }

  // The 5s: all but one pair up when none takes a complement (fives0), or one
  // takes a complement and the rest pair up (fives1).
  const n5 = n(5);
  const fives0 = n5 - (n5 % 2);
  const fives1 = n5 >= 1 ? n5 - ((n5 - 1) % 2) : NONE;
  P.set(T.subarray(0, size));
  for (let i = 0; i < size; i++) T[i] = P[i]! < 0 ? NONE : P[i]! + fives0;
  if (n5 >= 1) {
    for (const g of COMPLEMENTS[5]!) {
      const o = offset(g);
      for (let c4 = g[3]!; c4 < d4; c4++) {
        for (let c3 = g[2]!; c3 < d3; c3++) {
          for (let c2 = g[1]!; c2 < d2; c2++) {
            const row = c2 * s2 + c3 * s3 + c4 * s4;
            for (let i = row + g[0]!, e = row + d1 - 1; i <= e; i++) {
              if (P[i - o]! < 0) continue;
              const v = P[i - o]! + fives1;
              if (v > T[i]!) T[i] = v;
            }
          }
        }
      }
    }
  }

  // Combine: the small digits not used as complements go to small-only groups.
  let best = 0;
  for (let c4 = 0, i = 0; c4 < d4; c4++) {
    for (let c3 = 0; c3 < d3; c3++) {
      for (let c2 = 0; c2 < d2; c2++) {
        for (let c1 = 0; c1 < d1; c1++, i++) {
          const t = T[i]!;
          if (t < 0) continue;
          const v = t + c1 + c2 + c3 + c4 + H[size - 1 - i]!;
          if (v > best) best = v;
        }
      }
    }
  }
  return best;
}

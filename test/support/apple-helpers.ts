// Apple test helpers: hand-made states on the 10×17 grid and brute-force
// oracles (every rectangle; every partition of a multiset; every play of a
// small state) that share no code with the solvers they check.
import { CELLS, COLS, ROWS } from '../../tools/kinds/apple/bounds.ts';

/** A state with the given digits at (row, col) and every other cell removed (0). */
export function stateWith(cells: [row: number, col: number, digit: number][]): Uint8Array {
  const v = new Uint8Array(CELLS);
  for (const [r, c, d] of cells) v[r * COLS + c] = d;
  return v;
}

/** Every rectangle [t, l, b, r] whose remaining digits sum to 10, shrunk to the bounding box of its remaining cells, deduplicated and sorted. */
export function bruteForceMoves(v: Uint8Array): string[] {
  const found = new Set<string>();
  for (let t = 0; t < ROWS; t++)
    for (let b = t; b < ROWS; b++)
      for (let l = 0; l < COLS; l++)
        for (let r = l; r < COLS; r++) {
          let sum = 0;
          let t2 = 99,
            b2 = -1,
            l2 = 99,
            r2 = -1;
          for (let y = t; y <= b; y++)
            for (let x = l; x <= r; x++) {
              const d = v[y * COLS + x]!;
              if (d === 0) continue;
              sum += d;
              t2 = Math.min(t2, y);
              b2 = Math.max(b2, y);
              l2 = Math.min(l2, x);
              r2 = Math.max(r2, x);
            }
          if (sum === 10) found.add([t2, l2, b2, r2].join(','));
        }
  return [...found].sort();
}

/** The most cells any play clears from state v (exhaustive search with memo over remaining-cell sets; small states only). */
export function bruteForceBest(v0: Uint8Array): number {
  const cells: number[] = [];
  for (let i = 0; i < CELLS; i++) if (v0[i]) cells.push(i);
  if (cells.length > 30) throw new Error('too many cells for the brute force');
  const memo = new Map<number, number>();
  const rec = (mask: number): number => {
    const hit = memo.get(mask);
    if (hit !== undefined) return hit;
    let best = 0;
    const v = new Uint8Array(CELLS);
    cells.forEach((c, i) => {
      if (mask & (1 << i)) v[c] = v0[c]!;
    });
    for (const key of bruteForceMoves(v)) {
      const [t, l, b, r] = key.split(',').map(Number) as [number, number, number, number];
      let next = mask;
      let k = 0;
      cells.forEach((c, i) => {
        const y = Math.floor(c / COLS),
          x = c % COLS;
        if (mask & (1 << i) && y >= t && y <= b && x >= l && x <= r) {
          next &= ~(1 << i);
          k++;
        }
      });
      best = Math.max(best, k + rec(next));
    }
    memo.set(mask, best);
    return best;
  };
  return rec(cells.length === 30 ? 0x3fffffff : (1 << cells.length) - 1);
}

/** The most items of a multiset that can be split into groups summing to 10 (exhaustive, with memo). */
export function bruteForcePartition(items: number[]): number {
  const sorted = [...items].sort((a, b) => b - a);
  const memo = new Map<string, number>();
  const rec = (rest: number[]): number => {
    if (rest.length === 0) return 0;
    const key = rest.join(',');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const [first, ...others] = rest as [number, ...number[]];
    let best = rec(others); // the largest item is left over
    // or it is in a group with other items summing to 10 - first
    const pick = (start: number, need: number, used: number[]) => {
      if (need === 0) {
        const left = others.filter((_, i) => !used.includes(i));
        best = Math.max(best, used.length + 1 + rec(left));
        return;
      }
      let prev = -1;
      for (let i = start; i < others.length; i++) {
        if (others[i]! > need || others[i] === prev) continue;
        prev = others[i]!;
        pick(i + 1, need - others[i]!, [...used, i]);
      }
    };
    pick(0, 10 - first, []);
    memo.set(key, best);
    return best;
  };
  return rec(sorted);
}

// Rectangles and the move search of the apple game (docs/apple.md). A move is an
// axis-aligned rectangle whose remaining digits sum to exactly 10; removed
// cells count 0. Rectangles are packed into one integer
// (top | left << 4 | bottom << 9 | right << 14) so the hot loops allocate
// nothing. enumerateMoves is the hot loop of every solver: it lists the
// *tight* valid moves (each border row and column holds a remaining digit),
// one per distinct set of cells, from column prefix sums over typed arrays.
import { COLS as BOARD_COLS, ROWS as BOARD_ROWS } from './bounds.ts';
// board constants as module-local values (hot loops; some loaders turn imports into getters)
const COLS = BOARD_COLS;
const ROWS = BOARD_ROWS;

export type Rect = [top: number, left: number, bottom: number, right: number];

export const TARGET = 10;

export const packRect = (t: number, l: number, b: number, r: number): number => t | (l << 4) | (b << 9) | (r << 14);
export const rectTop = (m: number): number => m & 15;
export const rectLeft = (m: number): number => (m >> 4) & 31;
export const rectBottom = (m: number): number => (m >> 9) & 15;
export const rectRight = (m: number): number => (m >> 14) & 31;
export const rectArea = (m: number): number => (rectBottom(m) - rectTop(m) + 1) * (rectRight(m) - rectLeft(m) + 1);

export function unpackRect(m: number): Rect {
  return [rectTop(m), rectLeft(m), rectBottom(m), rectRight(m)];
}

/** Upper bound on the number of tight moves of any state (at most one per strip and right column). */
export const MAX_MOVES = ((ROWS * (ROWS + 1)) / 2) * COLS;

// Scratch for enumerateMoves (one module instance per thread).
const colPrefix = new Int32Array((ROWS + 1) * COLS);
const rowMask = new Int32Array(ROWS);
const startOf = new Int32Array(ROWS * 9 * COLS + TARGET + 1);
const stampOf = new Int32Array(startOf.length);
let stamp = 0;
const FULL_ROW = (1 << COLS) - 1;

/**
 * Every tight valid move of state v (digits, 0 = removed) into out; returns
 * how many. Tight: the top and bottom rows and the left and right columns of
 * the rectangle each hold a remaining digit. Every valid rectangle has exactly
 * one tight rectangle with the same remaining cells (shrink it to the bounding
 * box of its remaining cells), so this lists each distinct move once.
 */
/**
 * Row masks (bit c: cell (r, c) still holds a digit) and column prefix sums
 * (colPrefix[(r + 1) * COLS + c] = sum of column c over rows 0..r; row 0 of the
 * array stays 0) of state v, into the caller's arrays.
 */
export function loadRows(v: Uint8Array, rowMask: Int32Array, colPrefix: Int32Array): void {
  for (let r = 0; r < ROWS; r++) {
    let m = 0;
    const o = r * COLS;
    for (let c = 0; c < COLS; c++) {
      const d = v[o + c]!;
      if (d !== 0) m |= 1 << c;
      colPrefix[o + COLS + c] = colPrefix[o + c]! + d;
    }
    rowMask[r] = m;
  }
}

export function enumerateMoves(v: Uint8Array, out: Int32Array): number {
  let n = 0;
  loadRows(v, rowMask, colPrefix);
  for (let t = 0; t < ROWS; t++) {
    const mt = rowMask[t]!;
    if (mt === 0) continue;
    const ot = t * COLS;
    let strip = 0;
    for (let b = t; b < ROWS; b++) {
      const mb = rowMask[b]!;
      strip |= mb;
      if (mb === 0) continue;
      const ob = (b + 1) * COLS;
      // a column with nothing left in the strip keeps later strips open
      let open = strip !== FULL_ROW;
      stamp++;
      // walk the non-empty columns left to right with the running sum p; a
      // window [l..c] sums to 10 when p (after c) - 10 is the running sum
      // before some non-empty column l
      let p = 0;
      let rest = strip;
      while (rest !== 0) {
        const low = rest & -rest;
        rest ^= low;
        const c = 31 - Math.clz32(low);
        const s = colPrefix[ob + c]! - colPrefix[ot + c]!;
        if (s <= TARGET) open = true;
        startOf[p] = c;
        stampOf[p] = stamp;
        const q = p + s;
        if (q >= TARGET && stampOf[q - TARGET] === stamp) {
          const l = startOf[q - TARGET]!;
          const span = ((low << 1) - 1) ^ ((1 << l) - 1);
          if ((mt & span) !== 0 && (mb & span) !== 0) out[n++] = t | (l << 4) | (b << 9) | (c << 14);
        }
        p = q;
      }
      // every column of the strip already sums past 10: so will every taller strip
      if (!open) break;
    }
  }
  return n;
}

/** Sum of the remaining digits in rectangle m of state v. */
export function sumIn(v: Uint8Array, m: number): number {
  let s = 0;
  for (let y = rectTop(m), yb = rectBottom(m); y <= yb; y++) {
    for (let i = y * COLS + rectLeft(m), e = y * COLS + rectRight(m); i <= e; i++) s += v[i]!;
  }
  return s;
}

/** Removes the remaining cells of rectangle m from v; returns how many. */
export function clearRect(v: Uint8Array, m: number): number {
  let k = 0;
  for (let y = rectTop(m), yb = rectBottom(m); y <= yb; y++) {
    for (let i = y * COLS + rectLeft(m), e = y * COLS + rectRight(m); i <= e; i++) {
      if (v[i] !== 0) {
        k++;
        v[i] = 0;
      }
    }
  }
  return k;
}

/** Why a play is not a legal sequence of moves, or its score. */
export type Replay = { ok: true; score: number } | { ok: false; index: number; reason: string };

/**
 * Plays the rectangles in order on a copy of the board: each must lie on the
 * board and its remaining digits must sum to exactly 10 (removed cells count 0).
 */
export function replay(board: Uint8Array, play: readonly (readonly number[])[]): Replay {
  const v = board.slice();
  let score = 0;
  for (let i = 0; i < play.length; i++) {
    const [t, l, b, r] = play[i]!;
    if (!(t! >= 0 && t! <= b! && b! < ROWS && l! >= 0 && l! <= r! && r! < COLS)) {
      return { ok: false, index: i, reason: `[${play[i]!.join(',')}] is not a rectangle on the 10x17 board` };
    }
    const m = packRect(t!, l!, b!, r!);
    const s = sumIn(v, m);
    if (s !== TARGET) return { ok: false, index: i, reason: `its remaining digits sum to ${s}, not 10` };
    score += clearRect(v, m);
  }
  return { ok: true, score };
}

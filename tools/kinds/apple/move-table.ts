// The incremental move table of the strong apple solver's completions
// (search.ts): every valid tight move of a board state, per strip of rows,
// with its weight; kept up to date move by move, and the randomised greedy
// completion that draws from it. Strip (t, b) holds the moves whose top row is
// t and bottom row is b, at most one per right column. After a move only the
// strips sharing a row with it change, and there only windows reaching the
// move's columns (rescanAround). Per-thread state, sized for the 10×17 board.
import { CELLS as BOARD_CELLS, COLS as BOARD_COLS, ROWS as BOARD_ROWS } from './bounds.ts';
import { rectTop, rectLeft, rectBottom, rectRight, loadRows } from './rects.ts';
import { type Rng32, popcount as popcount32 } from 'proofpack/kind';
// board constants as module-local values (hot loops; some loaders turn imports into getters)
const CELLS = BOARD_CELLS;
const COLS = BOARD_COLS;
const ROWS = BOARD_ROWS;
const popcount = popcount32;

/** What a move's cells sum to. */
const SUM = 10;
/** The bits of `starts` in the window scan: running sums p − SUM .. p. */
const WINDOW = (2 << SUM) - 1;
/** The bit of `starts` set when a column starts at running sum p − SUM: a window ending here sums to SUM. */
const ENDS_AT_SUM = 1 << SUM;

const STRIPS = (ROWS * (ROWS + 1)) / 2;
/** Strip (t, b), t <= b, numbered t-major: the table index of each. */
const STRIP = new Int32Array(ROWS * ROWS);
for (let t = 0, k = 0; t < ROWS; t++) for (let b = t; b < ROWS; b++) STRIP[t * ROWS + b] = k++;
const tableMoves = new Int32Array(STRIPS * COLS);
const tableWeight = new Float64Array(STRIPS * COLS);
const tableCount = new Int32Array(STRIPS);
const tableSum = new Float64Array(STRIPS);
const rowMask = new Int32Array(ROWS);
const colPrefix = new Int32Array((ROWS + 1) * COLS);
// the same, as built once per iteration for the residual board
const initMoves = new Int32Array(STRIPS * COLS);
const initWeight = new Float64Array(STRIPS * COLS);
const initCount = new Int32Array(STRIPS);
const initSum = new Float64Array(STRIPS);
const initRowMask = new Int32Array(ROWS);
const initColPrefix = new Int32Array((ROWS + 1) * COLS);
const startOf = new Int32Array(ROWS * 9 * COLS + SUM + 1);
/** [0]: total weight of the table, [1]: the same for the saved table (a typed array: module-level doubles would be boxed on every write). */
const totals = new Float64Array(2);
/** [0]: strip scans so far, the unit of work the search's budget counts (a typed array, like totals). */
export const work = new Float64Array(1);
const cellWeight = new Float64Array(CELLS + 1);
const digitWeight = new Float64Array(10);
/** The moves of the last completion (complete()), in play order. */
export const trialMoves = new Int32Array(CELLS >> 1);

/** The completion policy: each cell of a move divides its weight by 2^cellShift, each unit of its largest digit multiplies it by digitGrowth/100. */
export function setPolicy(cellShift: number, digitGrowth: number): void {
  for (let k = 1; k <= CELLS; k++) cellWeight[k] = 2 ** Math.max(0, 30 - cellShift * k);
  // integers: 1000, then * digitGrowth / 100 per digit, rounded down
  digitWeight[1] = 1000;
  for (let d = 2; d <= 9; d++) digitWeight[d] = Math.floor((digitWeight[d - 1]! * digitGrowth) / 100);
}

/** Clears rectangle m from v, the row masks and the prefix sums; returns the cells cleared. */
function clearMove(v: Uint8Array, m: number): number {
  const t = rectTop(m),
    b = rectBottom(m),
    l = rectLeft(m),
    r = rectRight(m);
  const span = ((2 << r) - 1) ^ ((1 << l) - 1);
  let k = 0;
  for (let y = t; y <= b; y++) {
    k += popcount(rowMask[y]! & span);
    rowMask[y] = rowMask[y]! & ~span;
    for (let i = y * COLS + l, e = y * COLS + r; i <= e; i++) v[i] = 0;
  }
  for (let y = t; y < ROWS; y++) {
    const o = y * COLS;
    for (let c = l; c <= r; c++) colPrefix[o + COLS + c] = colPrefix[o + c]! + v[o + c]!;
  }
  return k;
}

/** Weight of a move found in strip (t, b) spanning the columns `span`. */
function moveWeight(v: Uint8Array, t: number, b: number, span: number): number {
  let k = 0;
  let mx = 0;
  for (let y = t; y <= b; y++) {
    let bits = rowMask[y]! & span;
    k += popcount(bits);
    while (bits !== 0) {
      const lb = bits & -bits;
      bits ^= lb;
      const d = v[y * COLS + 31 - Math.clz32(lb)]!;
      if (d > mx) mx = d;
    }
  }
  return cellWeight[k]! * digitWeight[mx]!;
}

/**
 * Re-scans strip (t, b) of state v (`strip` = the union of the row masks
 * t..b) for the moves reaching columns ml..mr: moves whose columns miss ml..mr
 * are kept as they are; the others are found again by scanning only the
 * columns a window reaching ml..mr can span (at most SUM on either side). With
 * ml..mr = 0..COLS − 1 and an empty strip this is the strip's full scan. After
 * a move over ml..mr that shares a row with the strip, the caller skips strips
 * where every column ml..mr still sums past SUM: no window through them sums
 * to SUM, now or before the move (sums only fell), so nothing there changed.
 *
 * The window scan: walk the non-empty columns left to right with the running
 * sum p; bit j of `starts` (WINDOW bits) says a non-empty column starts at
 * running sum p − j (j ≤ SUM), so a window ending here sums to SUM exactly
 * when the bit ENDS_AT_SUM is set, and its first column is startOf[p − SUM].
 */
function rescanAround(v: Uint8Array, t: number, b: number, strip: number, ml: number, mr: number): void {
  work[0]!++;
  const s = STRIP[t * ROWS + b]!;
  const ot = t * COLS,
    ob = (b + 1) * COLS;
  const base = s * COLS;
  let n = 0;
  let sum = 0;
  // keep the moves that do not reach ml..mr
  for (let i = 0, e = tableCount[s]!; i < e; i++) {
    const m = tableMoves[base + i]!;
    if (rectRight(m) < ml || rectLeft(m) > mr) {
      tableMoves[base + n] = m;
      const w = tableWeight[base + i]!;
      tableWeight[base + n] = w;
      sum += w;
      n++;
    }
  }
  const mt = rowMask[t]!,
    mb = rowMask[b]!;
  if (mt !== 0 && mb !== 0) {
    // the leftmost column a window reaching ml can start at
    let from = ml;
    let acc = 0;
    let left = strip & ((1 << ml) - 1);
    while (left !== 0) {
      const c = 31 - Math.clz32(left);
      acc += colPrefix[ob + c]! - colPrefix[ot + c]!;
      if (acc > SUM) break;
      from = c;
      left ^= 1 << c;
    }
    let p = 0;
    let starts = 0;
    let beyond = 0;
    let rest = strip & ~((1 << from) - 1);
    while (rest !== 0) {
      const low = rest & -rest;
      rest ^= low;
      const c = 31 - Math.clz32(low);
      const w = colPrefix[ob + c]! - colPrefix[ot + c]!;
      if (c > mr) {
        beyond += w;
        if (beyond > SUM) break; // a window from ml..mr to here already sums past SUM
      }
      startOf[p] = c;
      starts = w > SUM ? 0 : ((starts | 1) << w) & WINDOW;
      p += w;
      if ((starts & ENDS_AT_SUM) !== 0 && c >= ml) {
        const l = startOf[p - SUM]!;
        if (l <= mr) {
          const span = ((low << 1) - 1) ^ ((1 << l) - 1);
          if ((mt & span) !== 0 && (mb & span) !== 0) {
            const wt = moveWeight(v, t, b, span);
            tableMoves[base + n] = t | (l << 4) | (b << 9) | (c << 14);
            tableWeight[base + n] = wt;
            sum += wt;
            n++;
          }
        }
      }
    }
  }
  tableCount[s] = n;
  totals[0]! += sum - tableSum[s]!;
  tableSum[s] = sum;
}

/** The move table of state v, scanning only strips that share a row with rowsUsed (the others are empty). */
export function buildTable(v: Uint8Array, rowsUsed: number, colFrom: number, colTo: number): void {
  loadRows(v, rowMask, colPrefix);
  totals[0] = 0;
  tableSum.fill(0);
  tableCount.fill(0);
  for (let t = 0; t < ROWS; t++) {
    let strip = 0;
    for (let b = t; b < ROWS; b++) {
      strip |= rowMask[b]!;
      // rows t..b as a mask: ((2 << b) - 1) ^ ((1 << t) - 1)
      if ((rowsUsed & (((2 << b) - 1) ^ ((1 << t) - 1))) === 0) continue;
      rescanAround(v, t, b, strip, colFrom, colTo);
    }
  }
}

export function saveTable(): void {
  initMoves.set(tableMoves);
  initWeight.set(tableWeight);
  initCount.set(tableCount);
  initSum.set(tableSum);
  initRowMask.set(rowMask);
  initColPrefix.set(colPrefix);
  totals[1] = totals[0]!;
}

export function restoreTable(): void {
  tableMoves.set(initMoves);
  tableWeight.set(initWeight);
  tableCount.set(initCount);
  tableSum.set(initSum);
  rowMask.set(initRowMask);
  colPrefix.set(initColPrefix);
  totals[0] = totals[1]!;
}

/**
 * One randomised greedy completion of state v (mutated; the table holds its
 * moves) into trialMoves: at each step a move is drawn with probability
 * proportional to its weight. Returns cells * 256 + moves.
 */
export function complete(v: Uint8Array, rng: Rng32): number {
  let score = 0;
  let count = 0;
  while (totals[0]! > 0) {
    let x = (rng.next() / 4294967296) * totals[0]!;
    let m = -1;
    let last = -1;
    for (let s = 0; s < STRIPS; s++) {
      const n = tableCount[s]!;
      if (n === 0) continue;
      const base = s * COLS;
      last = tableMoves[base + n - 1]!;
      if (x >= tableSum[s]!) {
        x -= tableSum[s]!;
        continue;
      }
      let i = 0;
      while (i < n - 1 && x >= tableWeight[base + i]!) {
        x -= tableWeight[base + i]!;
        i++;
      }
      m = tableMoves[base + i]!;
      break;
    }
    if (m < 0) m = last; // x rounded past the end: the last move there is
    trialMoves[count++] = m;
    score += clearMove(v, m);
    const mt = rectTop(m),
      mb = rectBottom(m),
      ml = rectLeft(m),
      mr = rectRight(m);
    for (let t = 0; t <= mb; t++) {
      let strip = 0;
      for (let b = t; b < mt; b++) strip |= rowMask[b]!;
      const ot = t * COLS;
      for (let b = Math.max(t, mt); b < ROWS; b++) {
        strip |= rowMask[b]!;
        // every column under the move still sums past SUM in this strip: nothing here changed
        const ob = (b + 1) * COLS;
        let c = ml;
        while (c <= mr && colPrefix[ob + c]! - colPrefix[ot + c]! > SUM) c++;
        if (c > mr) {
          work[0]!++;
          continue;
        }
        rescanAround(v, t, b, strip, ml, mr);
      }
    }
  }
  return score * 256 + count;
}

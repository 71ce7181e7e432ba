// The strong apple solver (bestScore): ruin-and-recreate local search over a
// whole play (large neighbourhood search).
//
// A play is a sequence of groups (the cells each move clears). Clearing cells
// never blocks a rectangle that does not need them, so a play is fixed by
// which groups it forms; the order only has to respect "a group's rectangle
// may hold, besides its own cells, only cells of earlier groups".
//
// One iteration ruins part of the current play and recreates it:
// * the window: a rectangle around a cell the play leaves over (or any cell),
//   or the bounding box of a left-over cell and a left-over cell holding the
//   complementary digit;
// * the ruin: every group with a cell in the window and, in play order, every
//   later group whose rectangle holds a cell of a dropped group (it cannot be
//   played with those cells back on the board). What is kept is still a legal
//   play, and playing it leaves the residual board;
// * the recreate: randomised greedy completions of the residual board (a move
//   is drawn with weight 2^-cellShift per cell times digitGrowth% per unit of
//   its largest digit: small clears of large digits first); the best counts;
// * acceptance: the kept groups followed by the completion replace the play
//   when they clear at least as many cells (equal scores are accepted, so the
//   play drifts across plateaus); a run's score never falls.
//
// Where a run starts matters more than its later luck, so `runs` lines of
// search start from different plays (the given one, usually the greedy play,
// and randomised greedy plays of the whole board) and share the budget by
// successive halving: in each round every live run gets the same share of the
// round's work, then the better half (by score, ties to the earlier run) goes
// on. The last run's play is the result (never below the given play).
//
// Every valid move of a residual board holds, in its rectangle, a cell whose
// state differs from the end of the current play (which has no move left), so
// at the start of a completion only row strips that share a row with a ruined
// group, and there only windows reaching its columns, can hold a move; and after a move only the strips sharing a row with
// it change, and there only windows reaching the move's columns.
//
// Deterministic: the random choices come from a 32-bit generator seeded from
// the board's digits, weights are integers (exact in floating point), and the
// budget counts work (iterations, strip scans), never time.
import { CELLS as BOARD_CELLS, COLS as BOARD_COLS, ROWS as BOARD_ROWS } from './board.ts';
import { rectTop, rectLeft, rectBottom, rectRight, enumerateMoves, loadRows, MAX_MOVES } from './rects.ts';
import type { Play } from './greedy.ts';
import { Rng32 } from '../../lib/rng32.ts';
import { popcount as popcount32 } from '../../lib/bits.ts';
// board constants as module-local values (hot loops; some loaders turn imports into getters)
const CELLS = BOARD_CELLS;
const COLS = BOARD_COLS;
const ROWS = BOARD_ROWS;
const popcount = popcount32;

export interface SearchOptions {
  /** Ruin-and-recreate iterations at most, over all runs. */
  iterations: number;
  /** Stop once the completions have scanned this many row strips (0 = no limit). */
  work: number;
  /** Lines of search sharing the budget by successive halving (a power of two). */
  runs: number;
  /** Randomised completions per iteration; the best one counts. */
  completions: number;
  /** Share (per 256) of windows centred on a cell the play leaves over (the rest: any cell). */
  leftoverBias: number;
  /** Share (per 256) of windows spanning a left-over cell and a left-over cell of the complementary digit. */
  pairBias: number;
  /** Largest half-height and half-width of a window around a cell (drawn 1..max). */
  windowRows: number;
  windowCols: number;
  /** Completion policy: each cell of a move divides its weight by 2^cellShift. */
  cellShift: number;
  /** Completion policy: each unit of a move's largest digit multiplies its weight by digitGrowth/100. */
  digitGrowth: number;
}

/** FNV-1a over the digits: the solver's seed, so a board always gets the same search. */
function boardSeed(board: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < board.length; i++) h = Math.imul(h ^ board[i]!, 0x01000193);
  return h >>> 0;
}

// ---- per-thread scratch, sized for the 10×17 board ----
const MAX_GROUPS = CELLS >> 1;
/** Group index of every cell in the current play, -1 for a cell it leaves over. */
const owner = new Int16Array(CELLS);
const groupCells = new Int32Array(MAX_GROUPS);
/** depList[depStart[g] .. depStart[g+1]): earlier groups with a cell inside group g's rectangle. */
const depStart = new Int32Array(MAX_GROUPS + 1);
const depList = new Int16Array(MAX_GROUPS * CELLS);
const dropped = new Uint8Array(MAX_GROUPS);
const leftover = new Int16Array(CELLS);
const residual = new Uint8Array(CELLS);
const trial = new Uint8Array(CELLS);
const trialMoves = new Int32Array(MAX_GROUPS);
const probe = new Int32Array(MAX_MOVES);
const bestMoves = new Int32Array(MAX_GROUPS);

/** Owners, group sizes, dependencies and left-over cells of a play; returns how many cells it leaves over. */
function index(board: Uint8Array, plan: Int32Array, len: number): number {
  owner.fill(-1);
  for (let g = 0; g < len; g++) {
    const m = plan[g]!;
    let k = 0;
    for (let y = rectTop(m), yb = rectBottom(m); y <= yb; y++) {
      for (let i = y * COLS + rectLeft(m), e = y * COLS + rectRight(m); i <= e; i++) {
        if (owner[i] === -1 && board[i] !== 0) {
          owner[i] = g;
          k++;
        }
      }
    }
    groupCells[g] = k;
  }
  let d = 0;
  for (let g = 0; g < len; g++) {
    depStart[g] = d;
    const m = plan[g]!;
    for (let y = rectTop(m), yb = rectBottom(m); y <= yb; y++) {
      for (let i = y * COLS + rectLeft(m), e = y * COLS + rectRight(m); i <= e; i++) {
        const o = owner[i]!;
        if (o !== g && o >= 0) depList[d++] = o;
      }
    }
  }
  depStart[len] = d;
  let left = 0;
  for (let i = 0; i < CELLS; i++) if (owner[i] === -1 && board[i] !== 0) leftover[left++] = i;
  return left;
}

// ---- the move table of a completion: valid tight moves per strip of rows ----
// Strip (t, b) holds the moves whose top row is t and bottom row is b, at most
// one per right column, with their weights.
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
const startOf = new Int32Array(ROWS * 9 * COLS + 11);
/** [0]: total weight of the table, [1]: the same for the saved table (a typed array: module-level doubles would be boxed on every write). */
const totals = new Float64Array(2);
/** Strip scans so far (the unit of work the budget counts). */
let scans = 0;
const cellWeight = new Float64Array(CELLS + 1);
const digitWeight = new Float64Array(10);

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
 * Re-scan strip (t, b) of state v into the table; `strip` is the union of the
 * row masks t..b. Walks the non-empty columns left to right with the running
 * sum p; bit j of `starts` says a non-empty column starts at running sum p - j
 * (j <= 10), so a window ending here sums to 10 exactly when bit 10 is set.
 */
function scanStrip(v: Uint8Array, t: number, b: number, strip: number): void {
  scans++;
  const s = STRIP[t * ROWS + b]!;
  const base = s * COLS;
  let n = 0;
  let sum = 0;
  const mt = rowMask[t]!,
    mb = rowMask[b]!;
  if (mt !== 0 && mb !== 0) {
    const ot = t * COLS,
      ob = (b + 1) * COLS;
    let p = 0;
    let starts = 0;
    let rest = strip;
    while (rest !== 0) {
      const low = rest & -rest;
      rest ^= low;
      const c = 31 - Math.clz32(low);
      const w = colPrefix[ob + c]! - colPrefix[ot + c]!;
      startOf[p] = c;
      starts = w > 10 ? 0 : ((starts | 1) << w) & 0x7ff;
      p += w;
      if ((starts & 0x400) !== 0) {
        const l = startOf[p - 10]!;
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
  tableCount[s] = n;
  totals[0]! += sum - tableSum[s]!;
  tableSum[s] = sum;
}

/**
 * Strip (t, b) after clearing a rectangle over columns ml..mr that shares a
 * row with it: moves whose columns miss ml..mr are unchanged; the others are
 * found again by scanning only the columns a window reaching ml..mr can span
 * (at most 10 on either side). The caller skips strips where every column
 * ml..mr still sums past 10: no window through them sums to 10, now or before
 * the move (sums only fell), so nothing there changed.
 */
function rescanAround(v: Uint8Array, t: number, b: number, strip: number, ml: number, mr: number): void {
  scans++;
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
      if (acc > 10) break;
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
        if (beyond > 10) break; // a window from ml..mr to here already sums past 10
      }
      startOf[p] = c;
      starts = w > 10 ? 0 : ((starts | 1) << w) & 0x7ff;
      p += w;
      if ((starts & 0x400) !== 0 && c >= ml) {
        const l = startOf[p - 10]!;
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
function buildTable(v: Uint8Array, rowsUsed: number, colFrom: number, colTo: number): void {
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
      if (colFrom === 0 && colTo === COLS - 1) scanStrip(v, t, b, strip);
      else rescanAround(v, t, b, strip, colFrom, colTo);
    }
  }
}

function saveTable(): void {
  initMoves.set(tableMoves);
  initWeight.set(tableWeight);
  initCount.set(tableCount);
  initSum.set(tableSum);
  initRowMask.set(rowMask);
  initColPrefix.set(colPrefix);
  totals[1] = totals[0]!;
}

function restoreTable(): void {
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
function complete(v: Uint8Array, rng: Rng32): number {
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
        // every column under the move still sums past 10 in this strip: nothing here changed
        const ob = (b + 1) * COLS;
        let c = ml;
        while (c <= mr && colPrefix[ob + c]! - colPrefix[ot + c]! > 10) c++;
        if (c > mr) {
          scans++;
          continue;
        }
        rescanAround(v, t, b, strip, ml, mr);
      }
    }
  }
  return score * 256 + count;
}

/** Iterations (all runs) and strip scans of the last improvePlay call (for benchmarks). */

/**
 * Improves `start` (a legal play from `board`) by ruin and recreate; returns
 * the best play found, never worse than start.
 */
/** One line of search: its generator, its current play (plan[0..len)) and a spare buffer. */
interface Run {
  rng: Rng32;
  plan: Int32Array;
  spare: Int32Array;
  len: number;
  score: number;
  iterations: number;
}

/** Ruin-and-recreate iterations on one run until the global scan count reaches workLimit. */
function advance(board: Uint8Array, run: Run, opts: SearchOptions, workLimit: number, iterationLimit: number): void {
  const rng = run.rng;
  let plan = run.plan;
  let len = run.len;
  let score = run.score;
  let left = index(board, plan, len);
  for (; run.iterations < iterationLimit && scans < workLimit; run.iterations++) {
    // the window
    let top: number, bottom: number, lft: number, rgt: number;
    const x = left > 0 && rng.below(256) < opts.leftoverBias ? leftover[rng.below(left)]! : rng.below(CELLS);
    const cy = (x / COLS) | 0;
    const cx = x % COLS;
    let partner = -1;
    if (opts.pairBias > 0 && owner[x] === -1 && rng.below(256) < opts.pairBias) {
      // a left-over cell with the complementary digit, drawn uniformly
      const want = 10 - board[x]!;
      let k = 0;
      for (let j = 0; j < left; j++) if (board[leftover[j]!] === want && leftover[j] !== x) k++;
      if (k > 0) {
        let pick = rng.below(k);
        for (let j = 0; j < left && partner < 0; j++) if (board[leftover[j]!] === want && leftover[j] !== x && pick-- === 0) partner = leftover[j]!;
      }
    }
    if (partner >= 0) {
      const py = (partner / COLS) | 0;
      const px = partner % COLS;
      top = Math.min(cy, py);
      bottom = Math.max(cy, py);
      lft = Math.min(cx, px);
      rgt = Math.max(cx, px);
    } else {
      const hh = 1 + rng.below(opts.windowRows);
      const hw = 1 + rng.below(opts.windowCols);
      top = Math.max(0, cy - hh);
      bottom = Math.min(ROWS - 1, cy + hh);
      lft = Math.max(0, cx - hw);
      rgt = Math.min(COLS - 1, cx + hw);
    }
    // the ruin
    dropped.fill(0, 0, len);
    for (let y = top; y <= bottom; y++) {
      for (let i = y * COLS + lft, e = y * COLS + rgt; i <= e; i++) if (owner[i]! >= 0) dropped[owner[i]!] = 1;
    }
    let kept = 0;
    let droppedGroups = 0;
    for (let g = 0; g < len; g++) {
      if (!dropped[g]) {
        for (let d = depStart[g]!, e = depStart[g + 1]!; d < e; d++) {
          if (dropped[depList[d]!]) {
            dropped[g] = 1;
            break;
          }
        }
      }
      if (dropped[g]) droppedGroups++;
      else kept += groupCells[g]!;
    }
    if (droppedGroups === 0) continue; // nothing to recreate: the play ends where it is
    let rowsUsed = 0;
    let colFrom = COLS;
    let colTo = -1;
    for (let i = 0; i < CELLS; i++) {
      const o = owner[i]!;
      if (o >= 0 && !dropped[o]) residual[i] = 0;
      else {
        residual[i] = board[i]!;
        if (o >= 0) {
          rowsUsed |= 1 << ((i / COLS) | 0);
          const c = i % COLS;
          if (c < colFrom) colFrom = c;
          if (c > colTo) colTo = c;
        }
      }
    }
    // the recreate
    buildTable(residual, rowsUsed, colFrom, colTo);
    if (opts.completions > 1) saveTable();
    let best = -1;
    let bestCount = 0;
    for (let k = 0; k < opts.completions; k++) {
      if (k > 0) restoreTable();
      trial.set(residual);
      const r = complete(trial, rng);
      const cells = r >>> 8;
      if (cells > best) {
        best = cells;
        bestCount = r & 255;
        bestMoves.set(trialMoves.subarray(0, bestCount));
      }
    }
    if (kept + best >= score) {
      let n = 0;
      const next = run.spare;
      for (let g = 0; g < len; g++) if (!dropped[g]) next[n++] = plan[g]!;
      for (let k = 0; k < bestCount; k++) next[n++] = bestMoves[k]!;
      run.spare = plan;
      plan = next;
      len = n;
      score = kept + best;
      left = index(board, plan, len);
    }
  }
  run.plan = plan;
  run.len = len;
  run.score = score;
}

/**
 * Improves `start` (a legal play from `board`) by ruin and recreate; returns
 * the best play found, never worse than start. `opts.runs` lines of search
 * (a power of two) share the work budget by successive halving: each round
 * gives every live run the same share of the round's work, then the better
 * half (by score, ties to the earlier run) goes on.
 */
export function improvePlay(board: Uint8Array, start: Play, opts: SearchOptions): Play {
  for (let k = 1; k <= CELLS; k++) cellWeight[k] = 2 ** Math.max(0, 30 - opts.cellShift * k);
  // integers: 1000, then * digitGrowth / 100 per digit, rounded down
  digitWeight[1] = 1000;
  for (let d = 2; d <= 9; d++) digitWeight[d] = Math.floor((digitWeight[d - 1]! * opts.digitGrowth) / 100);
  scans = 0;
  // a board with no move at all: nothing to search
  if (enumerateMoves(board, probe) === 0) return { score: start.score, moves: [...start.moves] };
  const seed = boardSeed(board);
  // run 0 starts from the given play; the others from randomised greedy plays of the
  // whole board (diverse starts: where a run starts matters more than its later luck)
  let alive: Run[] = [];
  for (let k = 0; k < opts.runs; k++) {
    const run: Run = {
      rng: new Rng32(seed ^ Math.imul(k, 0x9e3779b1)),
      plan: new Int32Array(MAX_GROUPS),
      spare: new Int32Array(MAX_GROUPS),
      len: 0,
      score: 0,
      iterations: 0,
    };
    if (k === 0) {
      run.plan.set(start.moves);
      run.len = start.moves.length;
      run.score = start.score;
    } else {
      trial.set(board);
      buildTable(trial, (1 << ROWS) - 1, 0, COLS - 1);
      const r = complete(trial, run.rng);
      run.len = r & 255;
      run.score = r >>> 8;
      run.plan.set(trialMoves.subarray(0, run.len));
    }
    alive.push(run);
  }
  const rounds = Math.round(Math.log2(opts.runs)) + 1;
  const perRoundIterations = opts.iterations / rounds;
  let done = scans;
  const rest = opts.work - done;
  for (let r = 0; r < rounds; r++) {
    const share = rest / rounds / alive.length;
    for (const run of alive) {
      done += share;
      advance(board, run, opts, opts.work === 0 ? Infinity : Math.round(done), run.iterations + Math.floor(perRoundIterations / alive.length));
    }
    if (r < rounds - 1) {
      alive = alive
        .map((run, k) => ({ run, k }))
        .sort((a, b) => b.run.score - a.run.score || a.k - b.k)
        .slice(0, alive.length >> 1)
        .map((x) => x.run);
    }
  }
  const best = alive[0]!;
  // scores never fall and halving keeps the better half, so best >= run 0 >= start; kept as a guard
  if (best.score < start.score) return { score: start.score, moves: [...start.moves] };
  return { score: best.score, moves: Array.from(best.plan.subarray(0, best.len)) };
}

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
// The completions run on the incremental move table of move-table.ts. Every
// valid move of a residual board holds, in its rectangle, a cell whose state
// differs from the end of the current play (which has no move left), so at the
// start of a completion only row strips that share a row with a ruined group,
// and there only windows reaching its columns, can hold a move.
//
// Deterministic: the random choices come from a 32-bit generator seeded from
// the board's digits, weights are integers (exact in floating point), and the
// budget counts work (iterations, strip scans), never time.
import { CELLS as BOARD_CELLS, COLS as BOARD_COLS, ROWS as BOARD_ROWS } from './bounds.ts';
import { rectTop, rectLeft, rectBottom, rectRight, enumerateMoves, MAX_MOVES } from './rects.ts';
import type { Play } from './greedy.ts';
import { Rng32 } from 'proofpack/kind';
import { buildTable, complete, restoreTable, saveTable, setPolicy, trialMoves, work } from './move-table.ts';
// board constants as module-local values (hot loops; some loaders turn imports into getters)
const CELLS = BOARD_CELLS;
const COLS = BOARD_COLS;
const ROWS = BOARD_ROWS;

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

/** One line of search: its generator, its current play (plan[0..len)) and a spare buffer. */
interface Run {
  rng: Rng32;
  plan: Int32Array;
  spare: Int32Array;
  len: number;
  score: number;
  iterations: number;
}

/** Ruin-and-recreate iterations on one run until the table's scan count reaches workLimit. */
function advance(board: Uint8Array, run: Run, opts: SearchOptions, workLimit: number, iterationLimit: number): void {
  const rng = run.rng;
  let plan = run.plan;
  let len = run.len;
  let score = run.score;
  let left = index(board, plan, len);
  for (; run.iterations < iterationLimit && work[0]! < workLimit; run.iterations++) {
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

/** The best play found, and the work the search spent on it (both counts deterministic). */
export interface SearchResult extends Play {
  /** Ruin-and-recreate iterations of all runs (the `iterations` budget counts these). */
  iterations: number;
  /** Row strips the completions scanned, starting plays included (the `work` budget counts these). */
  scans: number;
}

/**
 * Improves `start` (a legal play from `board`) by ruin and recreate; returns
 * the best play found, never worse than start, with the work spent. `opts.runs`
 * lines of search (a power of two) share the work budget by successive halving:
 * each round gives every live run the same share of the round's work, then the
 * better half (by score, ties to the earlier run) goes on.
 */
export function improvePlay(board: Uint8Array, start: Play, opts: SearchOptions): SearchResult {
  setPolicy(opts.cellShift, opts.digitGrowth);
  work[0] = 0;
  // a board with no move at all: nothing to search
  if (enumerateMoves(board, probe) === 0) return { score: start.score, moves: [...start.moves], iterations: 0, scans: 0 };
  const seed = boardSeed(board);
  // run 0 starts from the given play; the others from randomised greedy plays of the
  // whole board (diverse starts: where a run starts matters more than its later luck)
  let alive: Run[] = [];
  const all: Run[] = [];
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
    all.push(run);
  }
  const rounds = Math.round(Math.log2(opts.runs)) + 1;
  const perRoundIterations = opts.iterations / rounds;
  let done = work[0]!;
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
  const spent = { iterations: all.reduce((sum, run) => sum + run.iterations, 0), scans: work[0]! };
  // scores never fall and halving keeps the better half, so best >= run 0 >= start; kept as a guard
  if (best.score < start.score) return { score: start.score, moves: [...start.moves], ...spent };
  return { score: best.score, moves: Array.from(best.plan.subarray(0, best.len)), ...spent };
}

// The layered ghost solver (docs/ghost.md): L1 (one constraint), L2 (two
// overlapping constraints), L3 (one assumption, refuted by at most 64 rounds of
// L1/L2 propagation). A round computes every deduction of one layer from a
// snapshot and applies them all at once. Pure functions over typed arrays.
import { type Board, WORDS } from './board.ts';
import { popcount } from 'proofpack/face';

/** Solver state: ghost mask in words 0..2, empty mask in words 3..5 (over plain cells). */
export type State = Uint32Array;

export const LAYER_DIRECT = 1;
export const LAYER_PAIR = 2;
export const LAYER_CONTRADICTION = 3;

export const PROPAGATION_ROUNDS = 64;

const NONE = 0;
const MOVES = 1;
const CONTRA = 2;

export type SolveStatus =
  /** every plain cell decided */
  | 'solved'
  /** no layer has a deduction left */
  | 'stuck'
  /** the clues contradict each other (no solution) */
  | 'contradiction'
  /** stopped early by maxLayer / maxContradictionRounds / maxDirectRounds / maxPairRounds / maxRounds */
  | 'limit';

export interface SolveOptions {
  /** Highest layer to use (default 3). */
  maxLayer?: number;
  /** Stop with 'limit' instead of playing more L3 rounds than this. */
  maxContradictionRounds?: number;
  /** Stop with 'limit' when an L1 round would be the solve's (maxDirectRounds + 1)-th. */
  maxDirectRounds?: number;
  /** Stop with 'limit' when an L2 round would be the solve's (maxPairRounds + 1)-th. */
  maxPairRounds?: number;
  /** Stop with 'limit' after this many rounds in all. */
  maxRounds?: number;
  /** Record every round's deductions. */
  trace?: boolean;
  /** Record every single deduction with what it used (for hints); implies trace. */
  explain?: boolean;
  /** Start from this state (ghost mask words 0..2, empty mask words 3..5) instead of nothing known. */
  start?: State;
}

/**
 * One deduction of a round, as the layer found it: L1 one constraint, L2 a
 * pair, L3 a refuted assumption (its cell and assumed value) with the
 * constraint(s) where the contradiction showed. Cells as plain-cell masks.
 */
export interface Deduction {
  layer: number;
  /** Constraint indexes of the board. */
  constraints: number[];
  /** L3: the assumed plain cell, and whether it was assumed to be a ghost. */
  assume: number;
  assumeGhost: boolean;
  ghosts: Uint32Array;
  empties: Uint32Array;
}

export interface Round {
  layer: number;
  /** Newly decided ghosts and empties, as masks over plain cells. */
  ghosts: Uint32Array;
  empties: Uint32Array;
  /** With `explain`: the deductions of this round, in the order the layer makes them. */
  deductions?: Deduction[];
}

export interface SolveResult {
  status: SolveStatus;
  direct: number;
  pair: number;
  contradiction: number;
  state: State;
  rounds: Round[];
}

/** Per-call scratch so the hot loops allocate nothing. */
class Scratch {
  /** ghosts still to find per constraint */
  readonly need: Int32Array;
  /** unknown cells per constraint (3 words each) and their count */
  readonly unknown: Uint32Array;
  readonly unknownCount: Int32Array;
  readonly out = new Uint32Array(2 * WORDS);
  readonly probe = new Uint32Array(2 * WORDS);
  /** need / unknown / unknownCount of L3's snapshot, which every assumption starts from. */
  readonly baseNeed: Int32Array;
  readonly baseUnknown: Uint32Array;
  readonly baseUnknownCount: Int32Array;
  /** One assumed cell as a change: ghost words 0..2, empty words 3..5. */
  readonly cell = new Uint32Array(2 * WORDS);
  /**
   * Inside an L3 assumption: 1 for each constraint update() changed since the
   * last L2 round (or since the snapshot, where L2 found nothing), so that L2
   * looks only at pairs with a changed constraint (pairsChanged).
   */
  readonly changed: Uint8Array;
  pairsChanged = false;
  /** First constraint found violated by the last prepare() or update() that returned true. */
  violated = -1;
  /** The pair of the last L2 lo > hi contradiction. */
  pairA = -1;
  pairB = -1;
  constructor(count: number) {
    this.need = new Int32Array(count);
    this.unknown = new Uint32Array(count * WORDS);
    this.unknownCount = new Int32Array(count);
    this.baseNeed = new Int32Array(count);
    this.baseUnknown = new Uint32Array(count * WORDS);
    this.baseUnknownCount = new Int32Array(count);
    this.changed = new Uint8Array(count);
  }
}

/**
 * The Scratch of boards with `count` constraints, made once and reused by
 * every solve (a solve is synchronous and never runs inside another, and
 * every array is written before it is read), so that the generator's many
 * small solves allocate none.
 */
const scratches = new Map<number, Scratch>();
function scratchFor(count: number): Scratch {
  let x = scratches.get(count);
  if (!x) {
    x = new Scratch(count);
    scratches.set(count, x);
  }
  return x;
}

/**
 * Fill need/unknown for state s; true when some constraint is violated
 * (a < 0 or a > |u|).
 */
function prepare(b: Board, s: State, x: Scratch): boolean {
  const u0 = b.all[0]! & ~(s[0]! | s[3]!);
  const u1 = b.all[1]! & ~(s[1]! | s[4]!);
  const u2 = b.all[2]! & ~(s[2]! | s[5]!);
  const g0 = s[0]!,
    g1 = s[1]!,
    g2 = s[2]!;
  const m = b.masks;
  let violated = false;
  for (let k = 0, o = 0; k < b.count; k++, o += 3) {
    const m0 = m[o]!,
      m1 = m[o + 1]!,
      m2 = m[o + 2]!;
    const a = b.targets[k]! - (popcount(m0 & g0) + popcount(m1 & g1) + popcount(m2 & g2));
    const w0 = m0 & u0,
      w1 = m1 & u1,
      w2 = m2 & u2;
    const nu = popcount(w0) + popcount(w1) + popcount(w2);
    x.need[k] = a;
    x.unknown[o] = w0;
    x.unknown[o + 1] = w1;
    x.unknown[o + 2] = w2;
    x.unknownCount[k] = nu;
    if ((a < 0 || a > nu) && !violated) {
      violated = true;
      x.violated = k;
    }
  }
  return violated;
}

/**
 * prepare() of the state that adds the cells of `d` (ghosts in words 0..2,
 * empties in 3..5) to a state already prepared in x without a violation:
 * only the constraints holding a cell of d change, so only they are computed
 * again (from what x holds), checked, and marked in x.changed. The same need,
 * unknown cells, verdict and first violated constraint as prepare() of the
 * new state. A d of a few cells (an assumption, most rounds) reaches its
 * constraints through Board.cellConstraints; a larger one scans them all.
 */
function update(b: Board, x: Scratch, d: Uint32Array): boolean {
  const n0 = d[0]! | d[3]!,
    n1 = d[1]! | d[4]!,
    n2 = d[2]! | d[5]!;
  x.violated = -1;
  if (popcount(n0) + popcount(n1) + popcount(n2) <= FEW_CELLS) {
    const start = b.cellStart;
    const list = b.cellConstraints;
    for (let w = 0; w < WORDS; w++) {
      for (let m = w === 0 ? n0 : w === 1 ? n1 : n2; m !== 0; m &= m - 1) {
        const p = w * 32 + 31 - Math.clz32(m & -m);
        // a constraint met again through another cell of d has no cell of d left: decide() skips it
        for (let j = start[p]!; j < start[p + 1]!; j++) decide(x, list[j]!, d, n0, n1, n2);
      }
    }
  } else {
    for (let k = 0; k < b.count; k++) decide(x, k, d, n0, n1, n2);
  }
  return x.violated >= 0;
}

/** At most this many cells, update() goes through the cells' own constraints. */
const FEW_CELLS = 8;

/** update()'s step for constraint k: takes out the cells n of d decides (d's ghosts from need), keeping the lowest violated k in x.violated. */
function decide(x: Scratch, k: number, d: Uint32Array, n0: number, n1: number, n2: number): void {
  const U = x.unknown;
  const o = k * 3;
  const u0 = U[o]!,
    u1 = U[o + 1]!,
    u2 = U[o + 2]!;
  // the constraint's unknown cells that d decides
  const c0 = u0 & n0,
    c1 = u1 & n1,
    c2 = u2 & n2;
  if ((c0 | c1 | c2) === 0) return;
  const a = x.need[k]! - (popcount(c0 & d[0]!) + popcount(c1 & d[1]!) + popcount(c2 & d[2]!));
  const nu = x.unknownCount[k]! - (popcount(c0) + popcount(c1) + popcount(c2));
  x.need[k] = a;
  U[o] = u0 & ~c0;
  U[o + 1] = u1 & ~c1;
  U[o + 2] = u2 & ~c2;
  x.unknownCount[k] = nu;
  x.changed[k] = 1;
  if ((a < 0 || a > nu) && (x.violated < 0 || k < x.violated)) x.violated = k;
}

/** A deduction for the recorder (explain mode only). */
function deduction(layer: number, constraints: number[], g0: number, g1: number, g2: number, e0: number, e1: number, e2: number): Deduction {
  return { layer, constraints, assume: -1, assumeGhost: false, ghosts: Uint32Array.of(g0, g1, g2), empties: Uint32Array.of(e0, e1, e2) };
}

/** L1 deductions from the prepared snapshot into out; NONE / MOVES / CONTRA. `rec` records each one. */
function layer1(b: Board, x: Scratch, out: Uint32Array, rec: Deduction[] | null = null): number {
  let g0 = 0,
    g1 = 0,
    g2 = 0,
    e0 = 0,
    e1 = 0,
    e2 = 0;
  const U = x.unknown;
  for (let k = 0, o = 0; k < b.count; k++, o += 3) {
    const nu = x.unknownCount[k]!;
    if (nu === 0) continue;
    const a = x.need[k]!;
    if (a === 0) {
      e0 |= U[o]!;
      e1 |= U[o + 1]!;
      e2 |= U[o + 2]!;
      if (rec) rec.push(deduction(LAYER_DIRECT, [k], 0, 0, 0, U[o]!, U[o + 1]!, U[o + 2]!));
    } else if (a === nu) {
      g0 |= U[o]!;
      g1 |= U[o + 1]!;
      g2 |= U[o + 2]!;
      if (rec) rec.push(deduction(LAYER_DIRECT, [k], U[o]!, U[o + 1]!, U[o + 2]!, 0, 0, 0));
    }
  }
  return finish(out, g0, g1, g2, e0, e1, e2);
}

/**
 * L2 deductions (pairs of overlapping constraints) into out; NONE / MOVES /
 * CONTRA. `rec` records each pair's. With x.pairsChanged, a pair whose two
 * constraints are unchanged since the last L2 round is skipped: that round
 * found nothing on it (its deductions, had it made any, would have changed
 * the constraints), and its need and unknown cells are the same, so it
 * finds nothing now: the same deductions, in the same order.
 */
function layer2(b: Board, x: Scratch, out: Uint32Array, rec: Deduction[] | null = null): number {
  let g0 = 0,
    g1 = 0,
    g2 = 0,
    e0 = 0,
    e1 = 0,
    e2 = 0;
  const U = x.unknown;
  const P = b.pairs;
  const changed = x.changed;
  const all = !x.pairsChanged;
  for (let i = 0; i < P.length; i += 2) {
    const A = P[i]!,
      B = P[i + 1]!;
    if (!all && (changed[A]! | changed[B]!) === 0) continue;
    const oa = A * 3,
      ob = B * 3;
    const a0 = U[oa]!,
      a1 = U[oa + 1]!,
      a2 = U[oa + 2]!;
    const b0 = U[ob]!,
      b1 = U[ob + 1]!,
      b2 = U[ob + 2]!;
    const c0 = a0 & b0,
      c1 = a1 & b1,
      c2 = a2 & b2;
    if ((c0 | c1 | c2) === 0) continue;
    const nC = popcount(c0) + popcount(c1) + popcount(c2);
    const nA = x.unknownCount[A]! - nC;
    const nB = x.unknownCount[B]! - nC;
    const a = x.need[A]!,
      bb = x.need[B]!;
    const lo = Math.max(0, a - nA, bb - nB);
    const hi = Math.min(a, bb, nC);
    if (lo > hi) {
      x.pairA = A;
      x.pairB = B;
      return CONTRA;
    }
    // this pair's own deductions
    let pg0 = 0,
      pg1 = 0,
      pg2 = 0,
      pe0 = 0,
      pe1 = 0,
      pe2 = 0;
    // common part C holds [lo, hi]
    if (hi === 0) {
      pe0 = c0;
      pe1 = c1;
      pe2 = c2;
    } else if (lo === nC) {
      pg0 = c0;
      pg1 = c1;
      pg2 = c2;
    }
    // A only holds [a - hi, a - lo]
    if (nA > 0) {
      if (a - lo === 0) {
        pe0 |= a0 & ~b0;
        pe1 |= a1 & ~b1;
        pe2 |= a2 & ~b2;
      } else if (a - hi === nA) {
        pg0 |= a0 & ~b0;
        pg1 |= a1 & ~b1;
        pg2 |= a2 & ~b2;
      }
    }
    // B only holds [b - hi, b - lo]
    if (nB > 0) {
      if (bb - lo === 0) {
        pe0 |= b0 & ~a0;
        pe1 |= b1 & ~a1;
        pe2 |= b2 & ~a2;
      } else if (bb - hi === nB) {
        pg0 |= b0 & ~a0;
        pg1 |= b1 & ~a1;
        pg2 |= b2 & ~a2;
      }
    }
    g0 |= pg0;
    g1 |= pg1;
    g2 |= pg2;
    e0 |= pe0;
    e1 |= pe1;
    e2 |= pe2;
    if (rec && pg0 | pg1 | pg2 | pe0 | pe1 | pe2) rec.push(deduction(LAYER_PAIR, [A, B], pg0, pg1, pg2, pe0, pe1, pe2));
  }
  return finish(out, g0, g1, g2, e0, e1, e2);
}

function finish(out: Uint32Array, g0: number, g1: number, g2: number, e0: number, e1: number, e2: number): number {
  out[0] = g0;
  out[1] = g1;
  out[2] = g2;
  out[3] = e0;
  out[4] = e1;
  out[5] = e2;
  if ((g0 & e0) | (g1 & e1) | (g2 & e2)) return CONTRA;
  return g0 | g1 | g2 | e0 | e1 | e2 ? MOVES : NONE;
}

function apply(s: State, d: Uint32Array): void {
  for (let w = 0; w < 2 * WORDS; w++) s[w]! |= d[w]!;
}

/**
 * The propagate step: rounds of L1 (or L2 when L1 has nothing), at most 64.
 * True when the state is refuted. Mutates t. `violated` is prepare()'s verdict
 * on t, whose result x then holds (a caller that prepared t already passes it);
 * each round's deductions are then added by update().
 */
function propagate(b: Board, t: State, x: Scratch, witness: number[] | null = null, violated = prepare(b, t, x)): boolean {
  for (let i = 0; i < PROPAGATION_ROUNDS; i++) {
    if (violated) return witness ? refuted(witness, [x.violated]) : true;
    let r = layer1(b, x, x.out);
    let layer = LAYER_DIRECT;
    if (r === NONE) {
      x.pairA = -1;
      r = layer2(b, x, x.out);
      layer = LAYER_PAIR;
      if (r !== CONTRA) x.changed.fill(0); // (a contradiction is looked at again below, with the same pairs)
    }
    if (r === CONTRA) {
      if (!witness) return true;
      if (layer === LAYER_PAIR && x.pairA >= 0) return refuted(witness, [x.pairA, x.pairB]);
      // a cell derived both ways: the same layer again, recording who derived what
      const rec: Deduction[] = [];
      if (layer === LAYER_DIRECT) layer1(b, x, x.out, rec);
      else layer2(b, x, x.out, rec);
      return refuted(witness, conflictOf(rec));
    }
    if (r === NONE) return false;
    apply(t, x.out);
    violated = update(b, x, x.out);
  }
  if (!violated) return false;
  return witness ? refuted(witness, [x.violated]) : true;
}

function refuted(witness: number[], constraints: number[]): true {
  witness.push(...constraints);
  return true;
}

/** The constraints of the first deductions that decide one cell both ways. */
function conflictOf(rec: readonly Deduction[]): number[] {
  for (let w = 0; w < WORDS; w++) {
    let ghosts = 0,
      empties = 0;
    for (const d of rec) {
      ghosts |= d.ghosts[w]!;
      empties |= d.empties[w]!;
    }
    const both = ghosts & empties;
    if (both === 0) continue;
    const bit = both & -both;
    const asGhost = rec.find((d) => d.ghosts[w]! & bit)!;
    const asEmpty = rec.find((d) => d.empties[w]! & bit)!;
    return [...new Set([...asGhost.constraints, ...asEmpty.constraints])];
  }
  return [];
}

/**
 * L3 deductions: every unknown cell in row-major order, assumed ghost then
 * empty, each on a copy of the snapshot s; a refuted assumption proves the
 * opposite. Results into out; NONE / MOVES / CONTRA. x holds prepare() of s
 * (without a violation) on entry: each assumption starts from a copy of it
 * with the one cell added (update()), instead of preparing s again.
 */
function layer3(b: Board, s: State, x: Scratch, out: Uint32Array, rec: Deduction[] | null = null): number {
  let g0 = 0,
    g1 = 0,
    g2 = 0,
    e0 = 0,
    e1 = 0,
    e2 = 0;
  const t = x.probe;
  const witness: number[] | null = rec ? [] : null;
  x.baseNeed.set(x.need);
  x.baseUnknown.set(x.unknown);
  x.baseUnknownCount.set(x.unknownCount);
  const cell = x.cell;
  /** x prepared for s plus cell p as a ghost (words 0..2) or empty (3..5); true when that is violated. */
  const assume = (w: number, bit: number): boolean => {
    x.need.set(x.baseNeed);
    x.unknown.set(x.baseUnknown);
    x.unknownCount.set(x.baseUnknownCount);
    x.changed.fill(0);
    cell.fill(0);
    cell[w] = bit;
    return update(b, x, cell);
  };
  // L3 runs only when L2 found nothing on s: inside an assumption, L2 needs to look only at pairs that changed
  x.pairsChanged = true;
  for (let p = 0; p < b.plainCount; p++) {
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    if ((s[w]! | s[w + 3]!) & bit) continue;
    // assume ghost
    t.set(s);
    t[w]! |= bit;
    if (propagate(b, t, x, witness, assume(w, bit))) {
      if (w === 0) e0 |= bit;
      else if (w === 1) e1 |= bit;
      else e2 |= bit;
      if (rec) rec.push(assumption(p, true, witness!));
    }
    // assume empty
    t.set(s);
    t[w + 3]! |= bit;
    if (propagate(b, t, x, witness, assume(w + 3, bit))) {
      if (w === 0) g0 |= bit;
      else if (w === 1) g1 |= bit;
      else g2 |= bit;
      if (rec) rec.push(assumption(p, false, witness!));
    }
  }
  x.pairsChanged = false;
  return finish(out, g0, g1, g2, e0, e1, e2);
}

/** The L3 deduction "assuming p is a ghost (or empty) is refuted": p is the opposite. Empties `witness`. */
function assumption(p: number, ghost: boolean, witness: number[]): Deduction {
  const m = new Uint32Array(WORDS);
  m[p >>> 5] = 1 << (p & 31);
  const none = new Uint32Array(WORDS);
  const constraints = witness.splice(0);
  return { layer: LAYER_CONTRADICTION, constraints, assume: p, assumeGhost: ghost, ghosts: ghost ? none : m, empties: ghost ? m : none };
}

/**
 * L3's test of one assumption: cell p (a plain-cell index) set to ghost or
 * empty on a copy of s, then propagated. True when refuted.
 */
export function refutes(b: Board, s: State, p: number, ghost: boolean): boolean {
  const t = new Uint32Array(s);
  t[(p >>> 5) + (ghost ? 0 : WORDS)]! |= 1 << (p & 31);
  return propagate(b, t, new Scratch(b.count));
}

function allDecided(b: Board, s: State): boolean {
  for (let w = 0; w < WORDS; w++) if ((b.all[w]! & ~(s[w]! | s[w + 3]!)) !== 0) return false;
  return true;
}

/**
 * Solve "like a careful person": always the lowest layer that has a deduction.
 * x is prepared once; each round's deductions are then added by update(), which
 * also marks the constraints they change, so that L2 after its first round
 * looks only at pairs with a constraint changed since its last round (as
 * inside an L3 assumption): the same deductions as preparing every round and
 * looking at every pair. An L3 round's assumptions overwrite x, so it is put
 * back to L3's snapshot before its deductions are added.
 */
export function solveLayered(b: Board, opts: SolveOptions = {}): SolveResult {
  const maxLayer = opts.maxLayer ?? LAYER_CONTRADICTION;
  const maxContra = opts.maxContradictionRounds ?? Infinity;
  const maxRounds = opts.maxRounds ?? Infinity;
  const maxDirect = opts.maxDirectRounds ?? Infinity;
  const maxPair = opts.maxPairRounds ?? Infinity;
  const x = scratchFor(b.count);
  const s: State = opts.start ? new Uint32Array(opts.start) : new Uint32Array(2 * WORDS);
  const d = new Uint32Array(2 * WORDS);
  const result: SolveResult = { status: 'stuck', direct: 0, pair: 0, contradiction: 0, state: s, rounds: [] };
  const rec: Deduction[] | null = opts.explain ? [] : null;
  const record = (layer: number) => {
    if (opts.trace || rec) {
      result.rounds.push({ layer, ghosts: d.slice(0, WORDS), empties: d.slice(WORDS), ...(rec ? { deductions: rec.splice(0) } : {}) });
    }
    apply(s, d);
    return update(b, x, d);
  };
  let violated = prepare(b, s, x);
  x.changed.fill(0);
  /** L2 has run on this solve and found no contradiction: from then on it looks only at changed pairs. */
  let pairsSeen = false;
  for (;;) {
    if (allDecided(b, s)) return done(result, 'solved');
    if (violated) return done(result, 'contradiction');
    if (result.direct + result.pair + result.contradiction >= maxRounds) return done(result, 'limit');
    let r = layer1(b, x, d, rec);
    if (r === CONTRA) return done(result, 'contradiction');
    if (r === MOVES) {
      if (result.direct >= maxDirect) return done(result, 'limit');
      result.direct++;
      violated = record(LAYER_DIRECT);
      continue;
    }
    if (maxLayer < LAYER_PAIR) return done(result, 'limit');
    if (rec) rec.length = 0;
    x.pairsChanged = pairsSeen;
    r = layer2(b, x, d, rec);
    x.pairsChanged = false;
    if (r === CONTRA) return done(result, 'contradiction');
    pairsSeen = true;
    x.changed.fill(0);
    if (r === MOVES) {
      if (result.pair >= maxPair) return done(result, 'limit');
      result.pair++;
      violated = record(LAYER_PAIR);
      continue;
    }
    if (maxLayer < LAYER_CONTRADICTION || result.contradiction >= maxContra) return done(result, 'limit');
    if (rec) rec.length = 0;
    r = layer3(b, s, x, d, rec);
    if (r === CONTRA) return done(result, 'contradiction');
    if (r === MOVES) {
      result.contradiction++;
      // back to the snapshot L3 started from (where L2 found nothing), then its deductions
      x.need.set(x.baseNeed);
      x.unknown.set(x.baseUnknown);
      x.unknownCount.set(x.baseUnknownCount);
      x.changed.fill(0);
      violated = record(LAYER_CONTRADICTION);
      continue;
    }
    return done(result, 'stuck');
  }
}

function done(r: SolveResult, status: SolveStatus): SolveResult {
  r.status = status;
  return r;
}

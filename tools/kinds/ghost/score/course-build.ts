// Builds the "still on course for the medal" asset of a ghost board (docs/ghost-assets.md,
// client assets; its format and reader: course-format.ts), exact for every
// history of catches, in order, and owns the memory policy of that build.
//
// The rule. With F(S) the best (worst) bonus still to come from the caught set
// S (dp-single.ts), a play that has caught S with bonus b so far can still end
// on the optimum OPT = F(∅) exactly when b + F(S) = OPT: every catch so far was
// an optimal move. Such an S lies on an optimal play (the set D of the DPs'
// optimal states), and for S ∈ D an optimal continuation from S stays in D, so
// the client needs F on D only. We store, per state,
//     W(S) = F(S) + open(S)   for S ∈ D,   ⊥ (no value) for S ∉ D,
// where open(S) is the number of cells opened so far (not counting those open
// at the start): the client knows open(S), and W is much more regular than F
// (on worst plays it is usually one constant on all of D, F(S) = OPT − open(S)).
// The client decides: on course ⇔ W(S) ≠ ⊥ and b + W(S) − open(S) = OPT.
// A history with one non-optimal catch has b + F(S) ≠ OPT, whatever states it
// passed through, so the answer is exact without replaying the history.
//
// The diagram and its bytes are described in course-format.ts. Pure functions, no Node-only imports.
import { BitWriter, ByteWriter, toBase64 } from 'proofpack/kind';
import { BOTTOM, COURSE_VERSION, GAMMA_BITS, terminalBits } from '../course-format.ts';

/** Ghost orders tried (a permutation: order[k] = the ghost tested at depth k). */
export function candidateOrders(cells: ArrayLike<number>, n: number): number[][] {
  const G = cells.length;
  const rowMajor = Array.from({ length: G }, (_, g) => g);
  const colMajor = [...rowMajor].sort((a, b) => (cells[a]! % n) - (cells[b]! % n) || cells[a]! - cells[b]!);
  return [rowMajor, [...rowMajor].reverse(), colMajor, [...colMajor].reverse()];
}

/** Hands out a Uint32Array of the given length; its contents may be anything. */
export type Alloc = (length: number) => Uint32Array;
/**
 * Bytes per state of D that encodeCourse and its caller's keys and values take:
 * six arrays of 4-byte entries (the keys, the values, four build buffers), in
 * any order. The other ghost orders are still tried only when 32 bytes a state
 * fit, as when their build took two more arrays (it permuted and sorted the
 * keys, 2026-12-03): which assets try them, and so every asset's bytes, stay
 * as they were.
 */
export const COURSE_BYTES_PER_STATE = 32;
export const COURSE_BYTES_ROW_MAJOR = 24;

/** Memory the course assets may take at least (the layered DP's arena, then fresh arrays): 4 GiB. */
export const COURSE_ROOM_FLOOR = 2 ** 32;

/** Memory the course assets of a DP with an arena of `arenaBytes` may take: the arena, and at least COURSE_ROOM_FLOOR. */
export function courseRoom(arenaBytes: number): number {
  return Math.max(arenaBytes, COURSE_ROOM_FLOOR);
}

/**
 * How the course asset of `count` states on an optimal play is built within
 * `room` bytes: in every candidate ghost order, in row-major order only, or
 * not at all (the asset is then "unknown").
 */
export function courseFits(count: number, room: number): 'all orders' | 'row-major' | 'no' {
  if (count * COURSE_BYTES_PER_STATE <= room) return 'all orders';
  return count * COURSE_BYTES_ROW_MAJOR <= room ? 'row-major' : 'no';
}
const fresh: Alloc = (length) => new Uint32Array(length);

/** Other ghost orders are tried when the row-major asset is longer than this (bytes before base64). */
export const ORDER_TRY_BYTES = 2048;

/** The states on one optimal play, as a DP hands them over (dp-kernel.ts OptimalPlay). */
export interface PlayStates {
  count: number;
  /** The states, ascending, with W(S) on each, in arrays from `alloc`. */
  values(alloc: Alloc): { keys: Uint32Array; ws: Uint32Array };
}

/** What the two course assets are built from (dp-kernel.ts ExactOptima): both plays and the memory the DP allows them. */
export interface CourseSource {
  best: PlayStates;
  worst: PlayStates;
  /** Bytes the assets may take; each asset's arrays come from a fresh alloc(). */
  room: number;
  alloc(): Alloc;
}

/**
 * Both course assets of a board with ghosts at `ghostCell` (an n×n board),
 * each within the memory the DP allows it (courseFits): with every candidate
 * ghost order, in row-major order only, or — when even that does not fit
 * (seen on worst medals at G = 32) — null, for the caller's explicit
 * "unknown", never a guess.
 */
export function courseAssets(src: CourseSource, ghostCell: ArrayLike<number>, n: number): { max: string | null; min: string | null } {
  const G = ghostCell.length;
  const orders = candidateOrders(ghostCell, n);
  const one = (play: PlayStates): string | null => {
    const fits = courseFits(play.count, src.room);
    if (fits === 'no') return null;
    const alloc = src.alloc();
    const { keys, ws } = play.values(alloc);
    return encodeCourse(G, keys, ws, fits === 'row-major' ? [] : orders, ORDER_TRY_BYTES, alloc);
  };
  return { max: one(src.best), min: one(src.worst) };
}

/**
 * The asset of the states of D (`keys`, ascending state masks, bit g = ghost g
 * caught) with W(S) in `ws` at the same positions. The diagram is built in
 * row-major ghost order and, when that is longer than `tryOrdersAbove` bytes
 * (ORDER_TRY_BYTES), in the other `orders` too; the shortest wins (the first
 * on a tie). `keys` is read, not kept; `ws` is overwritten (with each state's
 * terminal). The construction touches only the states of D and the nodes above
 * them (sparseBuild), never all 2^G states, and builds every order from the
 * same ascending keys (no permuting, no sorting). Its arrays of |D| entries
 * come from `alloc` (the layered DP hands out its arena): four.
 */
export function encodeCourse(
  G: number,
  keys: Uint32Array,
  ws: Uint32Array,
  orders: readonly number[][] = [],
  tryOrdersAbove = ORDER_TRY_BYTES,
  alloc: Alloc = fresh,
): string {
  const n = keys.length;
  const { values, T, terms } = numberTerminals(ws);
  const buffers = [alloc(n), alloc(n), alloc(n), alloc(n)] as const;
  const rowMajor = Array.from({ length: G }, (_, g) => g);
  let best = encode(G, values, rowMajor, sparseBuild(G, T, rowMajor, keys, terms, buffers));
  if (best.length > tryOrdersAbove && G > 1) {
    for (const order of orders) {
      if (order.every((g, k) => g === k)) continue;
      const bytes = encode(G, values, order, sparseBuild(G, T, order, keys, terms, buffers));
      if (bytes.length < best.length) best = bytes;
    }
  }
  return toBase64(best);
}

/**
 * The asset of the same states in the one ghost `order` given, whether or not
 * encodeCourse would keep it (for tests of the construction in every order).
 */
export function encodeCourseInOrder(G: number, keys: Uint32Array, ws: Uint32Array, order: readonly number[]): string {
  const n = keys.length;
  const { values, T, terms } = numberTerminals(ws);
  const buffers = [fresh(n), fresh(n), fresh(n), fresh(n)] as const;
  return toBase64(encode(G, values, order, sparseBuild(G, T, order, keys, terms, buffers)));
}

/** The distinct values of W on D, ascending, and each state's terminal (its value's index + 1), written over `ws`. */
function numberTerminals(ws: Uint32Array): { values: number[]; T: number; terms: Uint32Array } {
  const n = ws.length;
  const seen = new Uint8Array(1 << 17); // W < 2^16 + 2^9: F is 16-bit, at most 511 cells open
  for (let i = 0; i < n; i++) seen[ws[i]!] = 1;
  const values: number[] = [];
  const termOf = new Uint32Array(seen.length);
  for (let v = 0; v < seen.length; v++) if (seen[v]) termOf[v] = values.push(v);
  const terms = ws;
  for (let i = 0; i < n; i++) terms[i] = termOf[ws[i]!]!;
  return { values, T: values.length, terms };
}

interface Built {
  table: NodeTable;
  root: number;
  T: number;
}

/**
 * Bottom-up construction of the reduced diagram whose depth k tests ghost
 * order[k], from the states with a value (`keys` ascending, bit g = ghost g;
 * `terms` their terminals; every other state is ⊥). The ghosts are taken out
 * from the last tested (depth G − 1) to the first. An entry is a state mask
 * with the ghosts already taken out cleared, and the entries stay ascending:
 * taking out ghost g at depth k joins, within each run of entries that agree
 * on the bits above g, the entries without g (its first part) and those with
 * g (the rest), each ascending in the bits below g, by a merge: an entry on
 * one side only gets ⊥ on the other, and the two children make the node (g's
 * depth k, lo, hi), or stay the one child when equal. The merged entry, g
 * cleared, keeps the run's place, so the output is ascending again. A prefix
 * with no state below it is ⊥ and never visited: the work is about |D| per
 * depth, not 2^G, in any order, from the same keys. The node ids depend on the
 * order nodes are made; the bytes do not (encode() numbers nodes by where the
 * depth-first walk first meets them).
 */
function sparseBuild(
  G: number,
  T: number,
  order: readonly number[],
  keys: Uint32Array,
  terms: Uint32Array,
  buffers: readonly [Uint32Array, Uint32Array, Uint32Array, Uint32Array],
): Built {
  const table = new NodeTable(T + 1);
  let len = keys.length;
  if (G === 0) return { table, root: len > 0 ? terms[0]! : BOTTOM, T };
  // depth G − 1 reads the arguments; then two pairs of buffers (|D| entries each) take turns
  let k0: Uint32Array = keys,
    t0: Uint32Array = terms;
  let k1 = buffers[0],
    t1 = buffers[1];
  for (let k = G - 1; k >= 0; k--) {
    const g = order[k]!;
    const below = g === 31 ? 0x7fffffff : (1 << g) - 1; // the bits below g
    const clear = ~(1 << g);
    let i = 0,
      out = 0;
    let lastLo = -1,
      lastHi = -1,
      last = -1;
    while (i < len) {
      // the run of entries agreeing on the bits above g: [i, split) without g, [split, end) with it
      const above = g === 31 ? 0 : k0[i]! >>> (g + 1);
      let split = i;
      while (split < len && ((k0[split]! >>> g) & 1) === 0 && (g === 31 ? 0 : k0[split]! >>> (g + 1)) === above) split++;
      let end = split;
      while (end < len && (g === 31 ? 0 : k0[end]! >>> (g + 1)) === above) end++;
      let j = split;
      while (i < split || j < end) {
        const a = i < split ? k0[i]! & below : 0x80000000;
        const b = j < end ? k0[j]! & below : 0x80000000;
        let lo: number, hi: number;
        if (a < b) {
          k1[out] = k0[i]!;
          lo = t0[i++]!;
          hi = BOTTOM;
        } else if (b < a) {
          k1[out] = k0[j]! & clear;
          lo = BOTTOM;
          hi = t0[j++]!;
        } else {
          k1[out] = k0[i]!;
          lo = t0[i++]!;
          hi = t0[j++]!;
        }
        if (lo === hi) t1[out++] = lo;
        else if (lo === lastLo && hi === lastHi) t1[out++] = last;
        else {
          // neighbouring entries often make the same node: the last one is kept at hand
          lastLo = lo;
          lastHi = hi;
          last = table.node(k, lo, hi);
          t1[out++] = last;
        }
      }
      i = end;
    }
    k0 = k1;
    t0 = t1;
    k1 = k0 === buffers[0] ? buffers[2] : buffers[0];
    t1 = t0 === buffers[1] ? buffers[3] : buffers[1];
    len = out;
  }
  return { table, root: len > 0 ? t0[0]! : BOTTOM, T };
}

/** The stored bytes (see the format above) of a built diagram whose depth k tests ghost order[k]. */
function encode(G: number, values: readonly number[], order: readonly number[], b: Built): Uint8Array {
  const { table, root, T } = b;
  const out = new ByteWriter().byte(COURSE_VERSION);
  if (order.every((g, k) => g === k)) out.byte(0);
  else {
    out.byte(1);
    for (const g of order) out.byte(g);
  }
  out.varint(T);
  values.forEach((v, i) => out.varint(i === 0 ? v : v - values[i - 1]!));
  const base = T + 1;
  const tBits = terminalBits(T);
  const bits = new BitWriter();
  const t = table.triples;
  const defined: number[][] = Array.from({ length: G }, () => []); // per depth, node ids in definition order
  const rank = new Map<number, number>(); // node id -> its index in defined[depth]
  const write = (id: number, p: number): void => {
    if (id < base) return void bits.bits(0b110, 3).bits(id, tBits);
    const depth = t[(id - base) * 3]!;
    const at = rank.get(id);
    if (at !== undefined) {
      const r = defined[depth]!.length - 1 - at;
      if (r >= 4 * (2 ** (GAMMA_BITS - 1) - 1)) throw new Error('course: a back-reference rank too large for the format');
      return void bits
        .bits(0b10, 2)
        .gamma(depth - p)
        .expGolomb(r, 2);
    }
    const skip = depth - p - 1;
    if (skip === 0) bits.bit(0);
    else bits.bits(0b111, 3).gamma(skip);
    rank.set(id, defined[depth]!.length);
    defined[depth]!.push(id);
    write(t[(id - base) * 3 + 1]!, depth);
    write(t[(id - base) * 3 + 2]!, depth);
  };
  write(root, -1);
  const tail = bits.bytes();
  const head = out.bytes();
  const all = new Uint8Array(head.length + tail.length);
  all.set(head);
  all.set(tail, head.length);
  return all;
}

/** Hash-consing of nodes (ghost, lo, hi) -> absolute id, open addressing over typed arrays. */
class NodeTable {
  count = 0;
  triples = new Int32Array(3 * 1024);
  private slots = new Int32Array(4096).fill(-1);
  constructor(private readonly base: number) {}

  node(v: number, lo: number, hi: number): number {
    const mask = this.slots.length - 1;
    let h = hash(v, lo, hi) & mask;
    for (;;) {
      const at = this.slots[h]!;
      if (at < 0) break;
      if (this.triples[at * 3] === v && this.triples[at * 3 + 1] === lo && this.triples[at * 3 + 2] === hi) return at + this.base;
      h = (h + 1) & mask;
    }
    const id = this.count++;
    if (id * 3 + 3 > this.triples.length) {
      const grown = new Int32Array(this.triples.length * 2);
      grown.set(this.triples);
      this.triples = grown;
    }
    this.triples[id * 3] = v;
    this.triples[id * 3 + 1] = lo;
    this.triples[id * 3 + 2] = hi;
    if (this.count * 2 > this.slots.length) this.rehash();
    else this.slots[h] = id;
    return id + this.base;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.count; id++) {
      let h = hash(this.triples[id * 3]!, this.triples[id * 3 + 1]!, this.triples[id * 3 + 2]!) & mask;
      while (slots[h]! >= 0) h = (h + 1) & mask;
      slots[h] = id;
    }
    this.slots = slots;
  }
}

function hash(v: number, lo: number, hi: number): number {
  let h = Math.imul(v + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(lo + 0x7f4a7c15, 0xc2b2ae35) ^ Math.imul(hi + 0x165667b1, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

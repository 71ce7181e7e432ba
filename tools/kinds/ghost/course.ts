// The "still on course for the medal" asset of a ghost board (docs/ghost-assets.md, client
// assets): exact for every history of catches, in order.
//
// The rule. With F(S) the best (worst) bonus still to come from the caught set
// S (score-dp.ts), a play that has caught S with bonus b so far can still end
// on the optimum OPT = F(∅) exactly when b + F(S) = OPT: every catch so far was
// an optimal move. Such an S lies on an optimal play (the set D of score-dp's
// optimalStates), and for S ∈ D an optimal continuation from S stays in D, so
// the client needs F on D only. We store, per state,
//     W(S) = F(S) + open(S)   for S ∈ D,   ⊥ (no value) for S ∉ D,
// where open(S) is the number of cells opened so far (not counting those open
// at the start): the client knows open(S), and W is much more regular than F
// (on worst plays it is usually one constant on all of D, F(S) = OPT − open(S)).
// The client decides: on course ⇔ W(S) ≠ ⊥ and b + W(S) − open(S) = OPT.
// A history with one non-optimal catch has b + F(S) ≠ OPT, whatever states it
// passed through, so the answer is exact without replaying the history.
//
// W is stored as a reduced ordered multi-terminal decision diagram (MTBDD) over
// the ghosts (row-major order, ghost 0 tested first, unless a shorter order is
// stored with it), binary, base64 in the JSON. Format version 1 (after the first byte, unsigned LEB128 varints):
//   byte    1                       format version
//   byte    0 | 1                   ghost order: 0 row-major; 1 another, whose G bytes follow
//                                   (the ghost tested at depth 0, 1, …, G − 1)
//   varint  T                       number of distinct values of W
//   varint  w_1, w_2 − w_1, …       the values, ascending, delta-coded
//   bits    the diagram, most significant bit first, the last byte padded with
//           zero bits: the root's ref, then depth-first: each node is written
//           where it is first reached, as its ref followed by the refs of its
//           two children (ghost free, then ghost caught).
// A ref read below a node at depth p (p = −1 for the root) is one of
//   0                    a new node at depth p + 1 (its two refs follow)
//   10 γ(Δ) EG2(r)       an earlier node: at depth p + Δ, the r-th most recently
//                        defined node at that depth (r = 0 the newest)
//   110 t                a terminal, t in b = ⌈log2(T + 1)⌉ bits (at least 1): 0 = ⊥, else the value w_t
//   111 γ(s)             a new node at depth p + 1 + s, s ≥ 1 (its two refs follow)
// γ(x) is the Elias gamma code of x ≥ 1 (⌊log2 x⌋ zero bits, then x in binary);
// EG2(r) the exponential-Golomb code of order 2 of r ≥ 0 (γ(⌊r/4⌋ + 1), then r mod 4 in 2 bits).
// G is the level's ghost count (stored once, as analysis.ghosts).
// Pure functions, no Node-only imports.
import { BitWriter, ByteReader, ByteWriter, fromBase64, toBase64 } from '../../lib/bytes.ts';
import { popcount } from '../../lib/bits.ts';

export const COURSE_VERSION = 1;
/** Reference to "not on an optimal play". */
export const BOTTOM = 0;

/** A decoded course asset: nodes as absolute ids (terminals 0..T, node i in depth-first order is T + 1 + i). */
export interface Course {
  G: number;
  /** values[t − 1] is w_t. */
  values: Int32Array;
  /** Per node: ghost, lo, hi (absolute ids). */
  nodes: Int32Array;
  root: number;
  /** The ghost tested at each depth (row-major unless the asset stores another order). */
  ghostAt: Int32Array;
}

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
 * Bytes per state of D that courseOf and its caller's keys and values take:
 * eight arrays of 4-byte entries with the other ghost orders, six without.
 */
export const COURSE_BYTES_PER_STATE = 32;
export const COURSE_BYTES_ROW_MAJOR = 24;
const fresh: Alloc = (length) => new Uint32Array(length);

/** Other ghost orders are tried when the row-major asset is longer than this (bytes before base64). */
export const ORDER_TRY_BYTES = 2048;

/**
 * Build the asset of one optimum from the DP's tables: `F` best (worst) bonus
 * still to come, `ck` open·128 + complete per state, `states` the bitset of D.
 * See courseOf() for the orders.
 */
export function buildCourse(G: number, F: Uint16Array, ck: Uint16Array, states: Uint32Array, orders: readonly number[][] = []): string {
  const N = 2 ** G;
  let count = 0;
  const words = Math.ceil(N / 32);
  const last = N < 32 ? (1 << N) - 1 : -1;
  const pc = popcount;
  for (let i = 0; i < words; i++) count += pc(i === words - 1 ? states[i]! & last : states[i]!);
  const keys = new Uint32Array(count);
  const ws = new Uint32Array(count);
  let at = 0;
  for (let i = 0; i < words; i++) {
    let m = i === words - 1 ? states[i]! & last : states[i]!;
    while (m) {
      const bit = m & -m;
      m ^= bit;
      const s = i * 32 + 31 - Math.clz32(bit);
      keys[at] = s;
      ws[at++] = F[s]! + (ck[s]! >>> 7);
    }
  }
  return courseOf(G, keys, ws, orders);
}

/**
 * The asset of the states of D (`keys`, ascending state masks, bit g = ghost g
 * caught) with W(S) in `ws` at the same positions. The diagram is built in
 * row-major ghost order and, when that is longer than `tryOrdersAbove` bytes
 * (ORDER_TRY_BYTES), in the other `orders` too; the shortest wins (the first
 * on a tie). `keys` is read, not kept; `ws` is overwritten (with each state's
 * terminal). The construction touches only the states of D and the nodes above
 * them (sparseBuild), never all 2^G states. Its arrays of |D| entries come from
 * `alloc` (the layered DP hands out its arena): four, and two more when other
 * orders are tried.
 */
export function courseOf(
  G: number,
  keys: Uint32Array,
  ws: Uint32Array,
  orders: readonly number[][] = [],
  tryOrdersAbove = ORDER_TRY_BYTES,
  alloc: Alloc = fresh,
): string {
  const n = keys.length;
  // the distinct values of W on D, ascending, and each state's terminal
  const seen = new Uint8Array(1 << 17); // W < 2^16 + 2^9: F is 16-bit, at most 511 cells open
  for (let i = 0; i < n; i++) seen[ws[i]!] = 1;
  const values: number[] = [];
  const termOf = new Uint32Array(seen.length);
  for (let v = 0; v < seen.length; v++) if (seen[v]) termOf[v] = values.push(v);
  const T = values.length;
  const terms = ws;
  for (let i = 0; i < n; i++) terms[i] = termOf[ws[i]!]!;
  const buffers = [alloc(n), alloc(n), alloc(n), alloc(n)] as const;
  const rowMajor = Array.from({ length: G }, (_, g) => g);
  let best = encode(G, values, rowMajor, sparseBuild(G, T, keys, terms, buffers));
  if (best.length > tryOrdersAbove && G > 1) {
    const pk = alloc(n);
    const pt = alloc(n);
    for (const order of orders) {
      if (order.every((g, k) => g === k)) continue;
      // the state masks with bit k = the ghost order[k], sorted again
      const tables = permutationTables(order);
      for (let i = 0; i < n; i++) {
        const s = keys[i]!;
        pk[i] = tables[0]![s & 255]! | tables[1]![(s >>> 8) & 255]! | tables[2]![(s >>> 16) & 255]! | tables[3]![s >>> 24]!;
      }
      pt.set(terms);
      sortPairs(pk, pt, buffers[0], buffers[1]);
      const bytes = encode(G, values, order, sparseBuild(G, T, pk, pt, buffers));
      if (bytes.length < best.length) best = bytes;
    }
  }
  return toBase64(best);
}

/**
 * Sorts `keys` ascending (unsigned) and moves `vals` along: LSD radix sort, two
 * passes of 16 bits, through two scratch arrays of at least the same length.
 */
export function sortPairs(
  keys: Uint32Array,
  vals: Uint32Array,
  tmpKeys: Uint32Array = new Uint32Array(keys.length),
  tmpVals: Uint32Array = new Uint32Array(keys.length),
): void {
  const n = keys.length;
  if (n < 2) return;
  let k0: Uint32Array = keys,
    v0: Uint32Array = vals,
    k1: Uint32Array = tmpKeys,
    v1: Uint32Array = tmpVals;
  const counts = new Int32Array(65536);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(k0[i]! >>> shift) & 0xffff]!++;
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = counts[(k0[i]! >>> shift) & 0xffff]!++;
      k1[at] = k0[i]!;
      v1[at] = v0[i]!;
    }
    [k0, k1] = [k1, k0];
    [v0, v1] = [v1, v0];
  }
  // two passes: the sorted data is back in the arrays given
}

/** Per byte of a state (ghost bits 8b..8b+7), the permuted index bits. */
function permutationTables(order: readonly number[]): Int32Array[] {
  const pos = new Int32Array(32);
  order.forEach((g, k) => (pos[g] = k));
  return [0, 1, 2, 3].map((b) => {
    const t = new Int32Array(256);
    for (let x = 0; x < 256; x++) {
      let y = 0;
      for (let j = 0; j < 8; j++) if ((x >>> j) & 1 && b * 8 + j < order.length) y |= 1 << pos[b * 8 + j]!;
      t[x] = y;
    }
    return t;
  });
}

interface Built {
  table: NodeTable;
  root: number;
  T: number;
}

/**
 * Bottom-up construction of the reduced diagram whose depth k tests bit k of
 * the index, from the states with a value (`keys` ascending, `terms` their
 * terminals; every other state is ⊥). The entries at depth k + 1 are indexes
 * of k + 1 bits; the node of prefix `low` at depth k joins the entry `low`
 * (bit k clear) and the entry `low + 2^k` (bit k set), both sorted runs, so a
 * merge of the two runs makes depth k. A prefix with neither is ⊥ and is never
 * visited: the work is about |D| per depth, not 2^G. Nodes are made in the
 * order a dense pass over every prefix would make them, so the ids, and with
 * them the bytes, do not depend on this shortcut.
 */
function sparseBuild(
  G: number,
  T: number,
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
  const NONE = 2 ** 33;
  for (let k = G - 1; k >= 0; k--) {
    const half = 2 ** k;
    let split = 0;
    while (split < len && k0[split]! < half) split++;
    let i = 0,
      j = split,
      out = 0;
    while (i < split || j < len) {
      const a = i < split ? k0[i]! : NONE;
      const b = j < len ? k0[j]! - half : NONE;
      let low: number, lo: number, hi: number;
      if (a < b) {
        low = a;
        lo = t0[i++]!;
        hi = BOTTOM;
      } else if (b < a) {
        low = b;
        lo = BOTTOM;
        hi = t0[j++]!;
      } else {
        low = a;
        lo = t0[i++]!;
        hi = t0[j++]!;
      }
      k1[out] = low;
      t1[out++] = lo === hi ? lo : table.node(k, lo, hi);
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

/** Gamma codes are shorter than this many bits (values below 2^15): depth steps, and back-reference ranks below 2^17. */
const GAMMA_BITS = 16;

/** Bits of a terminal index 0..T. */
const terminalBits = (T: number) => Math.max(1, 32 - Math.clz32(T));

/** Decode a course asset of a board with G ghosts; throws with `what` in the message when malformed. */
export function decodeCourse(text: string, G: number, what = 'course'): Course {
  const r = new ByteReader(fromBase64(text, what), what);
  const version = r.byte();
  if (version !== COURSE_VERSION) throw new Error(`${what}: format version ${version}, this client reads ${COURSE_VERSION}`);
  const ghostAt = Int32Array.from({ length: G }, (_, k) => k);
  const orderKind = r.byte();
  if (orderKind === 1) {
    const used = new Uint8Array(G);
    for (let k = 0; k < G; k++) {
      const g = r.byte();
      if (g >= G || used[g]) throw new Error(`${what}: the ghost order is not a permutation of 0..${G - 1}`);
      used[g] = 1;
      ghostAt[k] = g;
    }
    if (ghostAt.every((g, k) => g === k)) throw new Error(`${what}: an explicit ghost order that is row-major`);
  } else if (orderKind !== 0) throw new Error(`${what}: unknown ghost order kind ${orderKind}`);
  const T = r.varint();
  if (T > r.buf.length) throw new Error(`${what}: ${T} values cannot fit`);
  const values = new Int32Array(T);
  for (let i = 0; i < T; i++) {
    const d = r.varint();
    if (i > 0 && d === 0) throw new Error(`${what}: values not strictly ascending`);
    values[i] = (i === 0 ? 0 : values[i - 1]!) + d;
  }
  const base = T + 1;
  const tBits = terminalBits(T);
  // the bit stream, read inline (this is the client's hot path)
  // A 32-bit window over the bit stream (this is the client's hot path). Reads
  // past the end see zero bits (8 spare bytes; each node or gamma code read
  // there fails its depth or length check within a few bytes) and are reported
  // once the diagram is read.
  const limit = r.buf.length * 8;
  const buf = new Uint8Array(r.buf.length + 8);
  buf.set(r.buf);
  let next = r.at; // next byte to load
  let word = 0; // unread bits, most significant first
  let avail = 0;
  const fill = () => {
    while (avail <= 24) {
      word |= buf[next++]! << (24 - avail);
      avail += 8;
    }
  };
  const take = (n: number): number => {
    // n ≤ 24
    if (n === 0) return 0;
    if (avail < n) fill();
    const v = word >>> (32 - n);
    word <<= n;
    avail -= n;
    return v;
  };
  const bit = () => take(1);
  const gamma = (): number => {
    fill();
    const zeros = Math.clz32(word);
    if (zeros >= GAMMA_BITS) throw new Error(next * 8 - avail > limit ? `${what}: ends early` : `${what}: a gamma code of ${GAMMA_BITS} bits or more`);
    word <<= zeros;
    avail -= zeros;
    return take(zeros + 1);
  };
  const consumed = () => next * 8 - avail;
  let nodes = new Int32Array(96);
  let count = 0;
  const defined: number[][] = Array.from({ length: G }, () => []);
  const read = (p: number): number => {
    let depth: number;
    if (bit() === 0) depth = p + 1;
    else if (bit() === 0) {
      depth = p + gamma();
      if (depth >= G) throw new Error(`${what}: a reference to depth ${depth} of ${G}`);
      const list = defined[depth]!;
      const back = ((gamma() - 1) << 2) | take(2);
      if (back >= list.length) throw new Error(`${what}: a reference to a node not yet defined`);
      return list[list.length - 1 - back]!;
    } else if (bit() === 0) {
      const t = take(tBits);
      if (t > T) throw new Error(`${what}: terminal ${t} of ${T}`);
      return t;
    } else depth = p + 1 + gamma();
    if (depth >= G || consumed() > limit) throw new Error(consumed() > limit ? `${what}: ends early` : `${what}: a node at depth ${depth} of ${G}`);
    const at = count++;
    if (count * 3 > nodes.length) {
      const grown = new Int32Array(nodes.length * 2);
      grown.set(nodes);
      nodes = grown;
    }
    nodes[at * 3] = depth;
    const lo = read(depth);
    const hi = read(depth);
    if (lo === hi) throw new Error(`${what}: node ${at} has two equal children (not reduced)`);
    nodes[at * 3 + 1] = lo;
    nodes[at * 3 + 2] = hi;
    defined[depth]!.push(base + at);
    return base + at;
  };
  const root = read(-1);
  const end = consumed();
  if (end > limit) throw new Error(`${what}: ends early`);
  const pad = (8 - (end & 7)) & 7;
  if (take(pad) !== 0) throw new Error(`${what}: non-zero padding bits`);
  if (end + pad !== limit) throw new Error(`${what}: ${(limit - end - pad) / 8} bytes after the end`);
  // nodes test depths while decoding; the client reads ghosts
  for (let i = 0; i < count * 3; i += 3) nodes[i] = ghostAt[nodes[i]!]!;
  return { G, values, nodes: nodes.slice(0, count * 3), root, ghostAt };
}

/** W(S) of the caught set (a predicate on ghost indexes), or null (⊥: S is on no optimal play). */
export function courseValue(c: Course, caught: (ghost: number) => boolean): number | null {
  const base = c.values.length + 1;
  let id = c.root;
  while (id >= base) {
    const i = (id - base) * 3;
    id = caught(c.nodes[i]!) ? c.nodes[i + 2]! : c.nodes[i + 1]!;
  }
  return id === BOTTOM ? null : c.values[id - 1]!;
}

/** Number of decision nodes of a decoded course. */
export function courseNodes(c: Course): number {
  return c.nodes.length / 3;
}

/**
 * The decision itself: a play that caught the ghosts `caught` with bonus
 * `bonus` so far (sum of opened × completed over its catches) and `opened`
 * cells opened (not counting those open at the start) can still end on the
 * optimum whose total bonus is `optimum`.
 */
export function onCourse(c: Course, caught: (ghost: number) => boolean, bonus: number, opened: number, optimum: number): boolean {
  const w = courseValue(c, caught);
  return w !== null && bonus + w - opened === optimum;
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

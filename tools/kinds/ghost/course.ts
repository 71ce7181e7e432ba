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

/** Other ghost orders are tried when the row-major asset is longer than this (bytes before base64). */
export const ORDER_TRY_BYTES = 2048;

/**
 * Build the asset of one optimum from the DP's tables: `F` best (worst) bonus
 * still to come, `ck` open·128 + complete per state, `states` the bitset of D.
 * The diagram is built in row-major ghost order and, when that is longer than
 * ORDER_TRY_BYTES, in the other `orders` too; the shortest wins (the first on a tie).
 * `scratch`, when given, must hold 2^(G−1) Int32 entries and is overwritten
 * (it must not share memory with F, ck or states).
 */
export function buildCourse(G: number, F: Uint16Array, ck: Uint16Array, states: Uint32Array, orders: readonly number[][] = [], scratch?: Int32Array): string {
  const N = 2 ** G;
  const inD = (s: number) => (states[s >>> 5]! >>> (s & 31)) & 1;
  const w = (s: number) => F[s]! + (ck[s]! >>> 7);
  // the states of D and the distinct values of W on them, ascending
  const seen = new Uint8Array(1 << 17); // W < 2^16 + 2^9: F is 16-bit, at most 511 cells open
  const words = Math.ceil(N / 32);
  const forEachState = (fn: (s: number) => void) => {
    for (let i = 0; i < words; i++) {
      let m = states[i]!;
      if (N < 32) m &= (1 << N) - 1;
      while (m) {
        const bit = m & -m;
        m ^= bit;
        fn(i * 32 + 31 - Math.clz32(bit));
      }
    }
  };
  forEachState((s) => (seen[w(s)] = 1));
  const values: number[] = [];
  for (let v = 0; v < seen.length; v++) if (seen[v]) values.push(v);
  // a flat lookup from W to its terminal
  const termOf = new Uint16Array(seen.length);
  values.forEach((v, i) => (termOf[v] = i + 1));
  const term = { get: (v: number) => termOf[v] };
  const T = values.length;
  const ids = G > 0 ? (scratch && scratch.length >= 2 ** (G - 1) ? scratch : new Int32Array(2 ** (G - 1))) : new Int32Array(1);
  // row-major: straight from the bitset, 32 states at a time (most words of a sparse set are empty)
  const rowMajor = Array.from({ length: G }, (_, g) => g);
  let best = encode(
    G,
    values,
    rowMajor,
    build(
      G,
      T,
      ids,
      (mk) => {
        const leaf = (s: number) => (inD(s) ? term.get(w(s))! : BOTTOM);
        const half = 2 ** (G - 1);
        if (half >= 32) {
          ids.fill(BOTTOM, 0, half);
          const halfWords = half >>> 5;
          for (let i = 0; i < halfWords; i++) {
            let any = states[i]! | states[i + halfWords]!;
            while (any) {
              const bit = any & -any;
              any ^= bit;
              const low = i * 32 + 31 - Math.clz32(bit);
              ids[low] = mk(G - 1, leaf(low), leaf(low + half));
            }
          }
        } else {
          for (let low = 0; low < half; low++) ids[low] = mk(G - 1, leaf(low), leaf(low + half));
        }
      },
      () => (inD(0) ? term.get(w(0))! : BOTTOM),
    ),
  );
  if (best.length > ORDER_TRY_BYTES && G > 1) {
    let leaves: Uint16Array | null = null;
    for (const order of orders) {
      if (order.every((g, k) => g === k)) continue;
      // the leaf values at permuted indexes: bit k of the index is the ghost order[k]
      leaves ??= new Uint16Array(N);
      leaves.fill(BOTTOM);
      const tables = permutationTables(order);
      forEachState((s) => {
        leaves![tables[0]![s & 255]! | tables[1]![(s >>> 8) & 255]! | tables[2]![(s >>> 16) & 255]! | tables[3]![s >>> 24]!] = term.get(w(s))!;
      });
      const L = leaves;
      const half = 2 ** (G - 1);
      const bytes = encode(
        G,
        values,
        order,
        build(
          G,
          T,
          ids,
          (mk) => {
            for (let low = 0; low < half; low++) ids[low] = mk(G - 1, L[low]!, L[low + half]!);
          },
          () => L[0]!,
        ),
      );
      if (bytes.length < best.length) best = bytes;
    }
  }
  return toBase64(best);
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

/** Bottom-up construction: `leaves` fills ids[0 .. 2^(G−1)) with the deepest level's nodes; then level by level up to the root. */
function build(G: number, T: number, ids: Int32Array, leaves: (mk: (k: number, lo: number, hi: number) => number) => void, constant: () => number): Built {
  const table = new NodeTable(T + 1);
  if (G === 0) return { table, root: constant(), T };
  const mk = (k: number, lo: number, hi: number) => (lo === hi ? lo : table.node(k, lo, hi));
  leaves(mk);
  for (let k = G - 2; k >= 0; k--) {
    const size = 2 ** k;
    for (let low = 0; low < size; low++) ids[low] = mk(k, ids[low]!, ids[low + size]!);
  }
  return { table, root: ids[0]!, T };
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

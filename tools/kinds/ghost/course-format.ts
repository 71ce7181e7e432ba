// The format of the "still on course for the medal" asset of a ghost board
// (docs/ghost-assets.md, client assets) and its reader: what the client imports
// (score/course-build.ts builds the assets in the pipeline). The asset stores, per
// state S of caught ghosts, W(S) = F(S) + open(S) on the states of an optimal
// play and ⊥ elsewhere; a play that caught S with bonus b so far is on course
// exactly when W(S) ≠ ⊥ and b + W(S) − open(S) = OPT (onCourse).
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
import { ByteReader, fromBase64 } from 'proofpack/face';

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

/** Gamma codes are shorter than this many bits (values below 2^15): depth steps, and back-reference ranks below 2^17. */
export const GAMMA_BITS = 16;

/** Bits of a terminal index 0..T. */
export const terminalBits = (T: number) => Math.max(1, 32 - Math.clz32(T));

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
    // the prefix code, one bit() per bit of the stream (so the same condition reads a new bit)
    if (bit() === 0) depth = p + 1;
    // biome-ignore lint/suspicious/noDuplicateElseIf: bit() reads the next bit of the stream
    else if (bit() === 0) {
      depth = p + gamma();
      if (depth >= G) throw new Error(`${what}: a reference to depth ${depth} of ${G}`);
      const list = defined[depth]!;
      const back = ((gamma() - 1) << 2) | take(2);
      if (back >= list.length) throw new Error(`${what}: a reference to a node not yet defined`);
      return list[list.length - 1 - back]!;
      // biome-ignore lint/suspicious/noDuplicateElseIf: bit() reads the next bit of the stream
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

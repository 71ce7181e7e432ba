// Decision diagrams of caught-ghost states (SPEC §1): a reduced ordered binary
// decision diagram over the ghosts in row-major order (ghost 0 is tested first).
// Serialised as { root, nodes }: `nodes` is a flat array of integer triples
// [ghost, ifFree, ifCaught], children before parents (topological order:
// built bottom-up, the last ghost's nodes first). A reference is relative, to
// keep the integers small: 0 is false, 1 is true, and k ≥ 2 read at node i is
// node i − (k − 1) (2 = the node just before). `root` is read as if at the
// position after the last node: 2 = the last node, 0/1 = a constant diagram.
// The lookup (canStillReach) is what a game client calls; the builder turns a
// bitset over the 2^G states into the diagram. No Node-only imports.

export interface Diagram {
  root: number;
  /** [ghost, ifFree, ifCaught] per node, flattened; children come first; relative references. */
  nodes: number[];
}

export const FALSE = 0;
export const TRUE = 1;

/** Is `caught` (by ghost index: a predicate, a set or an array of flags) in the diagram's set? */
export function inDiagram(d: Diagram, caught: (ghost: number) => boolean): boolean {
  let at = d.nodes.length / 3; // reading position: one past the last node
  let ref = d.root;
  while (ref > TRUE) {
    at -= ref - 1;
    const i = at * 3;
    ref = caught(d.nodes[i]!) ? d.nodes[i + 2]! : d.nodes[i + 1]!;
  }
  return ref === TRUE;
}

/** Ghost indexes as a predicate: from a Set, an array of indexes, or a bit mask number (G ≤ 31). */
export function caughtPredicate(caught: ReadonlySet<number> | readonly number[] | number): (ghost: number) => boolean {
  if (typeof caught === 'number') return (g) => g < 31 && ((caught >>> g) & 1) === 1;
  if (Array.isArray(caught)) {
    const s = new Set(caught as readonly number[]);
    return (g) => s.has(g);
  }
  return (g) => (caught as ReadonlySet<number>).has(g);
}

/**
 * "Can this player still reach the best (or worst) score?" for the diagram of
 * that optimum and the ghosts caught so far (ghost indexes in row-major order).
 */
export function canStillReach(d: Diagram, caught: ReadonlySet<number> | readonly number[] | number): boolean {
  return inDiagram(d, caughtPredicate(caught));
}

/** Number of nodes of a serialised diagram. */
export function diagramSize(d: Diagram): number {
  return d.nodes.length / 3;
}

/** Structural checks of a serialised diagram for G ghosts; the first problem or null. */
export function diagramProblem(d: Diagram, G: number): string | null {
  if (d.nodes.length % 3 !== 0) return 'nodes is not a list of triples';
  const count = d.nodes.length / 3;
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const [v, lo, hi] = [d.nodes[i * 3]!, d.nodes[i * 3 + 1]!, d.nodes[i * 3 + 2]!];
    if (!(v >= 0 && v < G)) return `node ${i}: ghost ${v} out of range`;
    const abs = (ref: number) => (ref <= TRUE ? ref : i - (ref - 1) + 2);
    for (const ref of [lo, hi]) {
      if (!(ref >= 0 && ref <= i + 1)) return `node ${i}: child ${ref} is not an earlier node`;
      if (ref > TRUE && d.nodes[(i - (ref - 1)) * 3]! <= v) return `node ${i}: child tests ghost ${d.nodes[(i - (ref - 1)) * 3]} not after ${v}`;
    }
    if (lo === hi) return `node ${i}: both children are the same (not reduced)`;
    const key = `${v},${abs(lo)},${abs(hi)}`;
    if (seen.has(key)) return `node ${i}: a duplicate (not reduced)`;
    seen.add(key);
  }
  if (count === 0 ? !(d.root === FALSE || d.root === TRUE) : d.root !== 2) return `root ${d.root}: must be 2 (the last node), or 0/1 without nodes`;
  return null;
}

/**
 * The reduced ordered BDD of the set of states whose bit is set in `states`
 * (a bitset over 2^G states; bit g of a state = ghost g caught), ghost 0 at the
 * top. Built bottom-up from the truth table: level k pairs, for every
 * assignment `low` of ghosts 0..k-1, the sub-diagrams without and with ghost k.
 * `scratch` (optional) must hold 2^(G-1) Int32 entries; it is overwritten.
 */
export function buildDiagram(states: Uint32Array, G: number, scratch?: Int32Array): Diagram {
  const bit = (s: number) => (states[s >>> 5]! >>> (s & 31)) & 1;
  if (G === 0) return { root: bit(0), nodes: [] };
  const table = new UniqueTable();
  const half = 2 ** (G - 1);
  const ids = scratch && scratch.length >= half ? scratch : new Int32Array(half);
  const top = G - 1;
  if (half >= 32) {
    // the last ghost's level, 32 states at a time: most words of a sparse set are empty
    ids.fill(FALSE, 0, half);
    const halfWords = half >>> 5;
    for (let w = 0; w < halfWords; w++) {
      const a = states[w]!;
      const b = states[w + halfWords]!;
      let any = a | b;
      while (any) {
        const bit = any & -any;
        any ^= bit;
        const j = 31 - Math.clz32(bit);
        const lo = (a >>> j) & 1;
        const hi = (b >>> j) & 1;
        ids[w * 32 + j] = lo === hi ? lo : table.node(top, lo, hi);
      }
    }
  } else {
    for (let low = 0; low < half; low++) {
      const lo = bit(low);
      const hi = bit(low + half);
      ids[low] = lo === hi ? lo : table.node(top, lo, hi);
    }
  }
  for (let k = G - 2; k >= 0; k--) {
    const size = 2 ** k;
    for (let low = 0; low < size; low++) {
      const lo = ids[low]!;
      const hi = ids[low + size]!;
      if (lo !== hi) ids[low] = table.node(k, lo, hi);
    }
  }
  // absolute node ids (2 + index) to relative references
  const t = table.triples;
  const nodes = new Array<number>(table.count * 3);
  const rel = (ref: number, at: number) => (ref <= TRUE ? ref : at - (ref - 2) + 1);
  for (let i = 0; i < table.count; i++) {
    nodes[i * 3] = t[i * 3]!;
    nodes[i * 3 + 1] = rel(t[i * 3 + 1]!, i);
    nodes[i * 3 + 2] = rel(t[i * 3 + 2]!, i);
  }
  return { root: rel(ids[0]!, table.count), nodes };
}

/** Hash-consing of nodes (ghost, lo, hi) -> reference, open addressing over typed arrays. */
class UniqueTable {
  count = 0;
  triples = new Int32Array(3 * 1024);
  private slots = new Int32Array(4096).fill(-1);

  node(v: number, lo: number, hi: number): number {
    const mask = this.slots.length - 1;
    let h = hash(v, lo, hi) & mask;
    for (;;) {
      const at = this.slots[h]!;
      if (at < 0) break;
      if (this.triples[at * 3] === v && this.triples[at * 3 + 1] === lo && this.triples[at * 3 + 2] === hi) return at + 2;
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
    if (this.count * 2 > this.slots.length) {
      this.rehash();
    } else {
      this.slots[h] = id;
    }
    return id + 2;
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

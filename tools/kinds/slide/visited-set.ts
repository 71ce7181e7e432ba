// The visited set of the slide BFS: packed states of `words` 32-bit words,
// numbered in insertion (BFS) order and stored contiguously in one growable
// Uint32Array, with an open-addressing hash index (linear probing, load at most
// 0.5). Each slot is two words side by side, the state number + 1 (0 = empty)
// and the key's 32-bit hash, so a probe reads the key array only when the
// hashes agree. No strings, objects, Map or Set of states. The arrays live in
// an Arena, so a worker reuses their memory from one exploration to the next.
import { Arena } from './arena.ts';

export class StateTable {
  readonly words: number;
  /** keys[i * words .. (i + 1) * words) is state i. */
  keys: Uint32Array;
  count = 0;
  /** slots[2s] = state number + 1 (0: empty), slots[2s + 1] = its hash. */
  private slots: Uint32Array;
  private mask: number;

  private readonly arena: Arena;
  /** Which of the two slot buffers is in use. */
  private flip = false;

  constructor(words: number, expected = 1024, arena = new Arena()) {
    this.words = words;
    this.arena = arena;
    let cap = 1024;
    while (cap < expected * 2) cap *= 2;
    this.slots = arena.fresh('slotsA', Uint32Array, cap * 2);
    this.mask = cap - 1;
    this.keys = arena.fresh('keys', Uint32Array, Math.max(expected, 512) * words);
  }

  /** Bytes held by the table's arrays. */
  get bytes(): number {
    return this.keys.byteLength + this.slots.byteLength;
  }

  static hash(buf: Uint32Array, off: number, words: number): number {
    let h = 0x9747b28c ^ words;
    for (let i = 0; i < words; i++) {
      let k = Math.imul(buf[off + i]!, 0xcc9e2d51);
      k = (k << 15) | (k >>> 17);
      h ^= Math.imul(k, 0x1b873593);
      h = (h << 13) | (h >>> 19);
      h = (Math.imul(h, 5) + 0xe6546b64) | 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }

  private same(i: number, buf: Uint32Array, off: number): boolean {
    const w = this.words;
    const keys = this.keys;
    const base = i * w;
    for (let k = 0; k < w; k++) if (keys[base + k] !== buf[off + k]) return false;
    return true;
  }

  /** The number of the state buf[off .. off + words), or -1. */
  find(buf: Uint32Array, off: number): number {
    const h = StateTable.hash(buf, off, this.words);
    const slots = this.slots;
    let s = h & this.mask;
    for (;;) {
      const tag = slots[2 * s]!;
      if (tag === 0) return -1;
      if (slots[2 * s + 1] === h && this.same(tag - 1, buf, off)) return tag - 1;
      s = (s + 1) & this.mask;
    }
  }

  /** The number of the state buf[off .. off + words), added as number `count` when new. */
  insert(buf: Uint32Array, off: number): number {
    const w = this.words;
    const h = StateTable.hash(buf, off, w);
    const slots = this.slots;
    let s = h & this.mask;
    for (;;) {
      const tag = slots[2 * s]!;
      if (tag === 0) break;
      if (slots[2 * s + 1] === h && this.same(tag - 1, buf, off)) return tag - 1;
      s = (s + 1) & this.mask;
    }
    const n = this.count;
    let keys = this.keys;
    if ((n + 1) * w > keys.length) this.keys = keys = this.arena.grow('keys', Uint32Array, keys, (n + 1) * w);
    const base = n * w;
    for (let k = 0; k < w; k++) keys[base + k] = buf[off + k]!;
    slots[2 * s] = n + 1;
    slots[2 * s + 1] = h;
    this.count = n + 1;
    if (this.count * 2 > this.mask + 1) this.rehash();
    return n;
  }

  private rehash(): void {
    const cap = (this.mask + 1) * 2;
    this.flip = !this.flip;
    const slots = this.arena.fresh(this.flip ? 'slotsB' : 'slotsA', Uint32Array, cap * 2);
    const mask = cap - 1;
    const old = this.slots;
    for (let j = 0; j < old.length; j += 2) {
      const tag = old[j]!;
      if (tag === 0) continue;
      const h = old[j + 1]!;
      let s = h & mask;
      while (slots[2 * s] !== 0) s = (s + 1) & mask;
      slots[2 * s] = tag;
      slots[2 * s + 1] = h;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

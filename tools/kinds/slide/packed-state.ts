// State packing and expansion for the slide BFS. A state is the sorted multiset
// of (cell, colour, fixed): one occupancy bit per floor cell (floor cells in
// row-major order), then one block code per block in floor order (`codeBits`
// bits each, `codesPerWord` per word), zero-padded to `words` 32-bit words.
// Blocks of equal colour and kind are interchangeable: no identity is kept.
// The empty board (all words 0) is the cleared state.
//
// An Expander decodes one state into a padded grid and writes every child
// (one per legal move, in block floor order then U, D, L, R) into flat
// scratch arrays; the moves themselves are decided by rules.ts.
import * as board from './board.ts';
import type { SlideBoard } from './board.ts';
import * as rules from './rules.ts';
import * as bits from 'proofpack/face';

// Module-local bindings for the hot loops: some loaders (tsx in worker threads,
// hence vitest runs) turn every use of an imported binding into a getter call.
const COLOUR_MASK = board.COLOUR_MASK;
const EMPTY = board.EMPTY;
const FIXED = board.FIXED;
const slideDestination = rules.slideDestination;
const vanishing = rules.vanishing;
const popcount = bits.popcount;

/** Child flags. */
export const CHILD_DEAD = 1;
export const CHILD_CLEARED = 2;

/** Pack the start position of a board. */
export function startKey(b: SlideBoard): Uint32Array {
  const key = new Uint32Array(b.words);
  for (let i = 0; i < b.blockCount; i++) {
    const f = b.floorOf[b.startCells[i]!]!;
    key[f >>> 5]! |= 1 << (f & 31);
    const code = b.codeOf[b.startValues[i]!]!;
    key[b.occWords + Math.floor(i / b.codesPerWord)]! |= code << ((i % b.codesPerWord) * b.codeBits);
  }
  return key;
}

export class Expander {
  readonly b: SlideBoard;
  readonly words: number;
  /** The decoded state: terrain plus blocks. */
  readonly grid: Uint8Array;
  /** Blocks of the decoded state in floor order. */
  n = 0;
  readonly cell: Int16Array;
  readonly floor: Int8Array;
  readonly value: Uint8Array;
  readonly code: Uint8Array;
  /** Block index per padded cell (valid where the grid holds a block). */
  private readonly blockAt: Int8Array;
  /** Blocks per colour, colours present, colours with exactly one block (a dead state when > 0). */
  readonly perColour = new Int32Array(16);
  colours = 0;
  ones = 0;
  /** Legal moves of the last expanded state. */
  moveCount = 0;
  /** Children of the last expanded state (when generated). */
  childCount = 0;
  readonly childKeys: Uint32Array;
  /** cell * 4 + direction of each child's move. */
  readonly childMove: Int32Array;
  readonly childFlags: Uint8Array;
  /** Colours left in each child (a lower bound on its moves to a clear). */
  readonly childColours: Uint8Array;
  private readonly vbuf = new Int32Array(5);
  private readonly gone: Uint8Array;
  private readonly order: Uint8Array;
  private readonly idx = new Int32Array(5);
  /** Build children in O(1) when all block codes fit in one word (tests turn it off to compare). */
  fastCodes: boolean;

  constructor(b: SlideBoard) {
    this.b = b;
    this.words = b.words;
    this.grid = b.terrain.slice();
    const maxBlocks = Math.max(1, b.blockCount);
    this.cell = new Int16Array(maxBlocks);
    this.floor = new Int8Array(maxBlocks);
    this.value = new Uint8Array(maxBlocks);
    this.code = new Uint8Array(maxBlocks);
    this.gone = new Uint8Array(maxBlocks);
    this.order = new Uint8Array(maxBlocks);
    this.blockAt = new Int8Array(b.size).fill(-1);
    this.fastCodes = b.blockCount <= b.codesPerWord;
    const maxChildren = 4 * maxBlocks;
    this.childKeys = new Uint32Array(maxChildren * b.words);
    this.childMove = new Int32Array(maxChildren);
    this.childFlags = new Uint8Array(maxChildren);
    this.childColours = new Uint8Array(maxChildren);
  }

  /** Load state keys[off .. off + words) into the grid and block arrays. */
  decode(keys: Uint32Array, off: number): void {
    const b = this.b;
    const grid = this.grid;
    const cell = this.cell;
    const floor = this.floor;
    const value = this.value;
    const codeA = this.code;
    const blockAt = this.blockAt;
    const cellOfFloor = b.cellOfFloor;
    const codeValue = b.codeValue;
    const per = this.perColour;
    for (let i = 0; i < this.n; i++) {
      grid[cell[i]!] = EMPTY;
      per[value[i]! & COLOUR_MASK] = 0;
    }
    let n = 0;
    for (let wi = 0; wi < b.occWords; wi++) {
      let x = keys[off + wi]!;
      while (x !== 0) {
        const t = x & -x;
        x ^= t;
        const f = wi * 32 + 31 - Math.clz32(t);
        floor[n] = f;
        cell[n] = cellOfFloor[f]!;
        n++;
      }
    }
    this.n = n;
    const bits = b.codeBits;
    const mask = (1 << bits) - 1;
    const cpw = b.codesPerWord;
    let wi = off + b.occWords;
    let word = keys[wi]!;
    let left = cpw;
    let colours = 0;
    let ones = 0;
    for (let i = 0; i < n; i++) {
      const code = word & mask;
      if (--left === 0) {
        if (i + 1 < n) word = keys[++wi]!;
        left = cpw;
      } else {
        word >>>= bits;
      }
      const v = codeValue[code]!;
      const c = cell[i]!;
      codeA[i] = code;
      value[i] = v;
      grid[c] = v;
      blockAt[c] = i;
      const k = ++per[v & COLOUR_MASK]!;
      if (k === 1) {
        colours++;
        ones++;
      } else if (k === 2) ones--;
    }
    this.colours = colours;
    this.ones = ones;
  }

  /**
   * Decode keys[off ..] and count its legal moves (moveCount); when `generate`,
   * also write every child (childKeys, childMove, childFlags, childColours).
   */
  expand(keys: Uint32Array, off: number, generate: boolean): void {
    this.decode(keys, off);
    this.children(keys, off, generate);
  }

  /** expand() for the state decode() has just loaded from keys[off ..]. */
  children(keys: Uint32Array, off: number, generate: boolean): void {
    const b = this.b;
    const grid = this.grid;
    const steps = b.steps;
    const floorOf = b.floorOf;
    const n = this.n;
    const W = this.words;
    const occWords = b.occWords;
    const bits = b.codeBits;
    const cellA = this.cell;
    const floorA = this.floor;
    const valueA = this.value;
    const codeA = this.code;
    const blockAt = this.blockAt;
    const out = this.childKeys;
    const vbuf = this.vbuf;
    const idx = this.idx;
    const per = this.perColour;
    const childMove = this.childMove;
    const childFlags = this.childFlags;
    const childColours = this.childColours;
    const ones = this.ones;
    const colours0 = this.colours;
    // One-word block codes (the usual case): children are built in O(1).
    const single = this.fastCodes;
    const o0 = keys[off]!;
    const o1 = occWords > 1 ? keys[off + 1]! : 0;
    const digits = keys[off + occWords]!;
    let moves = 0;
    let children = 0;
    for (let j = 0; j < n; j++) {
      const v = valueA[j]!;
      if (v & FIXED) continue;
      const p = cellA[j]!;
      const fp = floorA[j]!;
      const colour = v & COLOUR_MASK;
      for (let k = 0; k < 4; k++) {
        const s = steps[k]!;
        if (grid[p + s] !== EMPTY) continue;
        moves++;
        if (!generate) continue;
        const q = slideDestination(grid, p, s);
        const nv = vanishing(grid, steps, q, s, colour, vbuf);
        const fq = floorOf[q]!;
        const base = children * W;
        let flags = 0;
        let colours = colours0;
        let left = n;
        if (nv === 0) {
          if (ones > 0) flags = CHILD_DEAD;
        } else {
          left = n - nv;
          const ofColour = per[colour]! - nv;
          if (ofColour === 0) colours--;
          if (ones > 0 || ofColour === 1) flags = CHILD_DEAD;
          if (left === 0) flags |= CHILD_CLEARED;
        }
        if (single) {
          let a0 = o0;
          let a1 = o1;
          if (fp < 32) a0 &= ~(1 << fp);
          else a1 &= ~(1 << (fp - 32));
          let x = digits;
          if (nv === 0) {
            if (fq < 32) a0 |= 1 << fq;
            else a1 |= 1 << (fq - 32);
            x = removeCode(x, j, n, bits);
            const t = fq < 32 ? popcount(a0 & ((1 << fq) - 1)) : popcount(a0) + popcount(a1 & ((1 << (fq - 32)) - 1));
            x = insertCode(x, t, codeA[j]!, bits);
          } else {
            // drop the vanished blocks' codes, highest index first
            let m = 0;
            idx[m++] = j;
            for (let t = 1; t < nv; t++) {
              const c = vbuf[t]!;
              const f = floorOf[c]!;
              if (f < 32) a0 &= ~(1 << f);
              else a1 &= ~(1 << (f - 32));
              const i = blockAt[c]!;
              let pos = m++;
              while (pos > 0 && idx[pos - 1]! < i) {
                idx[pos] = idx[pos - 1]!;
                pos--;
              }
              idx[pos] = i;
            }
            let have = n;
            for (let t = 0; t < m; t++) x = removeCode(x, idx[t]!, have--, bits);
          }
          out[base] = a0;
          if (occWords > 1) out[base + 1] = a1;
          out[base + occWords] = x;
        } else {
          this.packSlow(keys, off, base, j, fp, fq, nv);
        }
        childMove[children] = p * 4 + k;
        childFlags[children] = flags;
        childColours[children] = colours;
        children++;
      }
    }
    this.moveCount = moves;
    this.childCount = children;
  }

  /** Child key when the block codes span several words: rebuilt in floor order, O(blocks). */
  private packSlow(keys: Uint32Array, off: number, base: number, j: number, fp: number, fq: number, nv: number): void {
    const b = this.b;
    const W = this.words;
    const out = this.childKeys;
    const occWords = b.occWords;
    const n = this.n;
    const order = this.order;
    const gone = this.gone;
    const vbuf = this.vbuf;
    for (let wi = 0; wi < W; wi++) out[base + wi] = 0;
    for (let wi = 0; wi < occWords; wi++) out[base + wi] = keys[off + wi]!;
    out[base + (fp >>> 5)]! &= ~(1 << (fp & 31));
    let m = 0;
    if (nv === 0) {
      out[base + (fq >>> 5)]! |= 1 << (fq & 31);
      const moved = this.code[j]!;
      let placed = false;
      for (let i = 0; i < n; i++) {
        if (i === j) continue;
        if (!placed && this.floor[i]! > fq) {
          order[m++] = moved;
          placed = true;
        }
        order[m++] = this.code[i]!;
      }
      if (!placed) order[m++] = moved;
    } else {
      for (let t = 1; t < nv; t++) {
        const c = vbuf[t]!;
        const f = b.floorOf[c]!;
        out[base + (f >>> 5)]! &= ~(1 << (f & 31));
        gone[this.blockAt[c]!] = 1;
      }
      for (let i = 0; i < n; i++) {
        if (i === j) continue;
        if (gone[i]) {
          gone[i] = 0;
          continue;
        }
        order[m++] = this.code[i]!;
      }
    }
    const bits = b.codeBits;
    const cpw = b.codesPerWord;
    let wi = base + occWords;
    let sh = 0;
    let left = cpw;
    for (let i = 0; i < m; i++) {
      out[wi]! |= order[i]! << sh;
      if (--left === 0) {
        wi++;
        sh = 0;
        left = cpw;
      } else sh += bits;
    }
  }
}

/** Remove code i of the `n` codes packed in x (`bits` each, code 0 lowest). */
function removeCode(x: number, i: number, n: number, bits: number): number {
  const low = x & ((1 << (i * bits)) - 1);
  const high = i + 1 < n ? x >>> ((i + 1) * bits) : 0;
  return (low | (high << (i * bits))) >>> 0;
}

/** Insert code c at position t of the codes packed in x (which has room for one more). */
function insertCode(x: number, t: number, c: number, bits: number): number {
  const sh = t * bits;
  const low = x & ((1 << sh) - 1);
  const high = sh === 0 ? x : x >>> sh;
  return (low | (c << sh) | (high === 0 ? 0 : high << (sh + bits))) >>> 0;
}

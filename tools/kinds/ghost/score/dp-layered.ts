// The exact score DP past the single-memory kernel's limit (docs/score-layered.md):
// the same recurrence as dp-single.ts, over the 2^G states cut into 2^H blocks of
// B = 2^L states (L = the low ghosts 0..L−1, H = G − L high ghosts). Block h holds
// the states h·B + l; a catch of a low ghost stays inside the block (the kernel's
// solve()), a catch of high ghost L+g goes to block h | 2^g, which has one more
// high ghost caught. So blocks are solved layer by layer, by the number of high
// ghosts caught, from all caught down to none, keeping two layers in memory
// (ck, fmax, fmin: 6 bytes a state); every block's fmax and fmin also go to two
// scratch files (the Scratch the command layer gives, lib/machine-services.ts), which the
// forward marking of the optimal states reads back one layer at a time. All the
// loops run in the WebAssembly kernel on one block at a time (a block and one
// successor block, under 1 MB of its memory; dp-kernel.ts blockMap); blocks
// live in ordinary ArrayBuffers, so the 4 GB limit of a 32-bit memory does not apply.
import { popcount, type Scratch, type ScratchFile } from 'proofpack/kind';
import { COURSE_MAX_GHOSTS, HEAVY_GHOSTS } from '../limits.ts';
import { blockMap, BLOCK_BITS, CK, ckOpen, loadKernel, type DpModel, type ExactOptima, type Kernel, type OptimalPlay } from './dp-kernel.ts';
import { COURSE_BYTES_PER_STATE, courseRoom, type Alloc } from './course-build.ts';
import { allocating, checkDisk, roomFile, type DpNeeds } from './dp-room.ts';

/** Low ghosts per block: 2^16 states, 384 KB of ck, fmax and fmin. */
export const LAYERED_LOW_BITS = 16;

/** The machine-wide lock a heavy DP (HEAVY_GHOSTS ghosts and more) holds. */
export const HEAVY_LOCK = 'score-heavy';

/**
 * The layered DP (any G ≤ COURSE_MAX_GHOSTS: its state indices and masks are 32-bit; dp-medal.ts goes further; lowBits ≥ 5, smaller in tests to
 * exercise many blocks). Memory: an arena of 6·B·(C(H, ⌈H/2⌉) + C(H, ⌈H/2⌉ − 1))
 * bytes and two bitsets of 2^G bits; scratch files of 4·2^G bytes in all, which
 * the marking leaves holding W(S) of the marked states; the course assets are
 * built afterwards in the arena (alloc()). From HEAVY_GHOSTS ghosts on it
 * holds the machine-wide lock HEAVY_LOCK until release(), which also closes
 * the scratch files.
 */
export function layeredOptima(d: DpModel, scratch: Scratch, lowBits = LAYERED_LOW_BITS): ExactOptima {
  const G = d.G;
  if (G > COURSE_MAX_GHOSTS) throw new Error(`the layered score DP with both medals in one pass handles at most ${COURSE_MAX_GHOSTS} ghosts`);
  const L = Math.min(lowBits, G);
  if (L < 5) throw new Error('the layered score DP needs blocks of at least 32 states');
  const H = G - L;
  const B = 2 ** L;
  // In the kernel's memory (blockMap): the block at state slot 0, a successor
  // block at slot SUCC laid out alike, then two bitsets of B bits.
  // In the arena a block is 6B contiguous bytes: ck, fmax, fmin.
  const map = blockMap(B);
  const { span, succ: SUCC } = map;
  const needs: DpNeeds = { memory: layeredMemory(G, L), disk: layeredDisk(G) };
  const k = allocating(G, needs, () => loadKernel(d, map));
  const mem = () => new Uint8Array(k.memory.buffer);
  const Lc = Math.min(L, BLOCK_BITS);
  const layers = blockLayers(H);
  const { files, release } = heavyHold(G, scratch, needs);
  try {
    // a full disk while writing is the same refusal as one found before (dp-room.ts roomFile)
    const fmaxFile = scratch.file();
    files.push(fmaxFile);
    const fminFile = scratch.file();
    files.push(fminFile);
    const fmaxOut = roomFile(fmaxFile, G, needs);
    const fminOut = roomFile(fminFile, G, needs);
    // One arena for everything big, so memory is allocated once (the collector
    // need not free anything between phases): slots of 6B bytes for the blocks
    // of two layers, later the marking's blocks, last the course assets' scratch.
    const most = mostBlocks(layers);
    const arena = allocating(G, needs, () => new ArrayBuffer(arenaBytes(G, L))); // a typed array stops at 8 GB, an ArrayBuffer does not
    const blocks = new Slots(arena, 6 * B, most);
    // backward: F of every block from the blocks with one more high ghost caught
    let above = new Map<number, Uint8Array>();
    for (let p = H; p >= 0; p--) {
      const here = new Map<number, Uint8Array>();
      for (const h of layers[p]!) {
        k.countsAt((h << L) | 0, 0, B, Lc, d.terms, span);
        if (p === H) new Uint16Array(k.memory.buffer, CK + 2 * span, B)[B - 1] = 0; // every ghost caught
        for (let g = 0; g < H; g++) {
          if ((h >>> g) & 1) continue;
          toKernel(mem(), above.get(h | (1 << g))!, CK + 2 * SUCC, span, 3);
          k.stepFrom(0, SUCC, B, span);
        }
        k.solve(0, L, span);
        const m = mem();
        const block = blocks.take();
        fromKernel(m, CK, span, block, 3);
        here.set(h, block);
        fmaxOut.write(m, CK + span, 2 * B, h * 2 * B);
        fminOut.write(m, CK + 2 * span, 2 * B, h * 2 * B);
      }
      for (const block of above.values()) blocks.give(block);
      above = here;
    }
    const start = above.get(0)!;
    const maxBonus = start[2 * B]! | (start[2 * B + 1]! << 8);
    const minBonus = start[4 * B]! | (start[4 * B + 1]! << 8);
    above.clear();
    const layout = { L, H, B, span, SUCC, layers, bits0: map.bits0, bits1: map.bits1 };
    const best = markLayered(k, d, { ...layout, file: fmaxOut }, new Slots(arena, 6 * B, most), needs);
    const worst = markLayered(k, d, { ...layout, file: fminOut }, new Slots(arena, 6 * B, most), needs);
    return {
      maxBonus,
      minBonus,
      best,
      worst,
      transitions: G * 2 ** (G - 1),
      room: courseRoom(arena.byteLength),
      alloc: () => arenaAlloc(arena, (length) => allocating(G, needs, () => new Uint32Array(length))),
      release,
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** The layered DP's arena: two layers of blocks of 6·2^L bytes and, while under 64 MB (small G, in tests), room for the course assets of every state. */
function arenaBytes(G: number, L: number): number {
  return Math.max(mostBlocks(blockLayers(G - L)) * 6 * 2 ** L, Math.min(COURSE_BYTES_PER_STATE * 2 ** G, 2 ** 26));
}

/** Bytes of memory the layered DP of G ghosts needs: its arena and two bitsets of 2^G bits (the course assets past the arena, up to courseRoom, not counted). */
export function layeredMemory(G: number, lowBits = LAYERED_LOW_BITS): number {
  return arenaBytes(G, Math.min(lowBits, G)) + 2 * Math.max(4, 2 ** G / 8);
}

/** Scratch-file bytes of the layered DP of G ghosts: fmax and fmin, 2 bytes a state each. */
export function layeredDisk(G: number): number {
  return 4 * 2 ** G;
}

/**
 * The scratch files of one DP (push them on `files`) and, from HEAVY_GHOSTS
 * ghosts on, the machine-wide lock HEAVY_LOCK; release() closes the files and
 * unlocks. Once the lock is held, the disk must have `needs.disk` bytes free
 * (checkDisk), or the lock is let go and the DP refused.
 */
export function heavyHold(G: number, scratch: Scratch, needs: DpNeeds): { files: ScratchFile[]; release(): void } {
  const unlock = G >= HEAVY_GHOSTS ? scratch.lock(HEAVY_LOCK) : () => {};
  try {
    checkDisk(G, needs, scratch);
  } catch (e) {
    unlock();
    throw e;
  }
  const files: ScratchFile[] = [];
  const release = () => {
    for (const f of files.splice(0)) f.close();
    unlock();
  };
  return { files, release };
}

/** W = F + cells opened on the marked states of the block at slot 0 of the kernel (ck at CK, F at fOff, marks at bitsOff): what courseValues reads. */
export function addOpened(k: Kernel, fOff: number, bitsOff: number, B: number): void {
  const F = new Uint16Array(k.memory.buffer, fOff, B);
  const ck = new Uint16Array(k.memory.buffer, CK, B);
  const marked = new Int32Array(k.memory.buffer, bitsOff, B / 32);
  for (let w = 0; w < B / 32; w++) {
    for (let mw = marked[w]!; mw; mw &= mw - 1) {
      const l = w * 32 + 31 - Math.clz32(mw & -mw);
      F[l] = F[l]! + ckOpen(ck[l]!);
    }
  }
}

/** The blocks h < 2^H by layer: layers[p] holds those with p high ghosts caught, ascending. */
export function blockLayers(H: number): number[][] {
  const layers: number[][] = Array.from({ length: H + 1 }, () => []);
  for (let h = 0; h < 2 ** H; h++) layers[popcount(h)]!.push(h);
  return layers;
}

/** The most blocks two adjacent layers hold (one layer when there is only one). */
export function mostBlocks(layers: number[][]): number {
  let most = layers[0]!.length;
  for (let p = 0; p + 1 < layers.length; p++) most = Math.max(most, layers[p]!.length + layers[p + 1]!.length);
  return most;
}

/** Where a layered DP's blocks are: L low ghosts, H high, B = 2^L states a block, the kernel's map (span, successor slot SUCC, bitsets), the blocks by layer. */
export interface BlockLayout {
  L: number;
  H: number;
  B: number;
  span: number;
  SUCC: number;
  layers: number[][];
  bits0: number;
  bits1: number;
}

interface Layout extends BlockLayout {
  /** The scratch file of this table (fmax or fmin). */
  file: ScratchFile;
}

/** Copy the first `tables` of a block's tables (ck, fmax, fmin; 2·B bytes each, contiguous in `slot`) into the kernel's memory at `at`, `span` apart. */
function toKernel(mem: Uint8Array, slot: Uint8Array, at: number, span: number, tables: number): void {
  const size = slot.length / 3;
  for (let i = 0; i < tables; i++) mem.set(slot.subarray(i * size, (i + 1) * size), at + i * span);
}

/** The reverse of toKernel: the block's tables at `at`, `span` apart, into `slot` (contiguous). */
function fromKernel(mem: Uint8Array, at: number, span: number, slot: Uint8Array, tables: number): void {
  const size = slot.length / 3;
  for (let i = 0; i < tables; i++) slot.set(mem.subarray(at + i * span, at + i * span + size), i * size);
}

/** Fixed-size slots of an arena, handed out and back: the DP's blocks. */
export class Slots {
  private free: number[] = [];
  constructor(
    private readonly arena: ArrayBufferLike,
    private readonly size: number,
    count: number,
  ) {
    for (let i = count - 1; i >= 0; i--) this.free.push(i);
  }
  take(): Uint8Array {
    const i = this.free.pop();
    if (i === undefined) throw new Error('layered score DP: out of arena slots');
    return new Uint8Array(this.arena, i * this.size, this.size);
  }
  give(slot: Uint8Array): void {
    this.free.push(slot.byteOffset / this.size);
  }
}

/**
 * The forward marking of optimal-play states (dp-single.ts optimalStates), one
 * layer of blocks at a time: a block gains the marks its marked predecessor
 * blocks (one high ghost fewer, kept from the previous layer: ck and F) pass on
 * across their high ghost, then marks inside itself across its low ghosts.
 * Blocks without a marked state are never loaded. W = F + cells opened
 * replaces F in the scratch file on every marked state (courseValues).
 */
/** The high ghosts g of block h whose block h without g (one layer below) holds marked states: where the forward marking comes into h from. */
export function markedPredecessors(h: number, H: number, below: ReadonlyMap<number, unknown>): number[] {
  const preds: number[] = [];
  for (let g = 0; g < H; g++) if ((h >>> g) & 1 && below.has(h ^ (1 << g))) preds.push(g);
  return preds;
}

function markLayered(k: Kernel, d: DpModel, o: Layout, blocks: Slots, needs: DpNeeds): OptimalPlay {
  const { L, H, B, span, SUCC, layers, file } = o;
  const G = L + H;
  const Lc = Math.min(L, BLOCK_BITS);
  const words = B / 32;
  const states = allocating(G, needs, () => new Uint32Array(Math.max(1, 2 ** G / 32)));
  states[0] = 1; // ∅
  let notFree = 0;
  let below = new Map<number, Uint8Array>(); // ck then F, 4B bytes
  for (let p = 0; p <= H; p++) {
    const here = new Map<number, Uint8Array>();
    for (const h of layers[p]!) {
      const preds = markedPredecessors(h, H, below);
      if (p > 0 && preds.length === 0) continue;
      // the block itself at the successor slot: ck recounted, F from the scratch file
      k.countsAt((h << L) | 0, SUCC, B, Lc, d.terms, span);
      file.read(new Uint8Array(k.memory.buffer), CK + 2 * SUCC + span, 2 * B, h * 2 * B);
      let m = new Uint8Array(k.memory.buffer);
      m.fill(0, o.bits1, o.bits1 + B / 8);
      if (p === 0) m[o.bits1] = 1;
      for (const g of preds) {
        const pred = below.get(h ^ (1 << g))!;
        toKernel(m, pred, CK, span, 2);
        m.set(new Uint8Array(states.buffer, (h ^ (1 << g)) * (B / 8), B / 8), o.bits0);
        if (k.markAcross(B, CK + span, SUCC, CK + 2 * SUCC + span, o.bits0, o.bits1)) notFree |= 1 << (L + g);
      }
      // now inside the block: move it to slot 0 and mark across its low ghosts
      m = new Uint8Array(k.memory.buffer);
      const marks = new Int32Array(k.memory.buffer, o.bits1, words);
      if (!marks.some((w) => w !== 0)) continue;
      m.copyWithin(CK, CK + 2 * SUCC, CK + 2 * SUCC + 2 * B);
      m.copyWithin(CK + span, CK + 2 * SUCC + span, CK + 2 * SUCC + span + 2 * B);
      m.copyWithin(o.bits0, o.bits1, o.bits1 + B / 8);
      notFree |= k.mark(B, CK + span, o.bits0);
      m = new Uint8Array(k.memory.buffer);
      new Uint8Array(states.buffer, h * (B / 8), B / 8).set(m.subarray(o.bits0, o.bits0 + B / 8));
      const block = blocks.take();
      fromKernel(m, CK, span, block, 2);
      here.set(h, block);
      // W = F + cells opened on the block's marked states, back into the scratch file (courseValues reads it)
      addOpened(k, CK + span, o.bits0, B);
      file.write(new Uint8Array(k.memory.buffer), CK + span, 2 * B, h * 2 * B);
    }
    for (const block of below.values()) blocks.give(block);
    below = here;
  }
  let count = 0;
  for (let w = 0; w < states.length; w++) count += popcount(states[w]!);
  const values = (alloc: Alloc) => courseValues(states, count, B, H, file, alloc);
  return { states, count, notFree: notFree >>> 0, values };
}

/**
 * The marked states of `o`, ascending, with W from the scratch file that
 * markLayered left it in: block by block in index order, reading only the
 * blocks that hold a marked state.
 */
export function courseValues(
  states: Uint32Array,
  count: number,
  B: number,
  H: number,
  file: ScratchFile,
  alloc: Alloc,
): { keys: Uint32Array; ws: Uint32Array } {
  const keys = alloc(count);
  const ws = alloc(count);
  const words = B / 32;
  const W = new Uint16Array(B);
  const bytes = new Uint8Array(W.buffer);
  let n = 0;
  for (let h = 0; h < 2 ** H; h++) {
    const first = h * words;
    let any = 0;
    for (let w = 0; w < words; w++) any |= states[first + w]!;
    if (!any) continue;
    file.read(bytes, 0, 2 * B, h * 2 * B);
    for (let w = 0; w < words; w++) {
      for (let m = states[first + w]!; m; m &= m - 1) {
        const l = w * 32 + 31 - Math.clz32(m & -m);
        keys[n] = h * B + l;
        ws[n++] = W[l]!;
      }
    }
  }
  return { keys, ws };
}

/** Scratch arrays handed out from the start of the arena (its data is no longer needed); fresh ones (from `fresh`) if it is full. */
export function arenaAlloc(arena: ArrayBufferLike, fresh: Alloc = (length) => new Uint32Array(length)): Alloc {
  let at = 0;
  return (length: number) => {
    const bytes = Math.ceil((4 * length) / 16) * 16;
    if (at + bytes > arena.byteLength) return fresh(length);
    const view = new Uint32Array(arena, at, length);
    at += bytes;
    return view;
  };
}

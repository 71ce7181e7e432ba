// The score DP's WebAssembly kernel as the TypeScript side sees it, in one
// place: loading it (assembly/score-kernel.ts, compiled by `npm run build` to
// score-kernel.wasm next to this module, in tools/ and in build/), one instance
// per thread and the growth of its memory, its memory map, the packed counters
// ck = open·2^CK_SHIFT + complete, and the model the kernel is given (DpModel,
// written into its memory by loadModel). Both DPs (dp-single.ts, dp-layered.ts)
// run on it. Loading is synchronous so the DP runs the same on the main thread
// and in workers; the layout constants are the kernel's own exported globals.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DP_MAX_GHOSTS } from './limits.ts';
import type { ScoreModel } from './score-rule.ts';
import type { Alloc } from './course-build.ts';

const WASM = new URL('./score-kernel.wasm', import.meta.url);

function compile(): WebAssembly.Module {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(readFileSync(WASM));
  } catch {
    throw new Error(`the score kernel ${fileURLToPath(WASM)} is missing: run npm run build`);
  }
  return new WebAssembly.Module(bytes);
}

/** Compiled once per thread, on first import. */
const compiled = compile();
const layout = new WebAssembly.Instance(compiled, {}).exports;
const constant = (name: string): number => (layout[name] as WebAssembly.Global).value as number;

const CON = constant('CON');
const BYG = constant('BYG');
const ALIVE = constant('ALIVE');
/** Where a state's ck lies (state slot 0); fmax and fmin follow, `span` bytes apart. */
export const CK = constant('CK');
/** States per block of counts(): 2^BLOCK_BITS. */
export const BLOCK_BITS = constant('BLOCK_BITS');
export const MAX_CONSTRAINTS = constant('MAX_CONSTRAINTS');
const MAX_PER_GHOST = constant('MAX_PER_GHOST');
/** What the memory map adds to 2N for the distance between the kernel's tables (not a multiple of 4 KB). */
const SPAN_PAD = constant('SPAN_PAD');

/** The packed counters of a state: ck = open·2^CK_SHIFT + complete (cells opened, constraints completed). */
export const CK_SHIFT = constant('CK_SHIFT');
const CK_LOW = (1 << CK_SHIFT) - 1;

/** Cells opened once the ghosts of a state are caught, from its packed counters. */
export const ckOpen = (ck: number): number => ck >>> CK_SHIFT;

/** Bonus of the catch S -> T (T = S ∪ {g}) from the packed counters: Δopen · Δcomplete. */
export function stepBonus(ckS: number, ckT: number): number {
  return ((ckT >>> CK_SHIFT) - (ckS >>> CK_SHIFT)) * ((ckT & CK_LOW) - (ckS & CK_LOW));
}

export interface Kernel {
  memory: WebAssembly.Memory;
  counts(N: number, L: number, ncons: number, span: number): void;
  /** counts() for the states stateBase | s (s < N) stored at slots at + s. */
  countsAt(stateBase: number, at: number, N: number, L: number, ncons: number, span: number): void;
  solve(base: number, j: number, span: number): void;
  /** States lower .. lower+len−1 take the catch to upper .. upper+len−1 (len a multiple of 8). */
  stepFrom(lower: number, upper: number, len: number, span: number): void;
  /** Marks (bitset at bitsOff, bit 0 set by the caller) the states reached by optimal catches under F at fOff; returns the not-free ghost mask. */
  mark(N: number, fOff: number, bitsOff: number): number;
  /** mark() across one ghost from a block to its successor block at state slot succ; returns 1 when that catch is not optimal somewhere. */
  markAcross(N: number, fOff: number, succ: number, succFOff: number, bitsOff: number, succBitsOff: number): number;
}

let instance: Kernel | null = null;

/** This thread's one kernel instance, its memory grown to at least `bytes` (it never shrinks). */
function threadKernel(bytes: number): Kernel {
  if (!instance) {
    const e = new WebAssembly.Instance(compiled, {}).exports as unknown as Kernel;
    instance = { memory: e.memory, counts: e.counts, countsAt: e.countsAt, solve: e.solve, stepFrom: e.stepFrom, mark: e.mark, markAcross: e.markAcross };
  }
  const pages = Math.ceil(bytes / 65536);
  const have = instance.memory.buffer.byteLength / 65536;
  if (pages > have) instance.memory.grow(pages - have);
  return instance;
}

/**
 * Where the kernel's tables and bitsets lie (byte addresses). The tables of
 * the states at slot 0 (ck at CK, fmax at CK + span, fmin at CK + 2·span);
 * with a successor block (the layered DP), a second block of tables at state
 * slot `succ`; then two bitsets of one bit a state (bits0, bits1); `bytes` in all.
 */
export interface KernelMap {
  span: number;
  succ: number;
  bits0: number;
  bits1: number;
  bytes: number;
}

/** Bytes of a bitset over N states (at least 16). */
export const bitsBytes = (N: number): number => Math.max(16, N / 8);

/** The map for all N = 2^G states in one memory (dp-single.ts). */
export function wholeMap(N: number): KernelMap {
  const span = 2 * N + SPAN_PAD;
  const bits0 = Math.ceil((CK + 2 * span + 2 * N) / 16) * 16;
  const bits1 = bits0 + bitsBytes(N);
  return { span, succ: 0, bits0, bits1, bytes: bits1 + bitsBytes(N) };
}

/** The map for a block of B states and one successor block (dp-layered.ts). */
export function blockMap(B: number): KernelMap {
  const span = 2 * B + SPAN_PAD;
  const succ = 3 * B + SPAN_PAD;
  const bits0 = CK + 2 * succ + 2 * span + 2 * B;
  const bits1 = bits0 + B / 8;
  return { span, succ, bits0, bits1, bytes: bits1 + B / 8 };
}

/** The DP's view of a score model: bit masks over ghosts and over the cells that can still open. */
export interface DpModel {
  G: number;
  /** Constraints with target > 0: ghost mask and the mask of their cells that are not open at the start (3 words). */
  count: number;
  ghostMask: Int32Array;
  cellMask: Uint32Array;
  /** Constraints containing ghost g: byGhost[byGhostStart[g] .. byGhostStart[g+1]). */
  byGhostStart: Int32Array;
  byGhost: Int16Array;
}

export function dpModel(m: ScoreModel): DpModel {
  if (m.ghosts > DP_MAX_GHOSTS) throw new Error(`the exact score DP handles at most ${DP_MAX_GHOSTS} ghosts (board has ${m.ghosts})`);
  // number the cells that are not open at the start
  const index = new Int16Array(m.n * m.n).fill(-1);
  let cells = 0;
  for (let c = 0; c < m.count; c++) {
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) {
      const cell = m.cellList[j]!;
      if (!m.openAtStart[cell] && index[cell]! < 0) index[cell] = cells++;
    }
  }
  if (cells >= 1 << (16 - CK_SHIFT) || m.count > CK_LOW) throw new Error('board too large for the packed DP counters');
  const ghostMask = new Int32Array(m.count);
  const cellMask = new Uint32Array(m.count * 3);
  for (let c = 0; c < m.count; c++) {
    for (let j = m.ghostStart[c]!; j < m.ghostStart[c + 1]!; j++) ghostMask[c]! |= 1 << m.ghostList[j]!;
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) {
      const r = index[m.cellList[j]!]!;
      if (r >= 0) cellMask[c * 3 + (r >>> 5)]! |= 1 << (r & 31);
    }
  }
  return { G: m.ghosts, count: m.count, ghostMask, cellMask, byGhostStart: m.byGhostStart, byGhost: m.byGhost };
}

/** This thread's kernel with room for `map` and the model `d` written into its memory. */
export function loadKernel(d: DpModel, map: KernelMap): Kernel {
  const k = threadKernel(map.bytes);
  loadModel(k, d);
  return k;
}

/** Write a model's constraints and per-ghost constraint lists into the kernel's memory. */
function loadModel(k: Kernel, d: DpModel): void {
  if (d.count > MAX_CONSTRAINTS) throw new Error('too many constraints for the score kernel');
  const buffer = k.memory.buffer;
  const con = new Int32Array(buffer, CON, MAX_CONSTRAINTS * 4);
  for (let c = 0; c < d.count; c++) {
    con[c * 4] = d.ghostMask[c]!;
    con[c * 4 + 1] = d.cellMask[c * 3]!;
    con[c * 4 + 2] = d.cellMask[c * 3 + 1]!;
    con[c * 4 + 3] = d.cellMask[c * 3 + 2]!;
  }
  const byg = new Int32Array(buffer, BYG, (ALIVE - BYG) / 4);
  byg.fill(0);
  for (let g = 0; g < d.G; g++) {
    const from = d.byGhostStart[g]!,
      to = d.byGhostStart[g + 1]!;
    if (to - from > MAX_PER_GHOST) throw new Error('a ghost in too many constraints for the score kernel');
    byg[g * 16] = to - from;
    for (let i = from; i < to; i++) byg[g * 16 + 1 + i - from] = d.byGhost[i]!;
  }
}

/** The states on an optimal play (max or min) as a DP leaves them. */
export interface OptimalPlay {
  /** Bit S set when state S lies on some order reaching the optimum (bitset over 2^G states). */
  states: Uint32Array;
  /** Number of such states. */
  count: number;
  /** Bit g set when, from some state on an optimal play, catching ghost g next loses the optimum. */
  notFree: number;
  /**
   * The states on an optimal play, ascending, with W(S) = F(S) + cells opened
   * on each (course-build.ts), in arrays from `alloc`; valid until the next
   * DP on this thread.
   */
  values(alloc: Alloc): { keys: Uint32Array; ws: Uint32Array };
}

/** What both exact DPs return, so the score assets are built on one path (score-assets.ts). */
export interface ExactOptima {
  /** Best and worst bonus from the start. */
  maxBonus: number;
  minBonus: number;
  best: OptimalPlay;
  worst: OptimalPlay;
  /** Transitions evaluated (one per (S, g ∉ S)): G·2^(G−1). */
  transitions: number;
  /** Bytes the course assets may take (their arrays then come from alloc()). */
  room: number;
  /** A fresh Alloc for one course asset (the layered DP hands out its arena, whose data is no longer needed). */
  alloc(): Alloc;
  /** Call when done with the states: a heavy DP holds the machine-wide lock until then. */
  release(): void;
}

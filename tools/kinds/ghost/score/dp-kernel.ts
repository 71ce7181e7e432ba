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
import { popcount } from 'proofpack/kind';
import { DP_MAX_GHOSTS } from '../limits.ts';
import type { ScoreModel } from '../score-rule.ts';
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

const TERM_MASK = constant('TERM_MASK');
const TERM_WEIGHT = constant('TERM_WEIGHT');
const MAX_TERMS = constant('MAX_TERMS');
/** Where a state's ck lies (state slot 0); fmax and fmin follow, `span` bytes apart. */
export const CK = constant('CK');
/** States per block of counts(): 2^BLOCK_BITS. */
export const BLOCK_BITS = constant('BLOCK_BITS');
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
  /** ck of every state from the model's `terms` terms (fmax = 0, fmin = UNSET_MIN). */
  counts(N: number, L: number, terms: number, span: number): void;
  /** counts() for the states stateBase | s (s < N) stored at slots at + s. */
  countsAt(stateBase: number, at: number, N: number, L: number, terms: number, span: number): void;
  solve(base: number, j: number, span: number): void;
  /** States lower .. lower+len−1 take the catch to upper .. upper+len−1 (len a multiple of 8). */
  stepFrom(lower: number, upper: number, len: number, span: number): void;
  /** Marks (bitset at bitsOff, bit 0 set by the caller) the states reached by optimal catches under F at fOff; returns the not-free ghost mask. */
  mark(N: number, fOff: number, bitsOff: number): number;
  /** mark() across one ghost from a block to its successor block at state slot succ; returns 1 when that catch is not optimal somewhere. */
  markAcross(N: number, fOff: number, succ: number, succFOff: number, bitsOff: number, succBitsOff: number): number;
  /** Set bits in `words` words of a bitset. */
  countMarked(bitsOff: number, words: number): number;
  /** The marked states from word `from` on and their W, up to COLLECT of them, written at `out`; returns how many (collectNext() then says where to go on). */
  collect(from: number, words: number, fOff: number, bitsOff: number, out: number): number;
  /** The word the next collect() starts from. */
  collectNext(): number;
}

let instance: Kernel | null = null;

/** This thread's one kernel instance, its memory grown to at least `bytes` (it never shrinks). */
function threadKernel(bytes: number): Kernel {
  if (!instance) {
    const e = new WebAssembly.Instance(compiled, {}).exports as unknown as Kernel;
    const next = (e as unknown as Record<string, WebAssembly.Global>)['collectNext']!;
    instance = {
      memory: e.memory,
      counts: e.counts,
      countsAt: e.countsAt,
      solve: e.solve,
      stepFrom: e.stepFrom,
      mark: e.mark,
      markAcross: e.markAcross,
      countMarked: e.countMarked,
      collect: e.collect,
      collectNext: () => next.value as number,
    };
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
 * slot `succ`; then two bitsets of one bit a state (bits0, bits1); in the
 * single-memory map, then the room collect() writes to (out); `bytes` in all.
 */
export interface KernelMap {
  span: number;
  succ: number;
  bits0: number;
  bits1: number;
  out?: number;
  bytes: number;
}

/** States a collect() call hands over at most; it writes 8 bytes a state. */
export const COLLECT = constant('COLLECT');

/** Bytes of a bitset over N states (at least 16). */
export const bitsBytes = (N: number): number => Math.max(16, N / 8);

/** The map for all N = 2^G states in one memory (dp-single.ts). */
export function wholeMap(N: number): KernelMap {
  const span = 2 * N + SPAN_PAD;
  const bits0 = Math.ceil((CK + 2 * span + 2 * N) / 16) * 16;
  const bits1 = bits0 + bitsBytes(N);
  const out = bits1 + bitsBytes(N);
  return { span, succ: 0, bits0, bits1, out, bytes: out + 8 * COLLECT };
}

/** The map for a block of B states and one successor block (dp-layered.ts). */
export function blockMap(B: number): KernelMap {
  const span = 2 * B + SPAN_PAD;
  const succ = 3 * B + SPAN_PAD;
  const bits0 = CK + 2 * succ + 2 * span + 2 * B;
  const bits1 = bits0 + B / 8;
  return { span, succ, bits0, bits1, bytes: bits1 + B / 8 };
}

/**
 * The DP's view of a score model: ck(S) = Σ weight(U) over its terms U ⊆ S
 * (mod 2^16), which the kernel sums for every S (assembly/score-kernel.ts).
 */
export interface DpModel {
  G: number;
  /** Constraints with target > 0. */
  count: number;
  /** The terms: ghost mask U and weight w(U) (mod 2^16, none 0), in the order first met. */
  terms: number;
  /** Bits 0–31 of each term's mask (the kernel's countsAt reads these: enough up to 32 ghosts). */
  termMask: Int32Array;
  /** Bits 32 and up of each term's mask (all 0 up to 32 ghosts); blockTerms() reads both halves. */
  termHigh: Int32Array;
  termWeight: Uint16Array;
}

/** Most constraints one cell may lie in before its 2^k inclusion–exclusion sets are refused (a board has at most 10: row, column, 8 clues). */
const MAX_PER_CELL = 12;

/**
 * ck(S) = open(S)·2^CK_SHIFT + complete(S) as terms over ghost masks:
 * complete(S) = Σ_c [mask_c ⊆ S], and for each cell x not open at the start,
 * [x open in S] = [some constraint c ∋ x has mask_c ⊆ S]
 *              = Σ over non-empty sets T of those constraints of (−1)^(|T|+1) [∪_T mask ⊆ S].
 */
export function dpModel(m: ScoreModel): DpModel {
  if (m.ghosts > DP_MAX_GHOSTS) throw new Error(`the exact score DP handles at most ${DP_MAX_GHOSTS} ghosts (board has ${m.ghosts})`);
  // a ghost mask in two 32-bit halves (with more than 32 ghosts a mask has more bits than a JavaScript bit operation reads)
  const maskLo = new Int32Array(m.count);
  const maskHi = new Int32Array(m.count);
  for (let c = 0; c < m.count; c++) {
    for (let j = m.ghostStart[c]!; j < m.ghostStart[c + 1]!; j++) {
      const g = m.ghostList[j]!;
      if (g < 32) maskLo[c]! |= 1 << g;
      else maskHi[c]! |= 1 << (g - 32);
    }
  }
  // per cell not open at the start: the constraints containing it
  const byCell = new Map<number, number[]>();
  for (let c = 0; c < m.count; c++) {
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) {
      const cell = m.cellList[j]!;
      if (m.openAtStart[cell]) continue;
      const list = byCell.get(cell);
      if (list) list.push(c);
      else byCell.set(cell, [c]);
    }
  }
  if (byCell.size >= 1 << (16 - CK_SHIFT) || m.count > CK_LOW) throw new Error('board too large for the packed DP counters');
  // keyed by the mask as an exact integer below 2^53: (lo >>> 0) + hi·2^32
  const weight = new Map<number, number>();
  const add = (lo: number, hi: number, w: number) => {
    const key = (lo >>> 0) + hi * 2 ** 32;
    weight.set(key, ((weight.get(key) ?? 0) + w) & 0xffff);
  };
  for (let c = 0; c < m.count; c++) add(maskLo[c]!, maskHi[c]!, 1);
  for (const cs of byCell.values()) {
    if (cs.length > MAX_PER_CELL) throw new Error(`a cell in ${cs.length} constraints: the score DP takes at most ${MAX_PER_CELL}`);
    const lo = new Int32Array(1 << cs.length);
    const hi = new Int32Array(1 << cs.length);
    for (let t = 1; t < lo.length; t++) {
      const c = cs[31 - Math.clz32(t & -t)]!;
      lo[t] = lo[t & (t - 1)]! | maskLo[c]!;
      hi[t] = hi[t & (t - 1)]! | maskHi[c]!;
      add(lo[t]!, hi[t]!, popcount(t) & 1 ? 1 << CK_SHIFT : -(1 << CK_SHIFT));
    }
  }
  const kept = [...weight].filter(([, w]) => w !== 0);
  if (kept.length > MAX_TERMS) throw new Error(`the score DP's counters need ${kept.length} terms, the kernel holds ${MAX_TERMS}`);
  return {
    G: m.ghosts,
    count: m.count,
    terms: kept.length,
    termMask: Int32Array.from(kept, ([u]) => u % 2 ** 32), // Int32Array wraps bit 31 to the sign, as the kernel reads it
    termHigh: Int32Array.from(kept, ([u]) => Math.floor(u / 2 ** 32)),
    termWeight: Uint16Array.from(kept, ([, w]) => w),
  };
}

/**
 * The terms of a model cut for blocks of 2^L states (the layered DP's block h
 * holds the states h·2^L + l): per term the ghosts ≥ L as a mask over the high
 * ghosts (`above`, G − L ≤ 31 bits) and the ghosts < L (`low`).
 */
export interface BlockTerms {
  L: number;
  above: Int32Array;
  low: Int32Array;
  weight: Uint16Array;
}

export function blockTerms(d: DpModel, L: number): BlockTerms {
  if (d.G - L > 31 || L > 31) throw new Error(`blocks of 2^${L} states over ${d.G} ghosts: the high ghosts must fit 31 bits`);
  const above = new Int32Array(d.terms);
  const low = new Int32Array(d.terms);
  for (let t = 0; t < d.terms; t++) {
    const mask = (d.termMask[t]! >>> 0) + d.termHigh[t]! * 2 ** 32; // exact below 2^53
    above[t] = Math.floor(mask / 2 ** L);
    low[t] = mask % 2 ** L;
  }
  return { L, above, low, weight: d.termWeight };
}

/**
 * ck of block h (the states h·2^L + l, l < 2^L) at state slots at .. at + 2^L − 1,
 * fmax = 0 and fmin = UNSET_MIN as counts() leaves them, for any G ≤ DP_MAX_GHOSTS:
 * the terms whose high ghosts all lie in h are written to the kernel's term
 * table at their low bits, so the kernel's 32-bit state base is 0 (the kernel's
 * own countsAt(h·2^L, …) needs h·2^L below 2^31). Overwrites the model that
 * loadKernel wrote.
 */
export function countsBlock(k: Kernel, t: BlockTerms, h: number, at: number, span: number): void {
  const mask = new Int32Array(k.memory.buffer, TERM_MASK, t.above.length);
  const weight = new Uint16Array(k.memory.buffer, TERM_WEIGHT, t.above.length);
  let n = 0;
  for (let i = 0; i < t.above.length; i++) {
    const a = t.above[i]!;
    if ((a & h) !== a) continue;
    mask[n] = t.low[i]!;
    weight[n++] = t.weight[i]!;
  }
  k.countsAt(0, at, 2 ** t.L, Math.min(t.L, BLOCK_BITS), n, span);
}

/** This thread's kernel with room for `map` and the model `d` written into its memory. */
export function loadKernel(d: DpModel, map: KernelMap): Kernel {
  const k = threadKernel(map.bytes);
  new Int32Array(k.memory.buffer, TERM_MASK, d.terms).set(d.termMask);
  new Uint16Array(k.memory.buffer, TERM_WEIGHT, d.terms).set(d.termWeight);
  return k;
}

/** The states on an optimal play (max or min) as a DP leaves them. */
export interface OptimalPlay {
  /** Bit S set when state S lies on some order reaching the optimum (bitset over 2^G states). */
  states: Uint32Array;
  /** Number of such states. */
  count: number;
  /**
   * Bit g set when, from some state on an optimal play, catching ghost g next
   * loses the optimum: Σ 2^g, an exact integer below 2^G (with more than 32
   * ghosts more bits than a JavaScript bit operation reads: test bit g as ⌊notFree / 2^g⌋ mod 2).
   */
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

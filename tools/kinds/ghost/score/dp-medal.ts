// The exact score DP past COURSE_MAX_GHOSTS (docs/score-layered.md, "More than
// 32 ghosts"): the layered DP of dp-layered.ts (blocks of 2^L states, layers by
// high ghosts caught, two layers in an arena, the table written to a scratch
// file for the forward marking), at 2 bytes a state instead of 6:
// * one medal a pass: the max DP and its marking, then the min DP and its
//   marking, each keeping only its own table F (the kernel still computes
//   both tables; the other one is ignored);
// * ck is never stored: it is recounted (countsBlock) for the block being
//   solved and for each successor block it takes a catch from, and in the
//   marking for the block and each marked predecessor;
// * the blocks' terms are cut on the JavaScript side (dp-kernel.ts blockTerms),
//   so no state index or ghost mask passes through a 32-bit operation;
// * the blocks of a layer in the backward passes are shared among the threads
//   of the command's team (dp-medal-blocks.ts); the marking runs on this one;
// * where two layers do not fit the machine's memory, the layer being read is
//   not kept: its blocks are read back from the scratch file into a fixed
//   number of slots, run by run (dp-stream.ts). The results are the same;
// * the scratch file holds each layer's blocks in one stretch (dp-stream.ts
//   layerMajor), so the passes read and write it front to back, layer by layer.
// It gives the optima, the free ghosts and the number of states on an optimal
// play; the course assets (32-bit state masks, course-build.ts) are "unknown"
// past COURSE_MAX_GHOSTS (room 0). With `courses` (tests, small G) it also
// keeps the bitsets and the W values, so it is compared with the other DPs
// state by state.
import { popcount, type Resources, type Scratch, type ScratchFile, type Threads } from 'proofpack/kind';
import { layerSolver, teamArena, type LayerSolver } from './dp-medal-blocks.ts';
import { allocating, checkRoom, MEMORY_SHARE, roomFile, type DpNeeds } from './dp-room.ts';
import { BlockCache, layerMajor, layerRuns } from './dp-stream.ts';
import { COURSE_MAX_GHOSTS, DP_MAX_GHOSTS } from '../limits.ts';
import {
  blockMap,
  blockTerms,
  CK,
  countsBlock,
  loadKernel,
  type BlockTerms,
  type DpModel,
  type ExactOptima,
  type Kernel,
  type OptimalPlay,
} from './dp-kernel.ts';
import {
  addOpened,
  arenaAlloc,
  markedPredecessors,
  type BlockLayout,
  blockLayers,
  courseValues,
  heavyHold,
  LAYERED_LOW_BITS,
  mostBlocks,
  Slots,
} from './dp-layered.ts';
import { COURSE_BYTES_PER_STATE, courseRoom } from './course-build.ts';

export interface MedalOptions {
  /** Low ghosts per block (5 or more; smaller than LAYERED_LOW_BITS in tests, to cross many blocks). */
  lowBits?: number;
  /** Keep the optimal-state bitsets and W for the course assets (default: G ≤ COURSE_MAX_GHOSTS; past it they are "unknown"). */
  courses?: boolean;
  /** The machine's room (from the command layer, through score-assets.ts or a test): a DP it has not the room for is refused before it starts (dp-room.ts). Absent: only a failed allocation or a full disk is refused. */
  machine?: Resources;
  /** Threads for the blocks of a layer in the backward passes (dp-medal-blocks.ts); absent: this thread alone. The results are the same. */
  team?: Threads;
  /** Read the layer being read back from the scratch file instead of keeping it (default: when two layers do not fit `machine`, medalStreams). The results are the same. */
  stream?: boolean;
  /** Arena slots of a block's F when streaming (default STREAM_SLOTS; at least the most a block reads plus one, at most two layers): smaller in tests, to cut a layer into many runs. */
  streamSlots?: number;
}

/** Arena slots the streamed DP reads blocks into, its runs' own blocks included: 4.3 GB with blocks of 2^16 states. */
export const STREAM_SLOTS = 2 ** 15;

/** Whether the DP of G ghosts streams the layer being read: when two layers in memory (medalMemory) are over the share of `machine` one DP may take (dp-room.ts; no machine: never). */
export function medalStreams(G: number, machine: Resources | undefined, lowBits = LAYERED_LOW_BITS, courses = G <= COURSE_MAX_GHOSTS): boolean {
  return machine !== undefined && medalMemory(G, lowBits, courses) > MEMORY_SHARE * machine.memoryBytes;
}

/** What the DP of G ghosts needs, streamed or not: memory (medalMemory or streamMemory) and scratch disk (medalDisk, the same either way). */
export function medalNeeds(G: number, stream: boolean, lowBits = LAYERED_LOW_BITS, courses = G <= COURSE_MAX_GHOSTS, slots = STREAM_SLOTS): DpNeeds {
  return { memory: stream ? streamMemory(G, lowBits, courses, slots) : medalMemory(G, lowBits, courses), disk: medalDisk(G, courses) };
}

/** Bytes of the streamed DP: its slots of F (streamSlots), the marks of two layers (B/8 bytes a block) and, with courses, two bitsets of 2^G bits. */
export function streamMemory(G: number, lowBits = LAYERED_LOW_BITS, courses = G <= COURSE_MAX_GHOSTS, slots = STREAM_SLOTS): number {
  const L = Math.min(lowBits, G);
  const B = 2 ** L;
  const most = mostBlocks(blockLayers(G - L));
  return streamSlots(slots, G - L, most) * 2 * B + (most * B) / 8 + (courses ? 2 * Math.max(16, 2 ** G / 8) : 0);
}

/** The slots asked for, at least what one block of H high ghosts reads plus its own, at most two layers (`most` blocks). */
const streamSlots = (slots: number, H: number, most: number) => Math.min(Math.max(slots, H + 1), most);

/** Bytes the DP of G ghosts needs, in blocks of 2^lowBits states: its arena (two layers of F and marks) and, with courses, two bitsets of 2^G bits. */
export function medalMemory(G: number, lowBits = LAYERED_LOW_BITS, courses = G <= COURSE_MAX_GHOSTS): number {
  const L = Math.min(lowBits, G);
  const slot = slotBytes(2 ** L);
  return mostBlocks(blockLayers(G - L)) * slot + (courses ? 2 * Math.max(16, 2 ** G / 8) : 0);
}

/** Scratch-file bytes of the DP of G ghosts: one file of F (2 bytes a state) at a time, two with courses (the max one is read back after the min pass). */
export function medalDisk(G: number, courses = G <= COURSE_MAX_GHOSTS): number {
  return (courses ? 2 : 1) * 2 * 2 ** G;
}

/** An arena slot: the block's F (2B bytes), then its marks (B/8 bytes) in the marking. */
const slotBytes = (B: number) => 2 * B + B / 8;

/** The layered DP one medal a pass (any G ≤ DP_MAX_GHOSTS); same results as layeredOptima, course assets apart (see the header). */
export function medalOptima(d: DpModel, scratch: Scratch, options: MedalOptions = {}): ExactOptima {
  const G = d.G;
  if (G > DP_MAX_GHOSTS) throw new Error(`the exact score DP handles at most ${DP_MAX_GHOSTS} ghosts`);
  const L = Math.min(options.lowBits ?? LAYERED_LOW_BITS, G);
  if (L < 5) throw new Error('the layered score DP needs blocks of at least 32 states');
  const courses = options.courses ?? G <= COURSE_MAX_GHOSTS;
  const stream = options.stream ?? medalStreams(G, options.machine, L, courses);
  const needs = medalNeeds(G, stream, L, courses, options.streamSlots);
  checkRoom(G, needs, options.machine);
  const H = G - L;
  const B = 2 ** L;
  const map = blockMap(B);
  const k = allocating(G, needs, () => loadKernel(d, map));
  const layers = blockLayers(H);
  const most = mostBlocks(layers);
  const slots = streamSlots(options.streamSlots ?? STREAM_SLOTS, H, most);
  const o: Layout = { L, H, B, span: map.span, SUCC: map.succ, layers, terms: blockTerms(d, L), bits0: map.bits0, bits1: map.bits1 };
  const { files, release } = heavyHold(G, scratch, needs);
  let solver: LayerSolver | undefined;
  try {
    const front = stream ? slots * 2 * B : most * slotBytes(B);
    const arena = allocating(G, needs, () => teamArena(Math.max(front, courses ? Math.min(COURSE_BYTES_PER_STATE * 2 ** G, 2 ** 26) : 0), options.team));
    // streamed: the marks of two layers, apart from the slots of F
    const marks = stream ? allocating(G, needs, () => new ArrayBuffer((most * B) / 8)) : undefined;
    const layer = allocating(G, needs, () => layerSolver(d, L, arena, k, options.team));
    solver = layer;
    const pass = (table: 1 | 2) => {
      const file = scratch.file();
      files.push(file);
      // a full disk while writing is the same refusal as one found before (dp-room.ts roomFile)
      const disked: ScratchFile = layerMajor(roomFile(file, G, needs), layers, 2 * B);
      let bonus: number;
      try {
        bonus = marks
          ? backwardStreamed(o, table, new Slots(arena, 2 * B, slots), slots, disked, layer)
          : backward(o, table, new Slots(arena, slotBytes(B), most), disked, layer);
      } finally {
        if (table === 2) layer.close(); // the marking runs on this thread
      }
      const room: MarkRoom = marks
        ? { cache: new Slots(arena, 2 * B, slots), slots, marks: new Slots(marks, B / 8, most) }
        : { kept: new Slots(arena, slotBytes(B), most) };
      const play = markMedal(k, o, room, disked, courses, needs);
      if (!courses) files.splice(files.indexOf(file), 1)[0]!.close(); // the next pass takes a fresh file: one at a time on the disk
      return { bonus, play };
    };
    const max = pass(1);
    const min = pass(2);
    return {
      maxBonus: max.bonus,
      minBonus: min.bonus,
      best: max.play,
      worst: min.play,
      transitions: G * 2 ** (G - 1),
      // without the states and W the course assets are "unknown" (courseFits: nothing fits in 0 bytes)
      room: courses ? courseRoom(arena.byteLength) : 0,
      alloc: () => arenaAlloc(arena, (length) => allocating(G, needs, () => new Uint32Array(length))),
      release,
    };
  } catch (e) {
    solver?.close();
    release();
    throw e;
  }
}

interface Layout extends BlockLayout {
  terms: BlockTerms;
}

/**
 * The backward DP for one table (1 = fmax, 2 = fmin: the kernel's table at
 * CK + table·span), layers H down to 0: each layer's blocks get a slot of the
 * arena and are solved from the layer above (dp-medal-blocks.ts, on the
 * team's threads); then their F goes to the scratch file, in layer order.
 * Returns the bonus from ∅.
 */
function backward(o: Layout, table: 1 | 2, blocks: Slots, file: ScratchFile, solver: LayerSolver): number {
  const { H, B, layers } = o;
  let above = new Map<number, Uint8Array>();
  for (let p = H; p >= 0; p--) {
    const here = new Map<number, Uint8Array>();
    for (const h of layers[p]!) {
      const slot = blocks.take();
      here.set(h, slot);
      solver.slotOf[h] = slot.byteOffset;
    }
    solver.solve(p, table);
    for (const [h, slot] of here) file.write(slot, 0, 2 * B, h * 2 * B);
    for (const slot of above.values()) blocks.give(slot);
    above = here;
  }
  const start = above.get(0)!;
  for (const slot of above.values()) blocks.give(slot);
  return start[0]! | (start[1]! << 8);
}

/**
 * The backward DP for one table as `backward`, with the layer being read in the
 * scratch file instead of the arena: each layer is cut into runs (dp-stream.ts)
 * whose own slots and successor blocks fit `count` slots of 2B bytes; a run's
 * successors are read back (those the run before held stay), its blocks solved
 * on the team's threads and written to the file.
 */
function backwardStreamed(o: Layout, table: 1 | 2, slots: Slots, count: number, file: ScratchFile, solver: LayerSolver): number {
  const { H, B, layers } = o;
  const cache = new BlockCache(slots, file, 2 * B);
  const successors = (h: number, add: (s: number) => void) => {
    for (let g = 0; g < H; g++) if (!((h >>> g) & 1)) add(h | (1 << g));
  };
  let start = 0;
  for (let p = H; p >= 0; p--) {
    const hs = layers[p]!;
    for (const { from, to, needed } of layerRuns(hs, successors, 1, count)) {
      cache.hold(needed);
      for (const s of needed) solver.slotOf[s] = cache.get(s).byteOffset;
      const own: Uint8Array[] = [];
      for (let i = from; i < to; i++) {
        const slot = slots.take();
        own.push(slot);
        solver.slotOf[hs[i]!] = slot.byteOffset;
      }
      solver.solve(p, table, from, to);
      own.forEach((slot, i) => file.write(slot, 0, 2 * B, hs[from + i]! * 2 * B));
      if (p === 0) start = own[0]![0]! | (own[0]![1]! << 8);
      for (const slot of own) slots.give(slot);
    }
  }
  cache.clear();
  return start;
}

/**
 * Where the marking keeps a marked block for the next layer: in memory, its F
 * and marks in a slot of `kept`; streamed, its marks alone in a slot of `marks`,
 * its F read back from the scratch file into `cache` (`slots` of 2B bytes) run
 * by run (dp-stream.ts).
 */
type MarkRoom = { kept: Slots } | { cache: Slots; slots: number; marks: Slots };

/**
 * The forward marking of the states on an optimal play under F (the scratch
 * file), as dp-layered.ts markLayered: layer 0 up, a block gains the marks of
 * its marked predecessor blocks across their high ghost (markAcross), then
 * marks inside itself (mark). ck is recounted where the kernel reads it. With
 * `courses` the 2^G-bit bitset is kept and W = F + cells opened replaces F in
 * the file on marked states (streamed: once the next layer has read F).
 */
function markMedal(k: Kernel, o: Layout, room: MarkRoom, file: ScratchFile, courses: boolean, needs: DpNeeds): OptimalPlay {
  const { L, H, B, span, SUCC, layers, terms, bits0, bits1 } = o;
  const G = L + H;
  const words = B / 32;
  const F0 = CK + span; // F of the block at slot 0 (mark() and markAcross() take its offset: either table will do)
  const F1 = F0 + 2 * SUCC; // F of the block at slot SUCC
  const states = allocating(G, needs, () => new Uint32Array(courses ? Math.max(1, 2 ** G / 32) : 0));
  const notFree = new Uint8Array(G);
  const streamed = 'cache' in room ? room : undefined;
  const cache = streamed && new BlockCache(streamed.cache, file, 2 * B);
  const keep = 'cache' in room ? room.marks : room.kept;
  const at = cache ? 0 : 2 * B; // where a kept block's marks start in its slot
  let count = 0;
  let below = new Map<number, Uint8Array>();
  const fOf = (h: number) => (cache ? cache.get(h) : below.get(h)!.subarray(0, 2 * B));
  const marked = (h: number, add: (pred: number) => void) => {
    for (const g of markedPredecessors(h, H, below)) add(h ^ (1 << g));
  };
  /** W over F on block h's marked states, in the file (streamed: after the next layer read its F). */
  const writeW = (h: number, marks: Uint8Array) => {
    countsBlock(k, terms, h, 0, span);
    const m = new Uint8Array(k.memory.buffer);
    file.read(m, F0, 2 * B, h * 2 * B);
    m.set(marks.subarray(at, at + B / 8), bits0);
    addOpened(k, F0, bits0, B);
    file.write(m, F0, 2 * B, h * 2 * B);
  };
  for (let p = 0; p <= H; p++) {
    const here = new Map<number, Uint8Array>();
    const hs = layers[p]!;
    const runs = streamed ? layerRuns(hs, marked, 0, streamed.slots) : [{ from: 0, to: hs.length, needed: [] }];
    for (const { from, to, needed } of runs) {
      cache?.hold(needed);
      for (let i = from; i < to; i++) {
        const h = hs[i]!;
        const preds = markedPredecessors(h, H, below);
        if (p > 0 && preds.length === 0) continue;
        countsBlock(k, terms, h, SUCC, span);
        file.read(new Uint8Array(k.memory.buffer), F1, 2 * B, h * 2 * B);
        let m = new Uint8Array(k.memory.buffer);
        m.fill(0, bits1, bits1 + B / 8);
        if (p === 0) m[bits1] = 1; // ∅
        for (const g of preds) {
          const pred = h ^ (1 << g);
          countsBlock(k, terms, pred, 0, span);
          m.set(fOf(pred), F0);
          m.set(below.get(pred)!.subarray(at, at + B / 8), bits0);
          if (k.markAcross(B, F0, SUCC, F1, bits0, bits1)) notFree[L + g] = 1;
        }
        const marks = new Int32Array(k.memory.buffer, bits1, words);
        if (!marks.some((w) => w !== 0)) continue;
        // inside the block: move it to slot 0 and mark across its low ghosts
        m.copyWithin(CK, CK + 2 * SUCC, CK + 2 * SUCC + 2 * B);
        m.copyWithin(F0, F1, F1 + 2 * B);
        m.copyWithin(bits0, bits1, bits1 + B / 8);
        const low = k.mark(B, F0, bits0);
        for (let g = 0; g < L; g++) if ((low >>> g) & 1) notFree[g] = 1;
        m = new Uint8Array(k.memory.buffer);
        const done = new Int32Array(k.memory.buffer, bits0, words);
        for (let w = 0; w < words; w++) count += popcount(done[w]!);
        if (courses) new Uint8Array(states.buffer, h * (B / 8), B / 8).set(m.subarray(bits0, bits0 + B / 8));
        const slot = keep.take();
        if (!cache) slot.set(m.subarray(F0, F0 + 2 * B));
        slot.set(m.subarray(bits0, bits0 + B / 8), at);
        here.set(h, slot);
        if (!courses || cache) continue;
        addOpened(k, F0, bits0, B); // W over F on marked states, back into the file (courseValues reads it)
        file.write(m, F0, 2 * B, h * 2 * B);
      }
    }
    if (courses && cache) for (const [h, slot] of below) writeW(h, slot);
    for (const slot of below.values()) keep.give(slot);
    below = here;
  }
  if (courses && cache) for (const [h, slot] of below) writeW(h, slot);
  for (const slot of below.values()) keep.give(slot);
  cache?.clear();
  let mask = 0;
  for (let g = 0; g < G; g++) if (notFree[g]) mask += 2 ** g;
  const values = courses
    ? (alloc: (length: number) => Uint32Array) => courseValues(states, count, B, H, file, alloc)
    : () => {
        throw new Error(`no course values past ${COURSE_MAX_GHOSTS} ghosts`);
      };
  return { states, count, notFree: mask, values };
}

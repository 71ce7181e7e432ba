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
//   of the command's team (dp-medal-blocks.ts); the marking runs on this one.
// It gives the optima, the free ghosts and the number of states on an optimal
// play; the course assets (32-bit state masks, course-build.ts) are "unknown"
// past COURSE_MAX_GHOSTS (room 0). With `courses` (tests, small G) it also
// keeps the bitsets and the W values, so it is compared with the other DPs
// state by state.
import { popcount } from '../../lib/bits.ts';
import type { MachineRoom, Scratch, ScratchFile, Team } from '../../lib/kind.ts';
import { layerSolver, teamArena, type LayerSolver } from './dp-medal-blocks.ts';
import { checkRoom, roomRefusal } from './dp-room.ts';
import { COURSE_MAX_GHOSTS, DP_MAX_GHOSTS } from './limits.ts';
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
  machine?: MachineRoom;
  /** Threads for the blocks of a layer in the backward passes (dp-medal-blocks.ts); absent: this thread alone. The results are the same. */
  team?: Team;
}

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
  const needs = { memory: medalMemory(G, L, courses), disk: medalDisk(G, courses) };
  checkRoom(G, needs, options.machine);
  const H = G - L;
  const B = 2 ** L;
  const map = blockMap(B);
  const k = loadKernel(d, map);
  const layers = blockLayers(H);
  const most = mostBlocks(layers);
  const o: Layout = { L, H, B, span: map.span, SUCC: map.succ, layers, terms: blockTerms(d, L), bits0: map.bits0, bits1: map.bits1 };
  const { files, release } = heavyHold(G, scratch);
  let solver: LayerSolver | undefined;
  try {
    let arena: ArrayBuffer | SharedArrayBuffer;
    try {
      arena = teamArena(Math.max(most * slotBytes(B), courses ? Math.min(COURSE_BYTES_PER_STATE * 2 ** G, 2 ** 26) : 0), options.team);
    } catch {
      throw roomRefusal(G, needs, 'the memory could not be had');
    }
    const layer = layerSolver(d, L, arena, k, options.team);
    solver = layer;
    const pass = (table: 1 | 2) => {
      const file = scratch.file();
      files.push(file);
      const disked: ScratchFile = {
        write: (bytes, offset, length, position) => {
          try {
            file.write(bytes, offset, length, position);
          } catch (e) {
            const code = (e as NodeJS.ErrnoException).code;
            if (code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT') throw roomRefusal(G, needs, `the scratch disk is full (${code})`);
            throw e;
          }
        },
        read: (bytes, offset, length, position) => file.read(bytes, offset, length, position),
        close: () => file.close(),
      };
      let bonus: number;
      try {
        bonus = backward(o, table, new Slots(arena, slotBytes(B), most), disked, layer);
      } finally {
        if (table === 2) layer.close(); // the marking runs on this thread
      }
      const play = markMedal(k, o, new Slots(arena, slotBytes(B), most), disked, courses);
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
      alloc: () => arenaAlloc(arena),
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
 * The forward marking of the states on an optimal play under F (the scratch
 * file), as dp-layered.ts markLayered: layer 0 up, a block gains the marks of
 * its marked predecessor blocks across their high ghost (markAcross), then
 * marks inside itself (mark). A slot keeps a marked block's F and marks; ck is
 * recounted where the kernel reads it. With `courses` the 2^G-bit bitset is
 * kept and W = F + cells opened replaces F in the file on marked states.
 */
function markMedal(k: Kernel, o: Layout, blocks: Slots, file: ScratchFile, courses: boolean): OptimalPlay {
  const { L, H, B, span, SUCC, layers, terms, bits0, bits1 } = o;
  const G = L + H;
  const words = B / 32;
  const F0 = CK + span; // F of the block at slot 0 (mark() and markAcross() take its offset: either table will do)
  const F1 = F0 + 2 * SUCC; // F of the block at slot SUCC
  const states = new Uint32Array(courses ? Math.max(1, 2 ** G / 32) : 0);
  const notFree = new Uint8Array(G);
  let count = 0;
  let below = new Map<number, Uint8Array>();
  for (let p = 0; p <= H; p++) {
    const here = new Map<number, Uint8Array>();
    for (const h of layers[p]!) {
      const preds = markedPredecessors(h, H, below);
      if (p > 0 && preds.length === 0) continue;
      countsBlock(k, terms, h, SUCC, span);
      file.read(new Uint8Array(k.memory.buffer), F1, 2 * B, h * 2 * B);
      let m = new Uint8Array(k.memory.buffer);
      m.fill(0, bits1, bits1 + B / 8);
      if (p === 0) m[bits1] = 1; // ∅
      for (const g of preds) {
        const pred = below.get(h ^ (1 << g))!;
        countsBlock(k, terms, h ^ (1 << g), 0, span);
        m.set(pred.subarray(0, 2 * B), F0);
        m.set(pred.subarray(2 * B), bits0);
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
      const marked = new Int32Array(k.memory.buffer, bits0, words);
      for (let w = 0; w < words; w++) count += popcount(marked[w]!);
      if (courses) new Uint8Array(states.buffer, h * (B / 8), B / 8).set(m.subarray(bits0, bits0 + B / 8));
      const slot = blocks.take();
      slot.set(m.subarray(F0, F0 + 2 * B));
      slot.set(m.subarray(bits0, bits0 + B / 8), 2 * B);
      here.set(h, slot);
      if (!courses) continue;
      addOpened(k, F0, bits0, B); // W over F on marked states, back into the file (courseValues reads it)
      file.write(m, F0, 2 * B, h * 2 * B);
    }
    for (const slot of below.values()) blocks.give(slot);
    below = here;
  }
  let mask = 0;
  for (let g = 0; g < G; g++) if (notFree[g]) mask += 2 ** g;
  const values = courses
    ? (alloc: (length: number) => Uint32Array) => courseValues(states, count, B, H, file, alloc)
    : () => {
        throw new Error(`no course values past ${COURSE_MAX_GHOSTS} ghosts`);
      };
  return { states, count, notFree: mask, values };
}

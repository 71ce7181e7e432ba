// The blocks of one layer of the medal DP's backward pass (dp-medal.ts),
// shared among the threads of a computation (Threads, lib/machine-services.ts; the command layer's
// --threads). The blocks of a layer are independent given the layer above:
// each thread, with its own kernel instance, claims the next block of the
// layer from a shared counter, takes the catches of its missing high ghosts
// from the successor blocks' F in the arena (a SharedArrayBuffer when there
// are helpers), solves it and puts its F in the slot the caller chose for it.
// A round is a whole layer, or a run of it when the layer being read is
// streamed from the scratch file (dp-stream.ts; the caller reads it).
// Which thread solves a block changes nothing in its bytes, so the results are
// the same for any number of threads.
import type { Helpers, Threads } from 'proofpack/kind';
import { blockMap, blockTerms, CK, countsBlock, loadKernel, type DpModel, type Kernel } from './dp-kernel.ts';
import { blockLayers } from './dp-layered.ts';

/** What every thread of the DP shares; handed to the helpers once (structured clone: the buffers are shared). */
interface Shared {
  d: DpModel;
  /** Low ghosts per block. */
  L: number;
  /** The arena of slots (dp-medal.ts): a block's F at the front of its slot. */
  arena: ArrayBufferLike;
  /** Over 2^H entries: the byte offset in the arena of block h's slot, for the layer being built and the one above. */
  slotOf: Float64Array;
  /** [0]: the index in its layer of the next block to claim (from the round's `from`). */
  next: Int32Array;
}

/** One round: solve blocks from..to − 1 of layer p (indices into it) for table 1 (fmax) or 2 (fmin). */
interface Job {
  p: number;
  table: 1 | 2;
  from: number;
  to: number;
}

/** The layers' blocks solved on `team` (absent or of size 1: on this thread alone). */
export interface LayerSolver {
  /** Where each block's slot is: set it for the blocks to solve and their successors before solve. */
  slotOf: Float64Array;
  /** Solves blocks from..to − 1 of layer p (default: all of them; their successors in layer p + 1 in their slots, for p < H) into their slots. */
  solve(p: number, table: 1 | 2, from?: number, to?: number): void;
  /** Ends the helper threads. */
  close(): void;
}

/** An arena `bytes` long that the team's threads can all see. */
export function teamArena(bytes: number, team: Threads | undefined): ArrayBuffer | SharedArrayBuffer {
  return team && team.size > 1 ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** The layer solver of the DP on board `d` in blocks of 2^L states, this thread's kernel `k` (loaded for d), slots in `arena`. */
export function layerSolver(d: DpModel, L: number, arena: ArrayBufferLike, k: Kernel, team: Threads | undefined): LayerSolver {
  const helpers = team !== undefined && team.size > 1;
  const share = (bytes: number) => (helpers ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const shared: Shared = { d, L, arena, slotOf: new Float64Array(share(8 * 2 ** (d.G - L))), next: new Int32Array(share(4)) };
  const layers = blockLayers(d.G - L);
  const own = blockSolver(shared, k);
  const crew: Helpers | undefined = helpers ? team.start(import.meta.url, 'medalBlockHelper', shared) : undefined;
  return {
    slotOf: shared.slotOf,
    solve(p, table, from = 0, to = layers[p]!.length) {
      Atomics.store(shared.next, 0, from);
      const job: Job = { p, table, from, to };
      if (crew) crew.round(job, () => own(job));
      else own(job);
    },
    close: () => crew?.close(),
  };
}

/** A helper thread's job handler (Threads.start calls it there): its own kernel, the shared buffers. */
export function medalBlockHelper(shared: Shared): (job: unknown) => void {
  const own = blockSolver(shared, loadKernel(shared.d, blockMap(2 ** shared.L)));
  return (job) => own(job as Job);
}

/**
 * Solves blocks of layer p as long as there are unclaimed ones: a block's ck
 * is counted, each missing high ghost's catch taken from its successor block
 * (ck recounted next to it, F from the arena), then the block is solved inside
 * and its F (table 1 or 2 of the kernel) copied into its slot.
 */
function blockSolver(shared: Shared, k: Kernel): (job: Job) => void {
  const { d, L, slotOf, next } = shared;
  const H = d.G - L;
  const B = 2 ** L;
  const { span, succ: SUCC } = blockMap(B);
  const terms = blockTerms(d, L);
  const layers = blockLayers(H);
  // one view a slot: with more than 32 ghosts a typed array over the whole arena would pass V8's longest typed array
  const slot = (at: number) => new Uint8Array(shared.arena, at, 2 * B);
  return ({ p, table, to }) => {
    const hs = layers[p]!;
    const tab = CK + table * span;
    const succTab = tab + 2 * SUCC;
    for (let i = Atomics.add(next, 0, 1); i < to; i = Atomics.add(next, 0, 1)) {
      const h = hs[i]!;
      countsBlock(k, terms, h, 0, span);
      if (p === H) new Uint16Array(k.memory.buffer, CK + 2 * span, B)[B - 1] = 0; // every ghost caught: fmin 0 (fmax is)
      for (let g = 0; g < H; g++) {
        if ((h >>> g) & 1) continue;
        const s = h | (1 << g);
        countsBlock(k, terms, s, SUCC, span);
        new Uint8Array(k.memory.buffer).set(slot(slotOf[s]!), succTab);
        k.stepFrom(0, SUCC, B, span);
      }
      k.solve(0, L, span);
      slot(slotOf[h]!).set(new Uint8Array(k.memory.buffer, tab, 2 * B));
    }
  };
}

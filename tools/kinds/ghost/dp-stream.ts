// The medal DP's blocks read back from its scratch file (docs/score-layered.md,
// "Streaming the layer being read"), for a machine without the memory for two
// whole layers: a layer is taken in runs of consecutive blocks (ascending h),
// each as long as its own slots and the distinct blocks of the neighbouring
// layer it reads (the successors in the backward pass, the marked predecessors
// in the marking) fit a fixed number of arena slots; a block that the next run
// reads too stays in its slot, the others are read from the file. Consecutive
// blocks share most high ghosts, so most neighbours are shared within a run.
import type { ScratchFile } from '../../lib/kind.ts';
import type { Slots } from './dp-layered.ts';

/** Blocks from..to − 1 of a layer (indices into it) and the distinct blocks of the neighbouring layer they read, in first-use order. */
export interface Run {
  from: number;
  to: number;
  needed: number[];
}

/**
 * Cuts the blocks `hs` of a layer into runs of consecutive blocks: a run takes
 * blocks while `own` slots a block plus one slot per distinct block that
 * `neighbours` names for them fit `slots`. A run has at least one block, so
 * `slots` must cover own + the most neighbours one block has.
 */
export function* layerRuns(hs: readonly number[], neighbours: (h: number, add: (n: number) => void) => void, own: number, slots: number): Generator<Run> {
  for (let from = 0; from < hs.length; ) {
    const needed = new Set<number>();
    let to = from;
    const fresh: number[] = [];
    const add = (n: number) => {
      if (!needed.has(n) && !fresh.includes(n)) fresh.push(n);
    };
    for (let h = hs[to]; h !== undefined; h = hs[to]) {
      fresh.length = 0;
      neighbours(h, add);
      if (to > from && own * (to - from + 1) + needed.size + fresh.length > slots) break;
      for (const n of fresh) needed.add(n);
      to++;
    }
    yield { from, to, needed: [...needed] };
    from = to;
  }
}

/** Blocks of a scratch file held in arena slots: block h is `bytes` long at h·bytes in the file. */
export class BlockCache {
  private readonly held = new Map<number, Uint8Array>();
  constructor(
    private readonly slots: Slots,
    private readonly file: ScratchFile,
    private readonly bytes: number,
  ) {}
  /** Holds exactly the blocks `needed`: the others' slots go back, the missing ones are read from the file. */
  hold(needed: readonly number[]): void {
    const want = new Set(needed);
    for (const [h, slot] of this.held) {
      if (want.has(h)) continue;
      this.slots.give(slot);
      this.held.delete(h);
    }
    for (const h of needed) {
      if (this.held.has(h)) continue;
      const slot = this.slots.take();
      this.file.read(slot, 0, this.bytes, h * this.bytes);
      this.held.set(h, slot);
    }
  }
  /** The slot of block h (held). */
  get(h: number): Uint8Array {
    const slot = this.held.get(h);
    if (!slot) throw new Error(`score DP: block ${h} is not held`);
    return slot;
  }
  /** Gives every slot back. */
  clear(): void {
    this.hold([]);
  }
}

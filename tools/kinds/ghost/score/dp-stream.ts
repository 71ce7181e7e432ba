// The medal DP's blocks read back from its scratch file (docs/score-layered.md,
// "Streaming the layer being read"), for a machine without the memory for two
// whole layers: a layer is taken in runs of consecutive blocks (ascending h),
// each as long as its own slots and the distinct blocks of the neighbouring
// layer it reads (the successors in the backward pass, the marked predecessors
// in the marking) fit a fixed number of arena slots; a block that the next run
// reads too stays in its slot, the others are read from the file. Consecutive
// blocks share most high ghosts, so most neighbours are shared within a run.
// It also owns where a block lies in the file (layerMajor): layer by layer.
import { at as item, type ScratchFile } from 'proofpack/kind';
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
  /** Holds exactly the blocks `needed`: the others' slots go back, the missing ones are read from the file, in ascending h. */
  hold(needed: readonly number[]): void {
    const want = new Set(needed);
    for (const [h, slot] of this.held) {
      if (want.has(h)) continue;
      this.slots.give(slot);
      this.held.delete(h);
    }
    // the missing blocks in ascending h: within a layer, front to back in the file (layerMajor)
    for (const h of needed.filter((b) => !this.held.has(b)).sort((a, b) => a - b)) {
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

/**
 * The scratch file of a layered DP (blocks of `blockBytes`, block h at
 * h·blockBytes as the DP addresses it) with the blocks laid out layer by
 * layer, in the order the backward pass writes them (layer H first, each
 * layer in ascending h, `layers` as blockLayers gives them): every pass
 * reads and writes a layer in ascending h, so each layer is one stretch of
 * the file read front to back, where h·blockBytes scatters it over the whole
 * file (docs/score-layered.md, "Streaming the layer being read"). An access
 * stays within one block.
 */
export function layerMajor(file: ScratchFile, layers: readonly (readonly number[])[], blockBytes: number): ScratchFile {
  const at = new Float64Array(layers.reduce((n, hs) => n + hs.length, 0));
  let next = 0;
  for (let p = layers.length - 1; p >= 0; p--) for (const h of item(layers, p)) at[h] = blockBytes * next++;
  const place = (position: number, length: number): number => {
    const h = Math.floor(position / blockBytes);
    const within = position - h * blockBytes;
    if (within + length > blockBytes) throw new Error(`score DP: a scratch access at ${position} (${length} bytes) leaves its block`);
    return item(at, h) + within;
  };
  return {
    write: (bytes, offset, length, position) => file.write(bytes, offset, length, place(position, length)),
    read: (bytes, offset, length, position) => file.read(bytes, offset, length, place(position, length)),
    close: () => file.close(),
  };
}

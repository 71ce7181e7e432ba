// Loads the kernel of the exact score DP: assembly/score-kernel.ts (AssemblyScript,
// where the algorithm and the memory layout are described) compiled by
// `npm run build` to score-kernel.wasm next to this module, in tools/ and in build/.
// Loading is synchronous so the DP runs the same on the main thread and in workers;
// the layout constants are read from the kernel's own exported globals.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

export const CON = constant('CON');
export const BYG = constant('BYG');
export const ALIVE = constant('ALIVE');
export const ALIVE_END = constant('ALIVE_END');
export const OPEN = constant('OPEN');
/** States per block of counts(): 2^BLOCK_BITS. */
export const BLOCK_BITS = constant('BLOCK_BITS');
export const CK = constant('CK');
export const MAX_CONSTRAINTS = constant('MAX_CONSTRAINTS');
export const MAX_PER_GHOST = constant('MAX_PER_GHOST');
/** Start value of the worst bonus still to come. */
export const UNSET_MIN = constant('UNSET_MIN');
/** What score-dp.ts adds to 2N for the distance between the kernel's tables. */
export const SPAN_PAD = constant('SPAN_PAD');

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

/** A fresh instance of the kernel (its own memory). */
export function instantiateKernel(): Kernel {
  const e = new WebAssembly.Instance(compiled, {}).exports as unknown as Kernel;
  return { memory: e.memory, counts: e.counts, countsAt: e.countsAt, solve: e.solve, stepFrom: e.stepFrom, mark: e.mark, markAcross: e.markAcross };
}

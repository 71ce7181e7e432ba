// Scratch storage kept in memory: the Scratch (kind.ts) a kind uses when it is
// called without the command layer's (tests, benchmarks). Files are sparse
// chunks of memory; a lock is held within this thread only. Pure, no Node-only imports.
import type { Scratch, ScratchFile } from './machine-services.ts';

const CHUNK = 1 << 20;

function memoryFile(): ScratchFile {
  const chunks = new Map<number, Uint8Array>();
  const each = (offset: number, length: number, position: number, run: (chunk: Uint8Array, at: number, from: number, n: number) => void) => {
    let done = 0;
    while (done < length) {
      const p = position + done;
      const at = p % CHUNK;
      const n = Math.min(length - done, CHUNK - at);
      let chunk = chunks.get(Math.floor(p / CHUNK));
      if (!chunk) chunks.set(Math.floor(p / CHUNK), (chunk = new Uint8Array(CHUNK)));
      run(chunk, at, offset + done, n);
      done += n;
    }
  };
  return {
    write: (bytes, offset, length, position) => each(offset, length, position, (chunk, at, from, n) => chunk.set(bytes.subarray(from, from + n), at)),
    read: (bytes, offset, length, position) => each(offset, length, position, (chunk, at, from, n) => bytes.set(chunk.subarray(at, at + n), from)),
    close: () => chunks.clear(),
  };
}

/** A Scratch in memory: files in memory, locks that never wait (one thread, one holder at a time by construction), no disk to fill. */
export function memoryScratch(): Scratch {
  return { file: memoryFile, lock: () => () => {}, freeBytes: () => Number.POSITIVE_INFINITY };
}

// The refusal of an exact score DP the machine has not the room for
// (docs/score-layered.md): the DP's memory against what the command layer
// read of the machine (lib/machine-services.ts Resources), up front; its scratch disk
// against the disk free when it is about to write (Scratch.freeBytes, after
// the heavy lock: while another DP holds it, that DP's files fill the disk).
// A refusal is a ResourceError, never an "unknown": a set's bytes never depend on
// the machine. What is refused before the work starts can still fail during
// it (another process fills the disk, the system grants less memory than it
// has): every DP writes through roomFile and allocates its large buffers
// through allocating, which turn exactly those failures (a full disk, an
// allocation refused) into the same one-line refusal; any other error passes
// unchanged.
import { ResourceError, type Resources, type Scratch, type ScratchFile } from 'proofpack/kind';

/** What one exact score DP needs: bytes of memory and of scratch disk. */
export interface DpNeeds {
  memory: number;
  disk: number;
}

/** The share of the machine's memory one DP may need: the kernel, Node and the rest of the run take the other tenth. */
export const MEMORY_SHARE = 0.9;

const gb = (bytes: number) => (bytes / 1e9).toFixed(1);

/** The one line of a refusal: what the board needs, what the machine lacks (`what`), what to do. */
export function roomRefusal(G: number, needs: DpNeeds, what: string): ResourceError {
  return new ResourceError(
    `the exact scores of a board of ${G} ghosts need ${gb(needs.memory)} GB of memory and ${gb(needs.disk)} GB of scratch disk (the temp folder); ${what}: lower scoreGhostLimit below ${G} or run on a machine with more (no flag or budget raises this)`,
  );
}

/** Throws the refusal when `machine` (absent: no check) has less memory than `needs` (MEMORY_SHARE of it). */
export function checkRoom(G: number, needs: DpNeeds, machine: Resources | undefined): void {
  if (!machine) return;
  if (needs.memory > MEMORY_SHARE * machine.memoryBytes) throw roomRefusal(G, needs, `this machine has ${gb(machine.memoryBytes)} GB of memory`);
}

/** Throws the refusal when the scratch disk has less free now than `needs`; call it when the writing is about to start. */
export function checkDisk(G: number, needs: DpNeeds, scratch: Scratch): void {
  const free = scratch.freeBytes();
  if (needs.disk > free) throw roomRefusal(G, needs, `the temp folder's disk has ${gb(free)} GB free`);
}

/** The write errors that mean the scratch disk (or this user's share of it) is full. */
const DISK_FULL: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** `file` with a write that fails on a full disk (DISK_FULL) turned into the refusal; other errors pass as they are. */
export function roomFile(file: ScratchFile, G: number, needs: DpNeeds): ScratchFile {
  return {
    write: (bytes, offset, length, position) => {
      try {
        file.write(bytes, offset, length, position);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException | null)?.code;
        if (typeof code === 'string' && DISK_FULL.has(code)) throw roomRefusal(G, needs, `the scratch disk is full (${code})`);
        throw e;
      }
    },
    read: (bytes, offset, length, position) => file.read(bytes, offset, length, position),
    close: () => file.close(),
  };
}

/** What V8 says when an ArrayBuffer, a typed array or a WebAssembly memory cannot be had (a RangeError). */
const ALLOCATION_FAILED = /allocation failed|could not allocate|Out of memory|Unable to grow|Maximum memory size exceeded|Array buffer allocation/i;

/** Whether `e` is a failed allocation: a RangeError saying so (not any RangeError: a deep recursion is one too). */
export function allocationFailed(e: unknown): boolean {
  return e instanceof RangeError && ALLOCATION_FAILED.test(e.message);
}

/** Runs `allocate` (one allocation of the DP's); a failed allocation (allocationFailed) becomes the refusal, other errors pass as they are. */
export function allocating<T>(G: number, needs: DpNeeds, allocate: () => T): T {
  try {
    return allocate();
  } catch (e) {
    if (allocationFailed(e)) throw roomRefusal(G, needs, 'the memory could not be had');
    throw e;
  }
}

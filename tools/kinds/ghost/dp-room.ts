// The refusal of an exact score DP the machine has not the room for
// (docs/score-layered.md): the DP's memory against what the command layer
// read of the machine (lib/kind.ts MachineRoom), up front; its scratch disk
// against the disk free when it is about to write (Scratch.freeBytes, after
// the heavy lock: while another DP holds it, that DP's files fill the disk).
// A refusal is a RoomError, never an "unknown": a set's bytes never depend on
// the machine.
import { RoomError, type MachineRoom, type Scratch } from 'proofpack/kind';

/** What one exact score DP needs: bytes of memory and of scratch disk. */
export interface DpNeeds {
  memory: number;
  disk: number;
}

/** The share of the machine's memory one DP may need: the kernel, Node and the rest of the run take the other tenth. */
export const MEMORY_SHARE = 0.9;

const gb = (bytes: number) => (bytes / 1e9).toFixed(1);

/** The one line of a refusal: what the board needs, what the machine lacks (`what`), what to do. */
export function roomRefusal(G: number, needs: DpNeeds, what: string): RoomError {
  return new RoomError(
    `the exact scores of a board of ${G} ghosts need ${gb(needs.memory)} GB of memory and ${gb(needs.disk)} GB of scratch disk (the temp folder); ${what}: lower scoreGhostLimit below ${G} or run on a machine with more (no flag or budget raises this)`,
  );
}

/** Throws the refusal when `machine` (absent: no check) has less memory than `needs` (MEMORY_SHARE of it). */
export function checkRoom(G: number, needs: DpNeeds, machine: MachineRoom | undefined): void {
  if (!machine) return;
  if (needs.memory > MEMORY_SHARE * machine.memoryBytes) throw roomRefusal(G, needs, `this machine has ${gb(machine.memoryBytes)} GB of memory`);
}

/** Throws the refusal when the scratch disk has less free now than `needs`; call it when the writing is about to start. */
export function checkDisk(G: number, needs: DpNeeds, scratch: Scratch): void {
  const free = scratch.freeBytes();
  if (needs.disk > free) throw roomRefusal(G, needs, `the temp folder's disk has ${gb(free)} GB free`);
}

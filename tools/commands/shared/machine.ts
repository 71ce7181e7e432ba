// What the commands read of the machine for a kind: its memory (lib/kind.ts
// MachineRoom) and the free space where scratch files go (Scratch.freeBytes,
// read by scratch.ts when a computation is about to write). A kind compares
// them with what a computation needs and refuses with a RoomError; the
// command names the file and level (tasks.ts). The results never depend on
// them: a machine either computes a level's values or refuses it.
import { statfsSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { MachineRoom } from '../../lib/kind.ts';

/**
 * The machine's memory. Tests only: PROOFPACK_TEST_MACHINE_BYTES stands for
 * it (a small figure makes a small board too big, so a refusal is tested
 * without allocating gigabytes). Unset: os.totalmem().
 */
export function machineRoom(): MachineRoom {
  const testMemory = Number(process.env['PROOFPACK_TEST_MACHINE_BYTES'] ?? 0);
  return { memoryBytes: testMemory > 0 ? testMemory : totalmem() };
}

/** Bytes free now for this user on the disk of `dir`; Infinity on a system without statfs (a full disk is still refused when a write fails, ENOSPC). */
export function freeDiskBytes(dir: string): number {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

// What the commands read of the machine for a kind (lib/kind.ts MachineRoom):
// its memory and the free space where scratch files go. A kind compares them
// with what a computation needs and refuses up front with a RoomError; the
// command names the file and level (tasks.ts). The results never depend on
// them: a machine either computes a level's values or refuses it.
import { statfsSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import type { MachineRoom } from '../../lib/kind.ts';

/**
 * The machine's room now, for scratch files in `dir` (the temp folder, as scratch.ts).
 * Tests only: PROOFPACK_TEST_MACHINE_BYTES stands for the machine's memory (a small
 * figure makes a small board too big, so a refusal is tested without allocating
 * gigabytes). Unset: os.totalmem().
 */
export function machineRoom(dir: string = tmpdir()): MachineRoom {
  const testMemory = Number(process.env['PROOFPACK_TEST_MACHINE_BYTES'] ?? 0);
  const memoryBytes = testMemory > 0 ? testMemory : totalmem();
  let scratchFreeBytes = Number.POSITIVE_INFINITY;
  try {
    const s = statfsSync(dir);
    scratchFreeBytes = s.bavail * s.bsize;
  } catch {
    // a system without statfs: a full disk is still refused when a write fails (ENOSPC)
  }
  return { memoryBytes, scratchFreeBytes };
}

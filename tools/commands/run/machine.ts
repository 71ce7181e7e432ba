// What the commands read of the machine for a kind: its memory (lib/machine-services.ts
// Resources: the container's limit where one is set) and the disk space
// scratch files may take where they go (Scratch.freeBytes, read by scratch.ts
// when a computation is about to write: the space free now, less a reserve
// that is never filled). A kind compares them with what a computation needs
// and refuses with a ResourceError; the command names the file and level
// (tasks.ts). The results never depend on them: a machine either computes a
// level's values or refuses it. The default memory ceiling of a whole run
// (--max-memory-mib, watchdog.ts) is taken from the same reading.
import { statfsSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { Resources } from '../../lib/machine-services.ts';

/** The memory readings the limit is taken from: os.totalmem() and process.constrainedMemory() (0 or undefined: no limit set). */
export interface MemoryReadings {
  total: number;
  constrained: number | undefined;
}

/** This process's memory readings. */
export function memoryReadings(): MemoryReadings {
  return { total: totalmem(), constrained: process.constrainedMemory?.() };
}

/**
 * The memory this process may use: the container's (cgroup's) limit when one
 * is set and smaller than the machine's memory (a limit of "max" reads as a
 * huge number), else the machine's memory.
 */
export function memoryLimit(r: MemoryReadings = memoryReadings()): number {
  const c = r.constrained;
  return c !== undefined && Number.isFinite(c) && c > 0 && c < r.total ? c : r.total;
}

/**
 * The machine's resources a kind is given (AnalyzeContext.resources): its memory (memoryLimit). Tests only: PROOFPACK_TEST_MACHINE_BYTES
 * stands for it (a small figure makes a small board too big, so a refusal is
 * tested without allocating gigabytes).
 */
export function machineRoom(): Resources {
  const testMemory = Number(process.env['PROOFPACK_TEST_MACHINE_BYTES'] ?? 0);
  return { memoryBytes: testMemory > 0 ? testMemory : memoryLimit() };
}

/**
 * The share of the machine's memory (memoryLimit) the default --max-memory-mib
 * allows the whole run: above the 90 % one computation of a kind may plan for
 * (ghost's room check), below the limit where the kernel ends the process.
 */
export const RUN_MEMORY_SHARE = 0.95;

/**
 * The default of --max-memory-mib: RUN_MEMORY_SHARE of the memory this
 * process may use (the container's limit where one is set), so that a run
 * past it stops with one line before the kernel ends it.
 */
export function defaultMaxMemoryMib(r: MemoryReadings = memoryReadings()): number {
  return Math.floor((RUN_MEMORY_SHARE * memoryLimit(r)) / 2 ** 20);
}

/** The least a disk keeps free of scratch files: 2 GiB ... */
export const DISK_RESERVE_BYTES = 2 * 2 ** 30;
/** ... or this share of the disk's size, when that is more. */
export const DISK_RESERVE_SHARE = 0.05;

/** The bytes of a disk of `size` bytes that scratch files never fill: max(2 GiB, 5 % of it). */
export function diskReserve(size: number): number {
  return Math.max(DISK_RESERVE_BYTES, DISK_RESERVE_SHARE * size);
}

/** What statfs says of a disk, in the units that matter here. */
export interface DiskReadings {
  /** Blocks free for this user, the disk's blocks, and the block size. */
  bavail: number;
  blocks: number;
  bsize: number;
}

/**
 * Bytes scratch files may still take on the disk of `dir`: free now for this
 * user, less diskReserve of the disk (never below 0). Infinity on a system
 * without statfs (a full disk is still refused when a write fails, ENOSPC).
 */
export function usableDiskBytes(dir: string, statfs: (dir: string) => DiskReadings = statfsSync): number {
  let s: DiskReadings;
  try {
    s = statfs(dir);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
  return Math.max(0, s.bavail * s.bsize - diskReserve(s.blocks * s.bsize));
}

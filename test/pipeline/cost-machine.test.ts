// What the commands read of the machine (issue 43): the memory is the
// container's limit where one is set (a 30-ghost DP in a 2 GB container is
// refused in one line, not killed by the system), and scratch files never
// fill a disk: the last max(2 GiB, 5 %) of it stays free.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diskReserve, machineRoom, memoryLimit, usableDiskBytes } from '../../tools/commands/run/machine.ts';
import { checkDisk, checkRoom } from '../../tools/kinds/ghost/score/dp-room.ts';
import { dpNeeds } from '../../tools/kinds/ghost/score/score-assets.ts';
import { layeredDisk } from '../../tools/kinds/ghost/score/dp-layered.ts';
import { memoryScratch } from '../../tools/lib/scratch.ts';
import { ResourceError } from '../../tools/lib/errors.ts';

const GiB = 2 ** 30;
afterEach(() => vi.restoreAllMocks());

describe("the memory is the container's", () => {
  it('the limit when one is set and smaller than the machine, else the machine', () => {
    expect(memoryLimit({ total: 25 * GiB, constrained: 2 * GiB })).toBe(2 * GiB);
    expect(memoryLimit({ total: 25 * GiB, constrained: undefined })).toBe(25 * GiB);
    expect(memoryLimit({ total: 25 * GiB, constrained: 0 })).toBe(25 * GiB);
    // cgroup v2 "max" reads as 2^64
    expect(memoryLimit({ total: 25 * GiB, constrained: 2 ** 64 })).toBe(25 * GiB);
  });

  it('machineRoom reads process.constrainedMemory(): a 30-ghost DP in a 2 GB container is refused before it allocates', () => {
    vi.spyOn(process, 'constrainedMemory').mockReturnValue(2e9);
    const room = machineRoom();
    expect(room.memoryBytes).toBe(2e9);
    expect(() => checkRoom(30, dpNeeds(30, room), room)).toThrow(ResourceError);
    expect(() => checkRoom(30, dpNeeds(30, room), room)).toThrow(
      /board of 30 ghosts need .* this machine has 2\.0 GB of memory: lower scoreGhostLimit below 30/,
    );
  });
});

describe('scratch files never fill a disk', () => {
  const disk = (sizeGiB: number, freeGiB: number) => () => ({ bsize: 4096, blocks: (sizeGiB * GiB) / 4096, bavail: (freeGiB * GiB) / 4096 });

  it('keeps max(2 GiB, 5 % of the disk) free', () => {
    expect(diskReserve(10 * GiB)).toBe(2 * GiB);
    expect(diskReserve(1000 * GiB)).toBe(50 * GiB);
    expect(usableDiskBytes('/any', disk(20, 3))).toBe(1 * GiB);
    expect(usableDiskBytes('/any', disk(200, 30))).toBe(20 * GiB);
    expect(usableDiskBytes('/any', disk(200, 8))).toBe(0);
    expect(
      usableDiskBytes('/any', () => {
        throw new Error('no statfs here');
      }),
    ).toBe(Number.POSITIVE_INFINITY);
  });

  it('a 29-ghost DP (2.1 GB of scratch) on a temp folder with 3 GB free is refused up front, not let fill the disk', () => {
    const scratch = { ...memoryScratch(), freeBytes: () => usableDiskBytes('/tmp', disk(50, 3)) };
    expect(layeredDisk(29)).toBeLessThan(3 * GiB);
    expect(() => checkDisk(29, { memory: 0, disk: layeredDisk(29) }, scratch)).toThrow(
      /board of 29 ghosts need .* 2\.1 GB of scratch disk .* has 0\.5 GB free/,
    );
  });
});

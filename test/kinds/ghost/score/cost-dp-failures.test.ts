// A full scratch disk or a refused allocation in the middle of an exact score
// DP (issue 43: with 29 ghosts, --threads 2 and a 3 GB temp folder both DPs
// passed the disk check and died on ENOSPC, exit 3; only the medal DP mapped
// it): every DP path gives the one-line refusal (a ResourceError, which the
// commands print with the file and level, exit 2), at whatever write the disk
// fills up. Only those failures: any other error passes unchanged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scoreModel } from '../../../../tools/kinds/ghost/score-rule.ts';
import { dpModel } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { exactScores } from '../../../../tools/kinds/ghost/score/score-assets.ts';
import { medalOptima, type MedalOptions } from '../../../../tools/kinds/ghost/score/dp-medal.ts';
import { singleOptima } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import { allocating, allocationFailed } from '../../../../tools/kinds/ghost/score/dp-room.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { memoryScratch } from '../../../../tools/lib/scratch.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';
import { ResourceError } from '../../../../tools/lib/errors.ts';
import type { Scratch } from '../../../../tools/lib/machine-services.ts';

afterEach(() => vi.restoreAllMocks());

const model = (G: number) => {
  const { puzzle, solution } = randomBoard(rngFor(43, 'enospc', G), 7, G, 8);
  return scoreModel(puzzle, solution);
};

/** A scratch in memory whose `fail`-th write (0-based, over all its files) throws an error of `code`, as a full disk does; `writes` counts them. */
function failing(fail: number, code: string): Scratch & { writes: number } {
  const inner = memoryScratch();
  const s = {
    ...inner,
    writes: 0,
    file: () => {
      const f = inner.file();
      return {
        ...f,
        write: (bytes: Uint8Array, offset: number, length: number, position: number) => {
          if (s.writes++ === fail) throw Object.assign(new Error(`${code}: on purpose, write`), { code });
          f.write(bytes, offset, length, position);
        },
      };
    },
  };
  return s;
}

/** Every DP path that writes a scratch file, on a small board with small blocks (many blocks, many writes). */
const paths: [string, (scratch: Scratch) => void][] = [
  ['layered (both medals a pass)', (scratch) => void exactScores(model(12), scratch, 5)],
  ...(
    [
      ['medal, course assets kept', { courses: true, stream: false }],
      ['medal, no course assets', { courses: false, stream: false }],
      ['medal, streamed', { courses: true, stream: true, streamSlots: 12 }],
      ['medal, streamed, no course assets', { courses: false, stream: true, streamSlots: 12 }],
    ] as [string, MedalOptions][]
  ).map(([name, options]): [string, (scratch: Scratch) => void] => [
    name,
    (scratch) => medalOptima(dpModel(model(12)), scratch, { lowBits: 5, ...options }).release(),
  ]),
];

describe('a scratch disk that fills up during the DP', () => {
  it.each(paths)('%s: at the first, a middle and the last write, ENOSPC and EDQUOT are the one-line refusal', (_, dp) => {
    const count = failing(-1, 'ENOSPC');
    dp(count);
    expect(count.writes).toBeGreaterThan(10);
    for (const at of [0, Math.floor(count.writes / 2), count.writes - 1])
      for (const code of ['ENOSPC', 'EDQUOT']) {
        let thrown: unknown;
        try {
          dp(failing(at, code));
        } catch (e) {
          thrown = e;
        }
        expect(thrown, `write ${at} of ${count.writes}`).toBeInstanceOf(ResourceError);
        expect((thrown as Error).message).toMatch(
          new RegExp(
            `^the exact scores of a board of 12 ghosts need \\d+\\.\\d GB of memory and \\d+\\.\\d GB of scratch disk \\(the temp folder\\); the scratch disk is full \\(${code}\\): lower scoreGhostLimit below 12 or run on a machine with more \\(no flag or budget raises this\\)$`,
          ),
        );
      }
  });

  it.each(paths)('%s: another write error (EIO) is not a refusal: it passes as it is', (_, dp) => {
    expect(() => dp(failing(0, 'EIO'))).toThrow(expect.objectContaining({ code: 'EIO', name: 'Error' }));
  });
});

describe('an allocation the system refuses', () => {
  it('is the refusal; a RangeError that is not one (a deep recursion) and other errors pass as they are', () => {
    const needs = { memory: 1e9, disk: 0 };
    const refused = () =>
      allocating(20, needs, () => {
        throw new RangeError('Array buffer allocation failed');
      });
    expect(refused).toThrow(ResourceError);
    expect(refused).toThrow(/board of 20 ghosts need 1\.0 GB of memory .*; the memory could not be had: lower scoreGhostLimit below 20/);
    expect(allocationFailed(new RangeError('WebAssembly.Memory.grow(): Unable to grow instance memory'))).toBe(true);
    expect(allocationFailed(new RangeError('Maximum call stack size exceeded'))).toBe(false);
    expect(allocationFailed(new Error('Array buffer allocation failed'))).toBe(false);
    expect(() =>
      allocating(20, needs, () => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
    ).toThrow(RangeError);
  });

  it('the single-memory DP: a kernel memory the system will not grow is the refusal', () => {
    vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => {
      throw new RangeError('WebAssembly.Memory.grow(): Unable to grow instance memory');
    });
    // a board bigger than any this thread's kernel memory has held
    const big = dpModel(model(24));
    expect(() => singleOptima(big)).toThrow(ResourceError);
    expect(() => singleOptima(big)).toThrow(/board of 24 ghosts need 0\.1 GB of memory and 0\.0 GB of scratch disk .*; the memory could not be had/);
  });
});

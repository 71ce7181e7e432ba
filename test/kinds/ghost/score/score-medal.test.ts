// The DP past 32 ghosts (dp-medal.ts: one medal a pass, ck recounted, block
// terms cut on the JavaScript side) on small boards with small blocks, against
// the single-memory kernel (optima, free ghosts, optimal-state counts, bitsets,
// W values and the course assets made from them); its counters against a
// direct count at G = 36, on blocks whose states lie past 2^32; and its
// refusal, in one line, when the machine has too little memory, or too little
// free scratch disk once the heavy lock is held.
import { describe, expect, it } from 'vitest';
import { scoreModel, type ScoreModel } from '../../../../tools/kinds/ghost/score-rule.ts';
import { blockMap, blockTerms, CK, CK_SHIFT, countsBlock, dpModel, loadKernel } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { optimalStates, scoreTables, singleOptima } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import {
  medalDisk,
  medalMemory,
  medalNeeds,
  medalOptima,
  medalStreams,
  streamMemory,
  type MedalOptions,
} from '../../../../tools/kinds/ghost/score/dp-medal.ts';
import { BlockCache, layerMajor, layerRuns } from '../../../../tools/kinds/ghost/score/dp-stream.ts';
import { checkDisk, checkRoom } from '../../../../tools/kinds/ghost/score/dp-room.ts';
import { dpNeeds } from '../../../../tools/kinds/ghost/score/score-assets.ts';
import { blockLayers, HEAVY_LOCK, heavyHold, Slots } from '../../../../tools/kinds/ghost/score/dp-layered.ts';
import { courseAssets } from '../../../../tools/kinds/ghost/score/course-build.ts';
import { memoryScratch } from '../../../../tools/lib/scratch.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';
import type { Scratch, Threads } from '../../../../tools/lib/machine-services.ts';
import { machineTeam } from '../../../../tools/commands/run/team.ts';

function board(stream: string, i: number, ghosts: number) {
  const rng = rngFor(33, stream, i);
  const n = ghosts > 14 ? rng.int(7, 9) : rng.int(5, 7);
  return randomBoard(rng, n, ghosts, rng.int(2, 2 * n));
}

describe('the DP one medal a pass equals the single-memory kernel', () => {
  const cases: [number, number, number][] = [
    // [ghosts, low ghosts per block, board]
    [9, 5, 0],
    [13, 6, 1],
    [16, 5, 2],
    [18, 9, 3],
    [18, 12, 4],
  ];
  it.each(cases)('G = %i, blocks of 2^%i: optima, free ghosts, states on optimal plays, W and course assets', (G, L, i) => {
    const { puzzle, solution } = board('medal', i, G);
    const model = scoreModel(puzzle, solution);
    const d = dpModel(model);
    const n = puzzle.size;
    // the medal DP first (its results live in its own arena and scratch files), values copied out
    const med = medalOptima(d, memoryScratch(), { lowBits: L, courses: true });
    const kept = [med.best, med.worst].map((play) => {
      const { keys, ws } = play.values((len) => new Uint32Array(len));
      return { keys: [...keys], ws: [...ws], states: Buffer.from(play.states.buffer).toString('base64'), count: play.count, notFree: play.notFree };
    });
    const medCourses = courseAssets(med, model.ghostCell, n);
    med.release();
    const want = [optimalStates(scoreTables(d), 'max'), optimalStates(scoreTables(d), 'min')].map((play) => {
      const { keys, ws } = play.values((len) => new Uint32Array(len));
      const states = Buffer.from(play.states.buffer, play.states.byteOffset, Math.max(4, 2 ** G / 8)).toString('base64');
      return { keys: [...keys], ws: [...ws], states, count: play.count, notFree: play.notFree };
    });
    expect(kept).toEqual(want);
    const single = singleOptima(d);
    expect([med.maxBonus, med.minBonus]).toEqual([single.maxBonus, single.minBonus]);
    expect(medCourses).toEqual(courseAssets(single, model.ghostCell, n));
    expect(medCourses.max).not.toBeNull();
  });

  it.each(cases)('G = %i, blocks of 2^%i, as past 32 ghosts: the same optima, free ghosts and counts; no course assets', (G, L, i) => {
    const { puzzle, solution } = board('medal', i, G);
    const model = scoreModel(puzzle, solution);
    const d = dpModel(model);
    const med = medalOptima(d, memoryScratch(), { lowBits: L, courses: false });
    const got = { max: med.maxBonus, min: med.minBonus, best: [med.best.count, med.best.notFree], worst: [med.worst.count, med.worst.notFree] };
    const courses = courseAssets(med, model.ghostCell, puzzle.size);
    med.release();
    expect(courses).toEqual({ max: null, min: null });
    const single = singleOptima(d);
    expect(got).toEqual({
      max: single.maxBonus,
      min: single.minBonus,
      best: [single.best.count, single.best.notFree],
      worst: [single.worst.count, single.worst.notFree],
    });
  });
});

describe("the blocks of a layer on a team's threads (dp-medal-blocks.ts)", () => {
  /** Everything the medal DP gives (optima, bitsets, counts, free ghosts, W, course assets), on `team`. */
  const run = (G: number, L: number, i: number, team?: Threads) => {
    const { puzzle, solution } = board('medal', i, G);
    const model = scoreModel(puzzle, solution);
    const med = medalOptima(dpModel(model), memoryScratch(), { lowBits: L, courses: true, ...(team ? { team } : {}) });
    try {
      const plays = [med.best, med.worst].map((play) => {
        const { keys, ws } = play.values((len) => new Uint32Array(len));
        return { keys: [...keys], ws: [...ws], states: Buffer.from(play.states.buffer).toString('base64'), count: play.count, notFree: play.notFree };
      });
      return { max: med.maxBonus, min: med.minBonus, plays, courses: courseAssets(med, model.ghostCell, puzzle.size) };
    } finally {
      med.release();
    }
  };
  it.each([
    [16, 5, 2],
    [18, 9, 3],
  ])('G = %i, blocks of 2^%i: two and three threads give what one gives, and the kernel', (G, L, i) => {
    const one = run(G, L, i);
    expect(run(G, L, i, machineTeam(2))).toEqual(one);
    expect(run(G, L, i, machineTeam(3))).toEqual(one);
    const single = singleOptima(dpModel(scoreModel(board('medal', i, G).puzzle, board('medal', i, G).solution)));
    expect([one.max, one.min, one.plays[0]!.count, one.plays[1]!.count]).toEqual([single.maxBonus, single.minBonus, single.best.count, single.worst.count]);
  });
});

describe('the layer being read streamed from the scratch file (dp-stream.ts)', () => {
  /** A scratch in memory that records, per file, the positions written and read, and counts the bytes read back. */
  const recorded = () => {
    const inner = memoryScratch();
    const seen = { read: 0, files: [] as { writes: number[]; reads: number[] }[] };
    const scratch: Scratch = {
      lock: inner.lock,
      freeBytes: inner.freeBytes,
      file: () => {
        const f = inner.file();
        const at = { writes: [] as number[], reads: [] as number[] };
        seen.files.push(at);
        return {
          ...f,
          write: (bytes, offset, length, position) => (at.writes.push(position), f.write(bytes, offset, length, position)),
          read: (bytes, offset, length, position) => (at.reads.push(position), (seen.read += length), f.read(bytes, offset, length, position)),
        };
      },
    };
    return { scratch, seen };
  };
  /** Everything the medal DP gives (optima, bitsets, counts, free ghosts, W, course assets), and the bytes it read back. */
  const run = (G: number, L: number, i: number, options: MedalOptions) => {
    const { puzzle, solution } = board('medal', i, G);
    const model = scoreModel(puzzle, solution);
    const { scratch, seen } = recorded();
    const med = medalOptima(dpModel(model), scratch, { lowBits: L, courses: true, ...options });
    try {
      const plays = [med.best, med.worst].map((play) => {
        const { keys, ws } = play.values((len) => new Uint32Array(len));
        return { keys: [...keys], ws: [...ws], states: Buffer.from(play.states.buffer).toString('base64'), count: play.count, notFree: play.notFree };
      });
      return { got: { max: med.maxBonus, min: med.minBonus, plays, courses: courseAssets(med, model.ghostCell, puzzle.size) }, read: seen.read };
    } finally {
      med.release();
    }
  };
  it.each([
    // [ghosts, low ghosts per block, board, slots]
    [16, 5, 2, 12],
    [16, 5, 5, 40],
    [18, 9, 3, 10],
    [18, 9, 6, 24],
  ])('G = %i, blocks of 2^%i, board %i, %i slots: one and two threads give what the DP in memory gives, and the kernel', (G, L, i, slots) => {
    const memory = run(G, L, i, { stream: false });
    const streamed = run(G, L, i, { stream: true, streamSlots: slots });
    expect(streamed.got).toEqual(memory.got);
    expect(run(G, L, i, { stream: true, streamSlots: slots, team: machineTeam(2) }).got).toEqual(memory.got);
    // the successors and the marked predecessors were read back from the file
    expect(streamed.read).toBeGreaterThan(memory.read + 2 * 2 ** G);
    const single = singleOptima(dpModel(scoreModel(board('medal', i, G).puzzle, board('medal', i, G).solution)));
    const { max, min, plays } = streamed.got;
    expect([max, min, plays[0]!.count, plays[1]!.count, plays[0]!.notFree]).toEqual([
      single.maxBonus,
      single.minBonus,
      single.best.count,
      single.worst.count,
      single.best.notFree,
    ]);
  });

  it.each([
    [false, undefined],
    [true, 12],
  ])('streamed %s: the backward pass writes its file front to back, a layer in one stretch, and reads only what it wrote', (stream, slots) => {
    const [G, L] = [16, 5];
    const { scratch, seen } = recorded();
    const { puzzle, solution } = board('medal', 2, G);
    const med = medalOptima(dpModel(scoreModel(puzzle, solution)), scratch, { lowBits: L, courses: false, stream, ...(slots ? { streamSlots: slots } : {}) });
    med.release();
    const blocks = 2 ** (G - L);
    const block = 2 * 2 ** L;
    expect(seen.files.length).toBe(2);
    for (const { writes, reads } of seen.files) {
      // the backward pass writes each block once, layer H first: position i·block for the i-th
      expect(writes.slice(0, blocks)).toEqual(Array.from({ length: blocks }, (_, i) => i * block));
      expect(reads.length).toBeGreaterThan(0);
      for (const at of reads) expect(at % block === 0 && at < blocks * block).toBe(true);
    }
  });

  it('lays a layer out in one stretch and reads the missing blocks of a run front to back, whatever order they are named in', () => {
    const H = 4;
    const reads: number[] = [];
    const file = layerMajor({ write: () => {}, read: (_b, _o, _l, position) => void reads.push(position), close: () => {} }, blockLayers(H), 8);
    const cache = new BlockCache(new Slots(new ArrayBuffer(8 * 6), 8, 6), file, 8);
    // layer 2 of four high ghosts, 3, 5, 6, 9, 10, 12, lies at 5-10, after layers 4 (one block) and 3 (four)
    cache.hold([12, 5, 9]);
    cache.hold([9, 3, 10, 6]);
    expect(reads).toEqual([6, 8, 10, 5, 7, 9].map((i) => 8 * i));
    expect(() => file.read(new Uint8Array(8), 0, 8, 8 * 3 + 4)).toThrow(/leaves its block/);
  });

  it('cuts a layer into runs of consecutive blocks whose own slots and distinct neighbours fit the slots', () => {
    const H = 10;
    const hs = blockLayers(H)[4]!;
    const successors = (h: number, add: (s: number) => void) => {
      for (let g = 0; g < H; g++) if (!((h >>> g) & 1)) add(h | (1 << g));
    };
    let next = 0;
    for (const { from, to, needed } of layerRuns(hs, successors, 1, 30)) {
      expect(from).toBe(next);
      expect(to).toBeGreaterThan(from);
      const want = new Set<number>();
      for (let i = from; i < to; i++) successors(hs[i]!, (s) => want.add(s));
      expect([...needed].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
      expect(to - from + needed.length).toBeLessThanOrEqual(30);
      next = to;
    }
    expect(next).toBe(hs.length);
  });
});

/** ck(S) by a direct count over the model, with BigInt masks (S may have 36 bits): cells opened beyond the start ones, shifted, plus complete constraints. */
function directCk(m: ScoreModel, s: bigint): number {
  const complete: boolean[] = [];
  for (let c = 0; c < m.count; c++) {
    let all = true;
    for (let j = m.ghostStart[c]!; j < m.ghostStart[c + 1]!; j++) if (!((s >> BigInt(m.ghostList[j]!)) & 1n)) all = false;
    complete.push(all);
  }
  const open = new Set<number>();
  for (let c = 0; c < m.count; c++) {
    if (!complete[c]) continue;
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) if (!m.openAtStart[m.cellList[j]!]) open.add(m.cellList[j]!);
  }
  return (open.size << CK_SHIFT) + complete.filter(Boolean).length;
}

describe('the counters past 32 ghosts', () => {
  it('G = 36: ck of blocks whose states lie past 2^32 equals a direct count', () => {
    const rng = rngFor(33, 'wide', 0);
    const { puzzle, solution } = randomBoard(rng, 9, 36, 24);
    const model = scoreModel(puzzle, solution);
    const d = dpModel(model);
    expect(d.G).toBe(36);
    expect(d.termHigh.some((w) => w !== 0)).toBe(true); // terms with ghosts 32..35
    const L = 7;
    const B = 2 ** L;
    const map = blockMap(B);
    const k = loadKernel(d, map);
    const terms = blockTerms(d, L);
    const top = 2 ** (36 - L) - 1;
    const blocks = [0, 1, top, top - 1, 2 ** 25 + 2 ** 28 + 5, 0x15555555 & top];
    for (let i = 0; i < 12; i++) blocks.push(rng.int(0, top));
    for (const h of blocks) {
      for (const at of [0, map.succ]) {
        countsBlock(k, terms, h, at, map.span);
        const ck = new Uint16Array(k.memory.buffer, CK + 2 * at, B);
        for (let lo = 0; lo < B; lo++) if (ck[lo] !== directCk(model, (BigInt(h) << BigInt(L)) | BigInt(lo))) expect.fail(`block ${h}, state ${lo}: ${ck[lo]}`);
      }
    }
  });
});

describe('what the DP past 32 ghosts needs', () => {
  it('memory and disk by G: two layers of 2^16-state blocks at 2 + 1/8 bytes a state; one scratch file of 2 bytes a state', () => {
    const layersAt = (G: number) => {
      const H = G - 16;
      const c = (k: number) => {
        let x = 1;
        for (let i = 1; i <= k; i++) x = (x * (H - k + i)) / i;
        return Math.round(x);
      };
      return c(Math.floor(H / 2)) + c(Math.ceil(H / 2) - (H % 2 === 0 ? 1 : 0));
    };
    for (const G of [33, 34, 35, 36]) expect(medalMemory(G)).toBe(layersAt(G) * (2 * 2 ** 16 + 2 ** 13));
    expect((medalMemory(34) / 1e9).toFixed(1)).toBe('12.9');
    expect((medalMemory(36) / 1e9).toFixed(1)).toBe('49.1');
    expect(medalDisk(34)).toBe(2 * 2 ** 34);
    // streamed: 2^15 slots of a block's F, and the marks of two layers
    for (const G of [33, 34, 35, 36]) expect(streamMemory(G)).toBe(2 ** 15 * 2 * 2 ** 16 + layersAt(G) * 2 ** 13);
    expect((streamMemory(35) / 1e9).toFixed(1)).toBe('5.8');
    expect(medalNeeds(36, true)).toEqual({ memory: streamMemory(36), disk: 2 * 2 ** 36 });
  });

  it('streams where two layers do not fit: 35 ghosts fit a machine of 24 GB with 75 GB of free disk, 36 do not (disk)', () => {
    const here = { memoryBytes: 24e9 };
    const disk = { ...memoryScratch(), freeBytes: () => 75e9 };
    expect([33, 34, 35, 36].map((G) => medalStreams(G, here))).toEqual([false, false, true, true]);
    expect(medalStreams(35, undefined)).toBe(false);
    expect(dpNeeds(34, here)).toEqual({ memory: medalMemory(34), disk: medalDisk(34) });
    expect(dpNeeds(35, here)).toEqual({ memory: streamMemory(35), disk: medalDisk(35) });
    expect(() => checkRoom(35, dpNeeds(35, here), here)).not.toThrow();
    expect(() => checkDisk(35, dpNeeds(35, here), disk)).not.toThrow();
    expect(() => checkRoom(36, dpNeeds(36, here), here)).not.toThrow();
    expect(() => checkDisk(36, dpNeeds(36, here), disk)).toThrow(
      "the exact scores of a board of 36 ghosts need 7.2 GB of memory and 137.4 GB of scratch disk (the temp folder); the temp folder's disk has 75.0 GB free: lower scoreGhostLimit below 36",
    );
  });

  it('is refused in one line naming the ghosts, the GB needed and what to do, before any work, on a machine with too little memory', () => {
    const rng = rngFor(33, 'wide', 1);
    for (const [G, machine, text] of [
      // streamed (two layers do not fit), and still over the machine
      [34, 4e9, 'need 5.1 GB of memory and 34.4 GB of scratch disk (the temp folder); this machine has 4.0 GB'],
      [36, 6e9, 'need 7.2 GB of memory and 137.4 GB of scratch disk (the temp folder); this machine has 6.0 GB'],
    ] as const) {
      const { puzzle, solution } = randomBoard(rng, 9, G, 24);
      const d = dpModel(scoreModel(puzzle, solution));
      expect(() => medalOptima(d, memoryScratch(), { machine: { memoryBytes: machine } })).toThrow(
        `the exact scores of a board of ${G} ghosts ${text} of memory: lower scoreGhostLimit below ${G} or run on a machine with more (no flag or budget raises this)`,
      );
    }
    // a small board on a machine just large enough runs
    const { puzzle, solution } = board('medal', 0, 9);
    const d = dpModel(scoreModel(puzzle, solution));
    const need = medalMemory(9, 5, false);
    const free = (bytes: number): Scratch => ({ ...memoryScratch(), freeBytes: () => bytes });
    expect(() => medalOptima(d, free(medalDisk(9, false)), { lowBits: 5, courses: false, machine: { memoryBytes: need / 0.9 } }).release()).not.toThrow();
    // and is refused with a byte less of free scratch disk
    expect(() => medalOptima(d, free(medalDisk(9, false) - 1), { lowBits: 5, courses: false, machine: { memoryBytes: need / 0.9 } })).toThrow(
      "the exact scores of a board of 9 ghosts need 0.0 GB of memory and 0.0 GB of scratch disk (the temp folder); the temp folder's disk has 0.0 GB free: lower scoreGhostLimit below 9",
    );
  });
});

describe('the scratch disk of a heavy DP', () => {
  /** A scratch whose disk has `before` bytes free until the heavy lock is granted (another DP's files), `after` from then on; it logs what the DP asks. */
  const queued = (before: number, after: number) => {
    const log: string[] = [];
    let free = before;
    const scratch: Scratch = {
      ...memoryScratch(),
      lock: (name) => {
        log.push(`lock ${name}`);
        free = after;
        return () => log.push('unlock');
      },
      freeBytes: () => (log.push('free'), free),
    };
    return { scratch, log };
  };
  const needs = dpNeeds(35, { memoryBytes: 24e9 });

  it('is measured once the heavy lock is held, so a DP queued behind another is not refused on the disk that one fills', () => {
    const { scratch, log } = queued(10e9, 75e9);
    const hold = heavyHold(35, scratch, needs);
    expect(log).toEqual([`lock ${HEAVY_LOCK}`, 'free']);
    hold.release();
    expect(log.at(-1)).toBe('unlock');
  });

  it('refuses in one line when the disk is short with the lock held, and lets the lock go', () => {
    const { scratch, log } = queued(75e9, 10e9);
    expect(() => heavyHold(35, scratch, needs)).toThrow(
      "the exact scores of a board of 35 ghosts need 5.8 GB of memory and 68.7 GB of scratch disk (the temp folder); the temp folder's disk has 10.0 GB free: lower scoreGhostLimit below 35",
    );
    expect(log).toEqual([`lock ${HEAVY_LOCK}`, 'free', 'unlock']);
  });
});

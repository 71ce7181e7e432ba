// The exact score DP past the single-memory kernel's limit (docs/score-layered.md):
// the same recurrence as score-dp.ts, over the 2^G states cut into 2^H blocks of
// B = 2^L states (L = the low ghosts 0..L−1, H = G − L high ghosts). Block h holds
// the states h·B + l; a catch of a low ghost stays inside the block (the kernel's
// solve()), a catch of high ghost L+g goes to block h | 2^g, which has one more
// high ghost caught. So blocks are solved layer by layer, by the number of high
// ghosts caught, from all caught down to none, keeping two layers in memory
// (ck, fmax, fmin: 6 bytes a state); every block's fmax and fmin also go to two
// scratch files, which the forward marking of the optimal states reads back one
// layer at a time. All the loops run in the WebAssembly kernel on one block at a
// time (a block and one successor block, under 1 MB of its memory); blocks live in
// ordinary ArrayBuffers, so the 4 GB limit of a 32-bit memory does not apply.
// score.ts picks this or the single-memory kernel (score-dp.ts) by G.
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { popcount } from '../../lib/bits.ts';
import { instantiateKernel, CK, MAX_CONSTRAINTS, BLOCK_BITS, SPAN_PAD, type Kernel } from './score-kernel.ts';
import { loadModel, DP_MAX_GHOSTS, type DpModel, type OptimalStates } from './score-dp.ts';
import { COURSE_BYTES_PER_STATE, COURSE_BYTES_ROW_MAJOR, type Alloc } from './course.ts';

/** Low ghosts per block: 2^16 states, 384 KB of ck, fmax and fmin. */
export const LAYERED_LOW_BITS = 16;

/** From this many ghosts on, one layered DP needs over 5 GB (up to 30 ghosts, about 4.5 GB at most): only one such DP runs at a time on the machine. */
export const HEAVY_GHOSTS = 31;

/**
 * Builds one course asset (course.ts courseOf) from the states on an optimal
 * play, `keys` (state masks, ascending), and W(S) = F(S) + cells opened on each,
 * in `ws`. `alloc` hands out scratch arrays (views into the DP's arena, whose
 * memory is free by then); the arrays given and handed out are valid only
 * during the call. With `rowMajorOnly` the memory allows no other ghost order.
 */
export type CourseBuilder = (which: 'max' | 'min', keys: Uint32Array, ws: Uint32Array, alloc: Alloc, rowMajorOnly: boolean) => string;

/** Best and worst bonus from the start, the states on an optimal play for each, and the course assets when asked for. */
export interface ExactOptima {
  maxBonus: number;
  minBonus: number;
  best: OptimalStates;
  worst: OptimalStates;
  transitions: number;
  /**
   * What the CourseBuilder returned for the best and the worst play (null
   * without one); a side is null when its states on an optimal play need more
   * than the arena (COURSE_BYTES_PER_STATE bytes each): no asset is built then.
   */
  courses: { max: string | null; min: string | null } | null;
  /** Call when done with the states: a heavy DP holds the machine-wide lock until then. */
  release(): void;
}

let kernel: Kernel | null = null;

/**
 * The layered DP (any G ≤ DP_MAX_GHOSTS; lowBits ≥ 5, smaller in tests to
 * exercise many blocks). Memory: an arena of 6·B·(C(H, ⌈H/2⌉) + C(H, ⌈H/2⌉ − 1))
 * bytes and two bitsets of 2^G bits; scratch files of 4·2^G bytes in all. With
 * `course`, the marking also leaves W(S) of the marked states in the scratch
 * files, and the course assets are built afterwards in the arena.
 * From HEAVY_GHOSTS ghosts on it holds a machine-wide lock until release().
 */
export function layeredOptima(d: DpModel, lowBits = LAYERED_LOW_BITS, scratchDir = tmpdir(), course?: CourseBuilder): ExactOptima {
  const G = d.G;
  if (G > DP_MAX_GHOSTS) throw new Error(`the exact score DP handles at most ${DP_MAX_GHOSTS} ghosts`);
  if (d.count > MAX_CONSTRAINTS) throw new Error('too many constraints for the score kernel');
  const L = Math.min(lowBits, G);
  if (L < 5) throw new Error('the layered score DP needs blocks of at least 32 states');
  const H = G - L;
  const B = 2 ** L;
  // In the kernel's memory: the block at state slot 0 (ck at CK, fmax at CK + span,
  // fmin at CK + 2·span; span not a multiple of 4 KB, see assembly/score-kernel.ts),
  // a successor block at slot SUCC laid out alike, then two bitsets of B bits.
  // In the arena a block is 6B contiguous bytes: ck, fmax, fmin.
  const span = 2 * B + SPAN_PAD;
  const SUCC = 3 * B + SPAN_PAD;
  const bits0 = CK + 2 * SUCC + 2 * span + 2 * B;
  const bits1 = bits0 + B / 8;
  const k = (kernel ??= instantiateKernel());
  const need = bits1 + B / 8;
  const have = k.memory.buffer.byteLength / 65536;
  if (Math.ceil(need / 65536) > have) k.memory.grow(Math.ceil(need / 65536) - have);
  loadModel(k, d);
  const mem = () => new Uint8Array(k.memory.buffer);
  const Lc = Math.min(L, BLOCK_BITS);
  const layers: number[][] = Array.from({ length: H + 1 }, () => []);
  for (let h = 0; h < 2 ** H; h++) layers[popcount(h)]!.push(h);
  const unlock = G >= HEAVY_GHOSTS ? lockHeavy(scratchDir) : () => {};
  sweepStale(scratchDir);
  const dir = mkdtempSync(join(scratchDir, `proofpack-score-${process.pid}-`));
  const fmaxFd = openSync(join(dir, 'fmax'), 'w+');
  const fminFd = openSync(join(dir, 'fmin'), 'w+');
  // removed at once: the open files stay usable, and the system frees them when they are
  // closed or the process ends, so a run stopped by Ctrl-C leaves no scratch on the disk
  rmSync(dir, { recursive: true, force: true });
  let ok = false;
  try {
    // One arena for everything big, so memory is allocated once (the collector
    // need not free anything between phases): slots of 6B bytes for the blocks
    // of two layers, later the marking's blocks, last the course assets' scratch.
    let most = 0;
    for (let p = 0; p < H; p++) most = Math.max(most, layers[p]!.length + layers[p + 1]!.length);
    most = Math.max(most, layers[0]!.length);
    // (at least room for the course assets of every state while that is under 64 MB: small G, in tests)
    const arena = new ArrayBuffer(Math.max(most * 6 * B, Math.min(COURSE_BYTES_PER_STATE * 2 ** G, 2 ** 26))); // a typed array stops at 8 GB, an ArrayBuffer does not
    const pool = new Slots(arena, 6 * B, most);
    // backward: F of every block from the blocks with one more high ghost caught
    let above = new Map<number, Uint8Array>();
    for (let p = H; p >= 0; p--) {
      const here = new Map<number, Uint8Array>();
      for (const h of layers[p]!) {
        k.countsAt((h << L) | 0, 0, B, Lc, d.count, span);
        if (p === H) new Uint16Array(k.memory.buffer, CK + 2 * span, B)[B - 1] = 0; // every ghost caught
        for (let g = 0; g < H; g++) {
          if ((h >>> g) & 1) continue;
          toKernel(mem(), above.get(h | (1 << g))!, CK + 2 * SUCC, span, 3);
          k.stepFrom(0, SUCC, B, span);
        }
        k.solve(0, L, span);
        const m = mem();
        const block = pool.take();
        fromKernel(m, CK, span, block, 3);
        here.set(h, block);
        writeSync(fmaxFd, m, CK + span, 2 * B, h * 2 * B);
        writeSync(fminFd, m, CK + 2 * span, 2 * B, h * 2 * B);
      }
      for (const block of above.values()) pool.give(block);
      above = here;
    }
    const start = above.get(0)!;
    const maxBonus = start[2 * B]! | (start[2 * B + 1]! << 8);
    const minBonus = start[4 * B]! | (start[4 * B + 1]! << 8);
    above.clear();
    const layout = { L, H, B, span, SUCC, layers, bits0, bits1 };
    const best = markLayered(k, d, { ...layout, fd: fmaxFd }, new Slots(arena, 6 * B, most), course !== undefined);
    const worst = markLayered(k, d, { ...layout, fd: fminFd }, new Slots(arena, 6 * B, most), course !== undefined);
    let courses: ExactOptima['courses'] = null;
    if (course) {
      const build = (which: 'max' | 'min', o: OptimalStates, fd: number) => {
        const fits = courseFits(o.count, courseRoom(arena.byteLength));
        if (fits === 'no') return null;
        const alloc = arenaAlloc(arena);
        const { keys, ws } = courseValues(o, B, H, fd, alloc);
        return course(which, keys, ws, alloc, fits === 'row-major');
      };
      courses = { max: build('max', best, fmaxFd), min: build('min', worst, fminFd) };
    }
    ok = true;
    return { maxBonus, minBonus, best, worst, transitions: G * 2 ** (G - 1), courses, release: unlock };
  } finally {
    closeSync(fmaxFd);
    closeSync(fminFd);
    if (!ok) unlock();
  }
}

/**
 * One heavy DP at a time across the threads and processes of this machine (two
 * G = 32 boards at once would need 20 GB): a lock directory in the scratch
 * directory holding its owner's pid; a lock whose process is gone is taken over.
 */
function lockHeavy(scratchDir: string): () => void {
  const lock = join(scratchDir, 'proofpack-score-heavy.lock');
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      // the owner is between mkdir and writing its pid, or just released the lock
    }
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(nap, 0, 0, 250);
  }
}

/** Removes the scratch directories of DPs whose process was killed (their pid is in the name). */
function sweepStale(scratchDir: string): void {
  for (const name of readdirSync(scratchDir)) {
    const m = /^proofpack-score-(\d+)-/.exec(name);
    if (m && !alive(Number(m[1]))) rmSync(join(scratchDir, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Layout {
  L: number;
  H: number;
  B: number;
  span: number;
  SUCC: number;
  layers: number[][];
  /** The scratch file of this table (fmax or fmin). */
  fd: number;
  bits0: number;
  bits1: number;
}

/** Copy the first `tables` of a block's tables (ck, fmax, fmin; 2·B bytes each, contiguous in `slot`) into the kernel's memory at `at`, `span` apart. */
function toKernel(mem: Uint8Array, slot: Uint8Array, at: number, span: number, tables: number): void {
  const size = slot.length / 3;
  for (let i = 0; i < tables; i++) mem.set(slot.subarray(i * size, (i + 1) * size), at + i * span);
}

/** The reverse of toKernel: the block's tables at `at`, `span` apart, into `slot` (contiguous). */
function fromKernel(mem: Uint8Array, at: number, span: number, slot: Uint8Array, tables: number): void {
  const size = slot.length / 3;
  for (let i = 0; i < tables; i++) slot.set(mem.subarray(at + i * span, at + i * span + size), i * size);
}

/** Fixed-size slots of an arena, handed out and back. */
class Slots {
  private free: number[] = [];
  constructor(
    private readonly arena: ArrayBuffer,
    private readonly size: number,
    count: number,
  ) {
    for (let i = count - 1; i >= 0; i--) this.free.push(i);
  }
  take(): Uint8Array {
    const i = this.free.pop();
    if (i === undefined) throw new Error('layered score DP: out of arena slots');
    return new Uint8Array(this.arena, i * this.size, this.size);
  }
  give(slot: Uint8Array): void {
    this.free.push(slot.byteOffset / this.size);
  }
}

/**
 * The forward marking of optimal-play states (score-dp.ts optimalStates), one
 * layer of blocks at a time: a block gains the marks its marked predecessor
 * blocks (one high ghost fewer, kept from the previous layer: ck and F) pass on
 * across their high ghost, then marks inside itself across its low ghosts.
 * Blocks without a marked state are never loaded. With keepW, W = F + cells
 * opened replaces F in the scratch file on every marked state (courseValues).
 */
function markLayered(k: Kernel, d: DpModel, o: Layout, pool: Slots, keepW: boolean): OptimalStates {
  const { L, H, B, span, SUCC, layers, fd } = o;
  const G = L + H;
  const Lc = Math.min(L, BLOCK_BITS);
  const words = B / 32;
  const states = new Uint32Array(Math.max(1, 2 ** G / 32));
  states[0] = 1; // ∅
  let notFree = 0;
  let below = new Map<number, Uint8Array>(); // ck then F, 4B bytes
  for (let p = 0; p <= H; p++) {
    const here = new Map<number, Uint8Array>();
    for (const h of layers[p]!) {
      const preds: number[] = [];
      for (let g = 0; g < H; g++) if ((h >>> g) & 1 && below.has(h ^ (1 << g))) preds.push(g);
      if (p > 0 && preds.length === 0) continue;
      // the block itself at the successor slot: ck recounted, F from the scratch file
      k.countsAt((h << L) | 0, SUCC, B, Lc, d.count, span);
      readSync(fd, new Uint8Array(k.memory.buffer), CK + 2 * SUCC + span, 2 * B, h * 2 * B);
      let m = new Uint8Array(k.memory.buffer);
      m.fill(0, o.bits1, o.bits1 + B / 8);
      if (p === 0) m[o.bits1] = 1;
      for (const g of preds) {
        const pred = below.get(h ^ (1 << g))!;
        toKernel(m, pred, CK, span, 2);
        m.set(new Uint8Array(states.buffer, (h ^ (1 << g)) * (B / 8), B / 8), o.bits0);
        if (k.markAcross(B, CK + span, SUCC, CK + 2 * SUCC + span, o.bits0, o.bits1)) notFree |= 1 << (L + g);
      }
      // now inside the block: move it to slot 0 and mark across its low ghosts
      m = new Uint8Array(k.memory.buffer);
      const marks = new Int32Array(k.memory.buffer, o.bits1, words);
      if (!marks.some((w) => w !== 0)) continue;
      m.copyWithin(CK, CK + 2 * SUCC, CK + 2 * SUCC + 2 * B);
      m.copyWithin(CK + span, CK + 2 * SUCC + span, CK + 2 * SUCC + span + 2 * B);
      m.copyWithin(o.bits0, o.bits1, o.bits1 + B / 8);
      notFree |= k.mark(B, CK + span, o.bits0);
      m = new Uint8Array(k.memory.buffer);
      new Uint8Array(states.buffer, h * (B / 8), B / 8).set(m.subarray(o.bits0, o.bits0 + B / 8));
      const block = pool.take();
      fromKernel(m, CK, span, block, 2);
      here.set(h, block);
      if (keepW) {
        // W = F + cells opened on the block's marked states, back into the scratch file (courseValues reads it)
        const F = new Uint16Array(k.memory.buffer, CK + span, B);
        const ck = new Uint16Array(k.memory.buffer, CK, B);
        const marks = new Int32Array(k.memory.buffer, o.bits0, words);
        for (let w = 0; w < words; w++) {
          for (let mw = marks[w]!; mw; mw &= mw - 1) {
            const l = w * 32 + 31 - Math.clz32(mw & -mw);
            F[l] = F[l]! + (ck[l]! >>> 7);
          }
        }
        writeSync(fd, new Uint8Array(k.memory.buffer), CK + span, 2 * B, h * 2 * B);
      }
    }
    for (const block of below.values()) pool.give(block);
    below = here;
  }
  let count = 0;
  for (let w = 0; w < states.length; w++) count += popcount(states[w]!);
  return { states, count, notFree: notFree >>> 0 };
}

/**
 * The marked states of `o`, ascending, with W from the scratch file that
 * markLayered left it in: block by block in index order, reading only the
 * blocks that hold a marked state.
 */
function courseValues(o: OptimalStates, B: number, H: number, fd: number, alloc: Alloc): { keys: Uint32Array; ws: Uint32Array } {
  const keys = alloc(o.count);
  const ws = alloc(o.count);
  const words = B / 32;
  const W = new Uint16Array(B);
  const bytes = new Uint8Array(W.buffer);
  let n = 0;
  for (let h = 0; h < 2 ** H; h++) {
    const first = h * words;
    let any = 0;
    for (let w = 0; w < words; w++) any |= o.states[first + w]!;
    if (!any) continue;
    readSync(fd, bytes, 0, 2 * B, h * 2 * B);
    for (let w = 0; w < words; w++) {
      for (let m = o.states[first + w]!; m; m &= m - 1) {
        const l = w * 32 + 31 - Math.clz32(m & -m);
        keys[n] = h * B + l;
        ws[n++] = W[l]!;
      }
    }
  }
  return { keys, ws };
}

/** Memory the course assets may take at least (the arena, then fresh arrays): 4 GiB. */
export const COURSE_ROOM_FLOOR = 2 ** 32;

/** Memory the course assets of a DP with an arena of `arenaBytes` may take: the arena, and at least COURSE_ROOM_FLOOR. */
export function courseRoom(arenaBytes: number): number {
  return Math.max(arenaBytes, COURSE_ROOM_FLOOR);
}

/**
 * How the course asset of `count` states on an optimal play is built within
 * `room` bytes: in every candidate ghost order, in row-major order only, or
 * not at all (the asset is then "unknown").
 */
export function courseFits(count: number, room: number): 'all orders' | 'row-major' | 'no' {
  if (count * COURSE_BYTES_PER_STATE <= room) return 'all orders';
  return count * COURSE_BYTES_ROW_MAJOR <= room ? 'row-major' : 'no';
}

/** Scratch arrays handed out from the start of the arena (its data is no longer needed); fresh ones if it is full. */
function arenaAlloc(arena: ArrayBuffer): Alloc {
  let at = 0;
  return (length: number) => {
    const bytes = Math.ceil((4 * length) / 16) * 16;
    if (at + bytes > arena.byteLength) return new Uint32Array(length);
    const view = new Uint32Array(arena, at, length);
    at += bytes;
    return view;
  };
}

// Ghost board model: turns a puzzle into its constraints (rows, columns, clue
// cells), each a bit mask over the plain cells plus a target. Plain cells are
// numbered in row-major order; masks are three 32-bit words (81 cells max).
import type { GhostPuzzle } from './schema.ts';

export const WORDS = 3;

export const CONSTRAINT_ROW = 0;
export const CONSTRAINT_COL = 1;
const CONSTRAINT_CLUE = 2;

export interface Board {
  readonly n: number;
  /** Number of plain (non-clue) cells. */
  readonly plainCount: number;
  /** plain index -> cell index (row * n + col). */
  readonly plainCell: Int16Array;
  /** cell index -> plain index, or -1 for a clue cell. */
  readonly plainOf: Int16Array;
  /** Mask of every plain cell. */
  readonly all: Uint32Array;
  /** Number of constraints: n rows, then n columns, then the clue cells in row-major order. */
  readonly count: number;
  /** Constraint c's plain cells are masks[c*3 .. c*3+2]. */
  readonly masks: Uint32Array;
  readonly targets: Int32Array;
  /** CONSTRAINT_ROW / _COL / _CLUE. */
  readonly types: Uint8Array;
  /** Row index, column index or clue cell index, by type. */
  readonly refs: Int16Array;
  /** Pairs of constraints whose cell sets overlap: pairs[2i], pairs[2i+1]. */
  readonly pairs: Uint16Array;
  /** The constraints holding plain cell p, ascending: cellConstraints[cellStart[p] .. cellStart[p + 1]). */
  readonly cellStart: Uint16Array;
  readonly cellConstraints: Uint16Array;
}

export function isClue(ch: string): boolean {
  return ch >= '0' && ch <= '8';
}

/**
 * Compile a puzzle whose shape is already checked (grid n×n, rows/cols of
 * length n). Straight into typed arrays: the generator compiles every try.
 */
export function compileBoard(p: GhostPuzzle): Board {
  const n = p.size;
  const cells = n * n;
  const plainOf = new Int16Array(cells).fill(-1);
  const plainCell = new Int16Array(cells);
  const clueCells = new Int16Array(cells);
  let plainCount = 0;
  let clueCount = 0;
  for (let r = 0; r < n; r++) {
    const row = p.grid[r]!;
    for (let c = 0; c < n; c++) {
      const code = row.charCodeAt(c) - 48; // '0'..'8' is a clue
      if (code >= 0 && code <= 8) clueCells[clueCount++] = r * n + c;
      else {
        plainOf[r * n + c] = plainCount;
        plainCell[plainCount++] = r * n + c;
      }
    }
  }
  const count = 2 * n + clueCount;
  const masks = new Uint32Array(count * WORDS);
  const targets = new Int32Array(count);
  const types = new Uint8Array(count);
  const refs = new Int16Array(count);
  const set = (k: number, cell: number) => {
    const pi = plainOf[cell]!;
    if (pi >= 0) masks[k * WORDS + (pi >>> 5)]! |= 1 << (pi & 31);
  };
  for (let i = 0; i < n; i++) {
    targets[i] = p.rows[i]!;
    types[i] = CONSTRAINT_ROW;
    refs[i] = i;
    targets[n + i] = p.cols[i]!;
    types[n + i] = CONSTRAINT_COL;
    refs[n + i] = i;
    for (let j = 0; j < n; j++) {
      set(i, i * n + j);
      set(n + i, j * n + i);
    }
  }
  const around = new Int16Array(8);
  for (let q = 0; q < clueCount; q++) {
    const k = 2 * n + q;
    const cell = clueCells[q]!;
    const r = Math.floor(cell / n);
    const c = cell - r * n;
    targets[k] = p.grid[r]!.charCodeAt(c) - 48;
    types[k] = CONSTRAINT_CLUE;
    refs[k] = cell;
    for (let j = neighbours(n, r, c, around) - 1; j >= 0; j--) set(k, around[j]!);
  }
  const all = new Uint32Array(WORDS);
  for (let pi = 0; pi < plainCount; pi++) all[pi >>> 5]! |= 1 << (pi & 31);
  return {
    n,
    plainCount,
    plainCell: plainCell.slice(0, plainCount),
    plainOf,
    all,
    count,
    masks,
    targets,
    types,
    refs,
    pairs: overlappingPairs(masks, count),
    ...constraintsOfCells(masks, count, plainCount),
  };
}

/** Pairs of constraints whose cell masks overlap, a < b, in order. */
function overlappingPairs(masks: Uint32Array, count: number): Uint16Array {
  const pairs = new Uint16Array(count * (count - 1));
  let k = 0;
  for (let a = 0; a < count; a++) {
    const a0 = masks[a * WORDS]!,
      a1 = masks[a * WORDS + 1]!,
      a2 = masks[a * WORDS + 2]!;
    for (let b = a + 1; b < count; b++) {
      if ((a0 & masks[b * WORDS]!) | (a1 & masks[b * WORDS + 1]!) | (a2 & masks[b * WORDS + 2]!)) {
        pairs[k++] = a;
        pairs[k++] = b;
      }
    }
  }
  return pairs.slice(0, k);
}

/** For each plain cell, the constraints whose masks hold it, ascending (Board.cellStart / cellConstraints). */
function constraintsOfCells(masks: Uint32Array, count: number, plainCount: number): { cellStart: Uint16Array; cellConstraints: Uint16Array } {
  const cellStart = new Uint16Array(plainCount + 1);
  for (let i = 0; i < count * WORDS; i++) {
    for (let m = masks[i]!; m !== 0; m &= m - 1) cellStart[(i % WORDS) * 32 + 31 - Math.clz32(m & -m) + 1]!++;
  }
  for (let p = 0; p < plainCount; p++) cellStart[p + 1]! += cellStart[p]!;
  const cellConstraints = new Uint16Array(cellStart[plainCount]!);
  const next = cellStart.slice(0, plainCount);
  for (let k = 0; k < count; k++) {
    for (let w = 0; w < WORDS; w++) {
      for (let m = masks[k * WORDS + w]!; m !== 0; m &= m - 1) cellConstraints[next[w * 32 + 31 - Math.clz32(m & -m)]!++] = k;
    }
  }
  return { cellStart, cellConstraints };
}

/** The cell indexes of the (up to 8) neighbours of (r, c), into `out` (8 long); returns how many. */
export function neighbours(n: number, r: number, c: number, out: Int16Array): number {
  let k = 0;
  for (let rr = Math.max(0, r - 1); rr <= Math.min(n - 1, r + 1); rr++) {
    for (let cc = Math.max(0, c - 1); cc <= Math.min(n - 1, c + 1); cc++) if (rr !== r || cc !== c) out[k++] = rr * n + cc;
  }
  return k;
}

export interface ConstraintSpec {
  /** Plain-cell indexes. */
  cells: number[];
  target: number;
  type?: number;
  ref?: number;
}

/**
 * A board from explicit constraints over plain cells 0..plainCells.length-1
 * (compileBoard uses it; tests build small abstract boards with it).
 */
export function boardFromConstraints(n: number, plainCells: readonly number[], constraints: readonly ConstraintSpec[]): Board {
  const count = constraints.length;
  const masks = new Uint32Array(count * WORDS);
  constraints.forEach((con, k) => {
    for (const pi of con.cells) masks[k * WORDS + (pi >>> 5)]! |= 1 << (pi & 31);
  });
  const all = new Uint32Array(WORDS);
  for (let pi = 0; pi < plainCells.length; pi++) all[pi >>> 5]! |= 1 << (pi & 31);
  const plainOf = new Int16Array(Math.max(n * n, plainCells.length)).fill(-1);
  plainCells.forEach((cell, pi) => (plainOf[cell] = pi));
  return {
    n,
    plainCount: plainCells.length,
    plainCell: Int16Array.from(plainCells),
    plainOf,
    all,
    count,
    masks,
    targets: Int32Array.from(constraints.map((c) => c.target)),
    types: Uint8Array.from(constraints.map((c) => c.type ?? CONSTRAINT_CLUE)),
    refs: Int16Array.from(constraints.map((c) => c.ref ?? -1)),
    pairs: overlappingPairs(masks, count),
    ...constraintsOfCells(masks, count, plainCells.length),
  };
}

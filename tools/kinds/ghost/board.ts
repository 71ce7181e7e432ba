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
}

export function isClue(ch: string): boolean {
  return ch >= '0' && ch <= '8';
}

/** Compile a puzzle whose shape is already checked (grid n×n, rows/cols of length n). */
export function compileBoard(p: GhostPuzzle): Board {
  const n = p.size;
  const plainOf = new Int16Array(n * n).fill(-1);
  const plainCells: number[] = [];
  for (let cell = 0; cell < n * n; cell++) {
    if (!isClue(p.grid[Math.floor(cell / n)]![cell % n]!)) {
      plainOf[cell] = plainCells.length;
      plainCells.push(cell);
    }
  }
  const constraints: ConstraintSpec[] = [];
  const add = (cells: number[], target: number, type: number, ref: number) =>
    constraints.push({ cells: cells.map((cell) => plainOf[cell]!).filter((pi) => pi >= 0), target, type, ref });
  for (let r = 0; r < n; r++) add(range(n).map((c) => r * n + c), p.rows[r]!, CONSTRAINT_ROW, r);
  for (let c = 0; c < n; c++) add(range(n).map((r) => r * n + c), p.cols[c]!, CONSTRAINT_COL, c);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const ch = p.grid[r]![c]!;
      if (isClue(ch)) add(neighbours(n, r, c), Number(ch), CONSTRAINT_CLUE, r * n + c);
    }
  }
  return boardFromConstraints(n, plainCells, constraints);
}

/** Cell indexes of the (up to 8) neighbours of (r, c). */
export function neighbours(n: number, r: number, c: number): number[] {
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr;
      const cc = c + dc;
      if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
    }
  }
  return out;
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
  const pairs: number[] = [];
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      let overlap = 0;
      for (let w = 0; w < WORDS; w++) overlap |= masks[a * WORDS + w]! & masks[b * WORDS + w]!;
      if (overlap) pairs.push(a, b);
    }
  }
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
    pairs: Uint16Array.from(pairs),
  };
}

export function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}


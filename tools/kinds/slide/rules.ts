// The slide rules (docs/slide.md), once: where a flicked block stops, which blocks
// vanish after it stops, the start rules of a valid level, and the replay of a
// move list. The solver's state expansion and validate's replay both call
// slideDestination() and vanishing(); nothing else decides a move.
import type { Problem } from 'proofpack/face';
import * as board from './board.ts';
import { DIR_LETTERS, cellOf, compileBoard, type SlideBoard } from './board.ts';
import type { SlideAnalysis, SlideMove, SlidePuzzle, SlideSolution } from './schema.ts';

// Module-local bindings for the hot functions (see packed-state.ts).
const COLOUR_MASK = board.COLOUR_MASK;
const EMPTY = board.EMPTY;
const FIXED = board.FIXED;
const WALL = board.WALL;

/**
 * Where the block at `cell` stops when flicked along `step`: it slides cell by
 * cell until the next cell is a wall (the board's ring included) or a block.
 * Returns `cell` itself when it cannot move (distance 0: an illegal move).
 */
export function slideDestination(grid: Uint8Array, cell: number, step: number): number {
  let q = cell;
  while (grid[q + step] === EMPTY) q += step;
  return q;
}

/**
 * The blocks that vanish after a block of `colour` has slid along `step` and
 * stopped at `dest`: every block orthogonally adjacent to a block of the same
 * colour. Before a move no two same-coloured blocks touch (start rule, and
 * every move removes such pairs), so the only new contacts are the moved
 * block's: it and its same-coloured neighbours vanish, all at once. The cell
 * behind it (dest - step) is empty: it came through it. Writes the vanishing
 * cells to `out` (the moved block first) and returns how many (0 or >= 2).
 */
export function vanishing(grid: Uint8Array, steps: Int32Array, dest: number, step: number, colour: number, out: Int32Array): number {
  let n = 1;
  for (let k = 0; k < 4; k++) {
    const s = steps[k]!;
    if (s === -step) continue;
    const v = grid[dest + s]!;
    if (v !== WALL && (v & COLOUR_MASK) === colour) out[n++] = dest + s;
  }
  if (n === 1) return 0;
  out[0] = dest;
  return n;
}

/** A fresh grid of the start position. */
export function startGrid(b: SlideBoard): Uint8Array {
  const grid = b.terrain.slice();
  for (let i = 0; i < b.blockCount; i++) grid[b.startCells[i]!] = b.startValues[i]!;
  return grid;
}

export type MoveResult = { ok: true; vanished: number } | { ok: false; why: string };

/** Play one move on `grid` (mutated): slide, then vanish. */
export function playMove(b: SlideBoard, grid: Uint8Array, move: SlideMove, scratch = new Int32Array(5)): MoveResult {
  const [col, row, dir] = move;
  if (!(Number.isInteger(row) && Number.isInteger(col) && row >= 0 && col >= 0 && row < b.h && col < b.w))
    return { ok: false, why: `(${col}, ${row}) is off the ${b.w}x${b.h} board` };
  const d = DIR_LETTERS.indexOf(dir);
  if (d < 0) return { ok: false, why: `${JSON.stringify(dir)} is not a direction (U, D, L, R)` };
  const cell = cellOf(b, row, col);
  const v = grid[cell]!;
  if (v === WALL) return { ok: false, why: `(${col}, ${row}) is a wall` };
  if (v === EMPTY) return { ok: false, why: `no block at (${col}, ${row})` };
  if (v & FIXED) return { ok: false, why: `the block at (${col}, ${row}) is fixed` };
  const step = b.steps[d]!;
  const dest = slideDestination(grid, cell, step);
  if (dest === cell) return { ok: false, why: `the block at (${col}, ${row}) cannot move ${dir}` };
  grid[cell] = EMPTY;
  grid[dest] = v;
  const n = vanishing(grid, b.steps, dest, step, v & COLOUR_MASK, scratch);
  for (let i = 0; i < n; i++) grid[scratch[i]!] = EMPTY;
  return { ok: true, vanished: n };
}

export function blocksLeft(b: SlideBoard, grid: Uint8Array): number {
  let k = 0;
  for (let i = 0; i < b.size; i++) if (grid[i] !== EMPTY && grid[i] !== WALL) k++;
  return k;
}

/** Replay a move list from the start: the first illegal move, or the blocks left at the end. */
export function replay(p: SlidePuzzle, moves: readonly SlideMove[]): { illegal: { index: number; why: string } | null; blocksLeft: number } {
  const b = compileBoard(p);
  const grid = startGrid(b);
  const scratch = new Int32Array(5);
  for (let i = 0; i < moves.length; i++) {
    const r = playMove(b, grid, moves[i]!, scratch);
    if (!r.ok) return { illegal: { index: i, why: r.why }, blocksLeft: blocksLeft(b, grid) };
  }
  return { illegal: null, blocksLeft: blocksLeft(b, grid) };
}

/**
 * The start rules of a valid level (docs/slide.md): no two same-coloured blocks
 * adjacent, every colour present at least twice, at least one movable block.
 */
export function startRuleProblems(p: SlidePuzzle): Problem[] {
  const problems: Problem[] = [];
  const b = compileBoard(p);
  const grid = startGrid(b);
  const count = new Map<number, number>();
  let movable = 0;
  for (let r = 0; r < b.h; r++) {
    for (let c = 0; c < b.w; c++) {
      const v = grid[cellOf(b, r, c)]!;
      if (v === EMPTY || v === WALL) continue;
      const colour = v & COLOUR_MASK;
      count.set(colour, (count.get(colour) ?? 0) + 1);
      if (!(v & FIXED)) movable++;
      for (const [dr, dc] of [
        [0, 1],
        [1, 0],
      ] as const) {
        if (r + dr >= b.h || c + dc >= b.w) continue;
        const u = grid[cellOf(b, r + dr, c + dc)]!;
        if (u !== EMPTY && u !== WALL && (u & COLOUR_MASK) === colour) {
          problems.push({
            field: `puzzle.board[${r}][${c}]`,
            stored: p.board[r]![c],
            expected: `no same-coloured block next to it (found one at row ${r + dr}, col ${c + dc})`,
          });
        }
      }
    }
  }
  for (const [colour, k] of [...count].sort((a, b) => a[0] - b[0])) {
    if (k < 2)
      problems.push({ field: 'puzzle.board', stored: `1 block of colour ${String.fromCharCode(96 + colour)}`, expected: 'every colour at least twice' });
  }
  if (movable === 0) problems.push({ field: 'puzzle.board', stored: 'no movable block', expected: 'at least one movable block' });
  return problems;
}

/**
 * The stored solution must be a shortest clear: replayed move by move with the
 * rules (every move legal), it has minMoves moves and leaves no block.
 */
export function slideSolutionProblems(puzzle: SlidePuzzle, stored: SlideSolution, proven: { analysis: SlideAnalysis }): Problem[] {
  const r = replay(puzzle, stored);
  if (r.illegal) return [{ field: `solution[${r.illegal.index}]`, stored: stored[r.illegal.index], expected: `a legal move (${r.illegal.why})` }];
  const problems: Problem[] = [];
  if (r.blocksLeft > 0)
    problems.push({ field: 'solution', stored: `${stored.length} moves leaving ${r.blocksLeft} blocks`, expected: 'a move list that clears the board' });
  if (stored.length !== proven.analysis.minMoves)
    problems.push({ field: 'solution', stored: `${stored.length} moves`, expected: `${proven.analysis.minMoves} moves (minMoves)` });
  return problems;
}

// The ghost score rule (docs/ghost.md, score) and the
// model it runs on. A catch of ghost g when the ghosts in S are already caught
// scores 100 + 50 × opened × completed:
//   completed = constraints (rows, columns, clue cells) containing g whose
//               ghosts are all in S ∪ {g} (they were not complete before: g was free),
//   opened    = empty plain cells of those constraints not already open; they open now.
// A cell is open when it belongs to a complete constraint; constraints of target
// 0 are complete from the start, so their cells start open. The open set is
// therefore a function of S alone, and so is the score of a catch:
//   gain(S, g) = 100 + 50 × (|open(S∪g)| − |open(S)|) × (complete(S∪g) − complete(S)),
// which is what the exact DP (score/dp-single.ts, score/dp-layered.ts) evaluates incrementally. Clue cells
// are not plain cells: they hold no ghost, belong to no constraint's cells and
// never "open" (they are shown from the start). A cell in several constraints
// completed by the same catch counts once. Pure functions, no Node-only imports.
import { compileBoard, isClue, CONSTRAINT_ROW, CONSTRAINT_COL, WORDS } from './board.ts';
import type { GhostPuzzle, GhostSolution } from './schema.ts';

export const CATCH_BASE = 100;
export const CATCH_BONUS = 50;

export interface ScoreModel {
  readonly n: number;
  /** G: ghosts are numbered 0..G-1 in row-major order of their cells. */
  readonly ghosts: number;
  /** ghost -> cell index (row * n + col). */
  readonly ghostCell: Int16Array;
  /** cell index -> ghost index, or -1. */
  readonly ghostOf: Int16Array;
  /** Constraints with target > 0, in board order (rows, columns, clue cells). */
  readonly count: number;
  /** Constraint c's ghosts are ghostList[ghostStart[c] .. ghostStart[c+1]). */
  readonly ghostStart: Int32Array;
  readonly ghostList: Int16Array;
  /** Constraint c's empty plain cells (cell indexes), cellList[cellStart[c] .. cellStart[c+1]). */
  readonly cellStart: Int32Array;
  readonly cellList: Int16Array;
  /** Constraints containing ghost g: byGhost[byGhostStart[g] .. byGhostStart[g+1]). */
  readonly byGhostStart: Int32Array;
  readonly byGhost: Int16Array;
  /** Constraint kind and reference, as the board has them (row/col index or clue cell). */
  readonly types: Uint8Array;
  readonly refs: Int16Array;
  /** Per cell: 1 when open at the start (cell of a target-0 constraint). */
  readonly openAtStart: Uint8Array;
}

/** The score model of a solved puzzle (its solution says where the ghosts are). */
export function scoreModel(puzzle: GhostPuzzle, solution: GhostSolution): ScoreModel {
  const n = puzzle.size;
  const board = compileBoard(puzzle);
  const ghostOf = new Int16Array(n * n).fill(-1);
  const ghostCell: number[] = [];
  for (let cell = 0; cell < n * n; cell++) {
    if (solution[Math.floor(cell / n)]![cell % n] === 'G' && !isClue(puzzle.grid[Math.floor(cell / n)]![cell % n]!)) {
      ghostOf[cell] = ghostCell.length;
      ghostCell.push(cell);
    }
  }
  const openAtStart = new Uint8Array(n * n);
  const ghostStart = [0];
  const ghostList: number[] = [];
  const cellStart = [0];
  const cellList: number[] = [];
  const types: number[] = [];
  const refs: number[] = [];
  for (let k = 0; k < board.count; k++) {
    const cells: number[] = [];
    for (let p = 0; p < board.plainCount; p++) {
      if (board.masks[k * WORDS + (p >>> 5)]! & (1 << (p & 31))) cells.push(board.plainCell[p]!);
    }
    if (board.targets[k] === 0) {
      for (const cell of cells) openAtStart[cell] = 1;
      continue;
    }
    for (const cell of cells) {
      if (ghostOf[cell]! >= 0) ghostList.push(ghostOf[cell]!);
      else cellList.push(cell);
    }
    ghostStart.push(ghostList.length);
    cellStart.push(cellList.length);
    types.push(board.types[k]!);
    refs.push(board.refs[k]!);
  }
  const count = types.length;
  const G = ghostCell.length;
  const lists: number[][] = Array.from({ length: G }, () => []);
  for (let c = 0; c < count; c++) for (let i = ghostStart[c]!; i < ghostStart[c + 1]!; i++) lists[ghostList[i]!]!.push(c);
  const byGhostStart = [0];
  for (const l of lists) byGhostStart.push(byGhostStart[byGhostStart.length - 1]! + l.length);
  return {
    n,
    ghosts: G,
    ghostCell: Int16Array.from(ghostCell),
    ghostOf,
    count,
    ghostStart: Int32Array.from(ghostStart),
    ghostList: Int16Array.from(ghostList),
    cellStart: Int32Array.from(cellStart),
    cellList: Int16Array.from(cellList),
    byGhostStart: Int32Array.from(byGhostStart),
    byGhost: Int16Array.from(lists.flat()),
    types: Uint8Array.from(types),
    refs: Int16Array.from(refs),
    openAtStart,
  };
}

/** A constraint as people name it: ['row', r], ['col', c] or ['clue', r, c]. */
export type ConstraintName = ['row', number] | ['col', number] | ['clue', number, number];

export function constraintName(type: number, ref: number, n: number): ConstraintName {
  if (type === CONSTRAINT_ROW) return ['row', ref];
  if (type === CONSTRAINT_COL) return ['col', ref];
  return ['clue', Math.floor(ref / n), ref % n];
}

/** What one catch did. */
export interface CatchResult {
  points: number;
  /** Indexes (into the model's constraints) of the constraints this catch completed. */
  completed: number[];
  /** Cells (row * n + col) that opened with this catch. */
  opened: number[];
}

/**
 * The rule itself, one catch at a time: ghost g caught when the ghosts flagged
 * in `caught` (per ghost index) already are, and the cells flagged in `open`
 * (per cell) are open. Updates `caught` and `open` and returns the catch's
 * score. The client plays with this; the DP is checked against it and against
 * a brute force written from the rule text.
 */
export function applyCatchToState(m: ScoreModel, caught: Uint8Array, open: Uint8Array, g: number): CatchResult {
  if (caught[g]) throw new Error(`ghost ${g} is already caught`);
  caught[g] = 1;
  const completed: number[] = [];
  for (let i = m.byGhostStart[g]!; i < m.byGhostStart[g + 1]!; i++) {
    const c = m.byGhost[i]!;
    let all = true;
    for (let j = m.ghostStart[c]!; j < m.ghostStart[c + 1]! && all; j++) all = caught[m.ghostList[j]!] === 1;
    if (all) completed.push(c);
  }
  const opened: number[] = [];
  for (const c of completed) {
    for (let j = m.cellStart[c]!; j < m.cellStart[c + 1]!; j++) {
      const cell = m.cellList[j]!;
      if (!open[cell]) {
        open[cell] = 1;
        opened.push(cell);
      }
    }
  }
  opened.sort((a, b) => a - b);
  return { points: CATCH_BASE + CATCH_BONUS * opened.length * completed.length, completed, opened };
}

/** The open cells at the start of a play (per cell flags). */
export function startOpen(m: ScoreModel): Uint8Array {
  return m.openAtStart.slice();
}

/** Total score of catching every ghost in `order` (ghost indexes). */
export function playScore(m: ScoreModel, order: readonly number[]): number {
  const caught = new Uint8Array(m.ghosts);
  const open = startOpen(m);
  let total = 0;
  for (const g of order) total += applyCatchToState(m, caught, open, g).points;
  return total;
}

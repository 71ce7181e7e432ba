// The canonical ghost puzzle: the smallest encoding among the 8 symmetries of
// the square (rows and column counts move with the grid).
import { TRANSFORMS, smallestEncoding, transformLines, transformRows } from 'proofpack/kind';
import type { GhostPuzzle } from './schema.ts';

export function transformGhost(p: GhostPuzzle, t: number): GhostPuzzle {
  const { rows, cols } = transformLines(p.rows, p.cols, t);
  return { size: p.size, grid: transformRows(p.grid, t), rows, cols };
}

export function canonicalGhost(p: GhostPuzzle): GhostPuzzle {
  return smallestEncoding(TRANSFORMS.map((t) => transformGhost(p, t)));
}

/** The board under each of the 8 symmetries of the square, identity first. */
export function ghostEquivalents(p: GhostPuzzle): GhostPuzzle[] {
  return TRANSFORMS.map((t) => transformGhost(p, t));
}

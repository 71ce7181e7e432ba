// The canonical apple board: the smallest encoding among the symmetries that
// keep a 10×17 board 10×17 (identity, mirrored rows, mirrored columns, half
// turn). A quarter turn would make it 17×10, which is not a board of the game.
import { SHAPE_KEEPING, smallestEncoding, transformRows } from 'proofpack/kind';
import type { ApplePuzzle } from './schema.ts';

export function transformApple(p: ApplePuzzle, t: number): ApplePuzzle {
  return { board: transformRows(p.board, t) };
}

export function canonicalApple(p: ApplePuzzle): ApplePuzzle {
  return smallestEncoding(SHAPE_KEEPING.map((t) => transformApple(p, t)));
}

/** The board under each of the 4 shape-keeping symmetries, identity first. */
export function appleEquivalents(p: ApplePuzzle): ApplePuzzle[] {
  return SHAPE_KEEPING.map((t) => transformApple(p, t));
}

// The symmetries: a nonogram turned or mirrored is the same puzzle (its
// lines are the same lines, read the other way). The 8 of the square's group
// act on the clues directly; the canonical puzzle is the smallest encoding
// among them (defineKind's canonical).
import { TRANSFORMS } from 'proofpack/kind';
import type { Puzzle } from './schema.ts';

const reversed = (lines: number[][]) => [...lines].reverse();
const eachReversed = (lines: number[][]) => lines.map((l) => [...l].reverse());
const copy = (lines: number[][]) => lines.map((l) => [...l]);

/** Transform t (bit 1: mirror left-right, bit 2: mirror top-bottom, bit 4: then transpose) of the puzzle. */
export function transform(p: Puzzle, t: number): Puzzle {
  let rows = t & 1 ? eachReversed(p.rows) : copy(p.rows);
  let cols = t & 1 ? reversed(copy(p.cols)) : copy(p.cols);
  if (t & 2) [rows, cols] = [reversed(rows), eachReversed(cols)];
  return t & 4 ? { rows: cols, cols: rows } : { rows, cols };
}

/** The puzzle under each of the 8 turns and mirrors, itself first. */
export const equivalents = (p: Puzzle): Puzzle[] => TRANSFORMS.map((t) => transform(p, t));

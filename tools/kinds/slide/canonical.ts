// The canonical slide puzzle (level ids, docs/formats.md): the smallest stable-JSON encoding
// among the board's 8 rotations and reflections, each with its colours renamed
// in order of first appearance (rows top to bottom, cells left to right; a
// fixed block keeps its case). A non-square h×w board has the same 8
// transforms, four of which turn it into a w×h board: the same puzzle turned a
// quarter, so it gets the same id.
import { TRANSFORMS, smallestEncoding, transformRows, at } from 'proofpack/kind';
import type { SlidePuzzle } from './schema.ts';

export function transformSlide(p: SlidePuzzle, t: number): SlidePuzzle {
  return { board: transformRows(p.board, t) };
}

/** Colours renamed 1, 2, 3, ... ('a'/'A', 'b'/'B', ...) in order of first appearance. */
export function renameColours(board: readonly string[]): string[] {
  const names = new Map<string, string>();
  return board.map((row) =>
    [...row]
      .map((ch) => {
        if (ch === '#' || ch === '.') return ch;
        const colour = ch.toLowerCase();
        let name = names.get(colour);
        if (name === undefined) {
          name = String.fromCharCode(97 + names.size);
          names.set(colour, name);
        }
        return ch === colour ? name : name.toUpperCase();
      })
      .join(''),
  );
}

export function canonicalSlide(p: SlidePuzzle): SlidePuzzle {
  return smallestEncoding(TRANSFORMS.map((t) => ({ board: renameColours(transformRows(p.board, t)) })));
}

/** Colours shifted by one among those the board uses (the last becomes the first); fixed blocks keep their case. */
function rotateColours(board: readonly string[]): string[] {
  const used = [...new Set(board.join('').toLowerCase().replace(/[#.]/g, ''))].sort();
  const next = new Map(used.map((c, i) => [c, at(used, (i + 1) % used.length)]));
  const shifted = (c: string) => {
    const to = next.get(c);
    if (to === undefined) throw new Error(`rotateColours: colour ${c} is not among the board's`);
    return to;
  };
  return board.map((row) =>
    [...row].map((ch) => (ch === '#' || ch === '.' ? ch : ch === ch.toLowerCase() ? shifted(ch) : shifted(ch.toLowerCase()).toUpperCase())).join(''),
  );
}

/** The board under each of its 8 rotations and reflections, and each of those with its colours renamed; identity first. */
export function slideEquivalents(p: SlidePuzzle): SlidePuzzle[] {
  const turned = TRANSFORMS.map((t) => transformSlide(p, t));
  return [...turned, ...turned.map((q) => ({ board: rotateColours(q.board) }))];
}

// Slide board model: a puzzle compiled into a padded grid (a ring of walls
// around the h×w board, so slides need no bounds checks), the floor cells
// numbered in row-major order, and the block codes a packed state uses.
import type { SlidePuzzle } from './schema.ts';
import { at } from 'proofpack/face';

/** Grid cell values: 0 empty, WALL, or a block: colour (1..15) | FIXED. */
export const EMPTY = 0;
export const FIXED = 0x10;
export const WALL = 0x80;
export const COLOUR_MASK = 0x0f;

/** Direction order U, D, L, R (the move letters), everywhere. */
export const DIR_LETTERS = ['U', 'D', 'L', 'R'] as const;

export interface SlideBoard {
  readonly h: number;
  readonly w: number;
  /** Padded width w + 2; padded cell of (row, col) is (row + 1) * pw + col + 1. */
  readonly pw: number;
  /** Padded cells (h + 2) * (w + 2). */
  readonly size: number;
  /** Padded-cell steps for U, D, L, R. */
  readonly steps: Int32Array;
  /** WALL or EMPTY per padded cell (the ring around the board is WALL). */
  readonly terrain: Uint8Array;
  /** Floor index per padded cell, -1 for walls and the ring. */
  readonly floorOf: Int8Array;
  /** Padded cell per floor index. */
  readonly cellOfFloor: Int16Array;
  readonly floorCount: number;
  /** Grid value (colour | FIXED) of each block code; codes are sorted by value. */
  readonly codeValue: Uint8Array;
  /** Code of a grid value (-1 when the value is no block of this board). */
  readonly codeOf: Int8Array;
  /** Bits per block code in a packed state. */
  readonly codeBits: number;
  /** Block codes per 32-bit word. */
  readonly codesPerWord: number;
  /** Words of occupancy (one bit per floor cell). */
  readonly occWords: number;
  /** Words per packed state. */
  readonly words: number;
  /** The start position's blocks, in floor order: padded cell and grid value. */
  readonly startCells: Int16Array;
  readonly startValues: Uint8Array;
  readonly blockCount: number;
  readonly colourCount: number;
}

export const cellOf = (b: Pick<SlideBoard, 'pw'>, row: number, col: number): number => (row + 1) * b.pw + col + 1;
export const rowOf = (b: Pick<SlideBoard, 'pw'>, cell: number): number => Math.floor(cell / b.pw) - 1;
export const colOf = (b: Pick<SlideBoard, 'pw'>, cell: number): number => (cell % b.pw) - 1;

/** Grid value of a board character, WALL for '#', EMPTY for '.'. */
function valueOfChar(ch: string): number {
  if (ch === '#') return WALL;
  if (ch === '.') return EMPTY;
  const code = ch.charCodeAt(0);
  if (code >= 97 && code <= 111) return code - 96; // a..o: movable colour 1..15
  if (code >= 65 && code <= 79) return (code - 64) | FIXED; // A..O: fixed colour 1..15
  throw new Error(`not a board character: ${JSON.stringify(ch)}`);
}

export function charOfValue(v: number): string {
  if (v === WALL) return '#';
  if (v === EMPTY) return '.';
  const colour = v & COLOUR_MASK;
  return String.fromCharCode((v & FIXED ? 64 : 96) + colour);
}

/** Compile a puzzle whose shape the schema has checked (2..8 rows of equal length 2..8). */
export function compileBoard(p: SlidePuzzle): SlideBoard {
  const h = p.board.length;
  const w = at(p.board, 0).length;
  const pw = w + 2;
  const size = (h + 2) * pw;
  const terrain = new Uint8Array(size).fill(WALL);
  const floorOf = new Int8Array(size).fill(-1);
  const cells: number[] = [];
  const startCells: number[] = [];
  const startValues: number[] = [];
  const values = new Set<number>();
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const v = valueOfChar(at(at(p.board, r), c));
      if (v === WALL) continue;
      const cell = (r + 1) * pw + c + 1;
      terrain[cell] = EMPTY;
      floorOf[cell] = cells.length;
      cells.push(cell);
      if (v !== EMPTY) {
        startCells.push(cell);
        startValues.push(v);
        values.add(v);
      }
    }
  }
  const codeValue = Uint8Array.from([...values].sort((a, b) => a - b));
  const codeOf = new Int8Array(32).fill(-1);
  codeValue.forEach((v, i) => (codeOf[v] = i));
  const codeBits = codeValue.length <= 1 ? 1 : 32 - Math.clz32(codeValue.length - 1);
  const codesPerWord = Math.floor(32 / codeBits);
  const occWords = Math.max(1, Math.ceil(cells.length / 32));
  const words = occWords + Math.max(1, Math.ceil(startCells.length / codesPerWord));
  return {
    h,
    w,
    pw,
    size,
    steps: Int32Array.from([-pw, pw, -1, 1]),
    terrain,
    floorOf,
    cellOfFloor: Int16Array.from(cells),
    floorCount: cells.length,
    codeValue,
    codeOf,
    codeBits,
    codesPerWord,
    occWords,
    words,
    startCells: Int16Array.from(startCells),
    startValues: Uint8Array.from(startValues),
    blockCount: startCells.length,
    colourCount: new Set(startValues.map((v) => v & COLOUR_MASK)).size,
  };
}

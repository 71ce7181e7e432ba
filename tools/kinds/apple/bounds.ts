// The bounds of a stored apple level, defined once: the zod schemas
// (schema.ts: validate, bundle), the client's face (face.ts: loadPack) and
// the board (board.ts) all read them, so a level one refuses the other
// refuses too (test/kinds/bounds.test.ts). Plain constants, no import: the
// client bundles them.

/** The rows of every board (puzzle.board); a rectangle's top or bottom is at most ROWS − 1. */
export const ROWS = 10;

/** The digits of every row; a rectangle's left or right is at most COLS − 1. */
export const COLS = 17;

/** The cells of a board: the most a play can clear, so the largest greedyScore, bestScore or upperBound. */
export const CELLS = ROWS * COLS;

/** The most moves of a play (solution, greedyPlay): each move clears at least two cells (one digit 1..9 never sums to 10). */
export const MAX_PLAY_MOVES = CELLS / 2;

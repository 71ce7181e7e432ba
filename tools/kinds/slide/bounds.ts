// The bounds of a stored slide level, defined once: the zod schemas
// (schema.ts: validate, bundle) and the client's face (face.ts: loadPack)
// both read them, so a level one refuses the other refuses too
// (test/kinds/bounds.test.ts). Plain constants, no import: the client bundles
// them.

/** The fewest rows, and cells in a row, of a board. */
export const MIN_SIDE = 2;

/** The most rows, and cells in a row, of a board; a move's column or row is at most MAX_SIDE − 1. */
export const MAX_SIDE = 8;

/** The most colours: a movable block is 'a' and on, a fixed one 'A' and on, up to the MAX_COLOUR-th letter ('o', 'O'). */
export const MAX_COLOUR = 15;

/** The characters of a board row, as a regex character class: '#' wall, '.' floor, the movable and fixed blocks of colours 1..MAX_COLOUR. */
export const ROW_CHARS = `#.a-${String.fromCharCode(96 + MAX_COLOUR)}A-${String.fromCharCode(64 + MAX_COLOUR)}`;

/** The longest stored solution, in moves; minMoves (the solution's length) is at most this too. */
export const MAX_SOLUTION_MOVES = 256;

/** The largest star threshold a level may store: far past any (at most 2·MAX_SOLUTION_MOVES + 2, stars.ts), a cap so that no reader meets an absurd number. */
export const MAX_STAR_MOVES = 1_000_000;

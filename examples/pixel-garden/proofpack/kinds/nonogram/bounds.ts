// The bounds of a stored nonogram level, once: the zod schemas (schema.ts)
// and the client's face (face.ts) both read them, so a level one refuses the
// other refuses too. Plain constants, no import: the face ships to browsers.

/** The fewest rows, and cells in a row, of a grid. */
export const MIN_SIDE = 4;

/** The most rows, and cells in a row, of a grid; a run of a clue is at most this long. */
export const MAX_SIDE = 15;

/** The most runs of a clue: a full line of one-cell runs with one empty cell between them. */
export const MAX_RUNS = Math.floor((MAX_SIDE + 1) / 2);

/** The most cells of a grid: the most the solution fills or probing decides. */
export const MAX_CELLS = MAX_SIDE * MAX_SIDE;

/** The most rounds of line logic a level may record (and a tier may allow). */
export const MAX_ROUNDS = 100_000;

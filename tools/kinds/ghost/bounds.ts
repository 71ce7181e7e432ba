// The bounds of a stored ghost level, defined once: the zod schemas
// (schema.ts: validate, bundle) and the client's face (face.ts: loadPack)
// both read them, so a level one refuses the other refuses too
// (test/kinds/bounds.test.ts). Plain constants, no import: the client bundles
// them.

/** The smallest board side (puzzle.size; the rows of grid and solution). */
export const MIN_SIZE = 5;

/** The largest board side; a cell's row or column (freeGhosts) is at most MAX_SIZE − 1, a row's or column's ghost count at most MAX_SIZE. */
export const MAX_SIZE = 9;

/** The largest clue: a clue cell counts the ghosts among its 8 neighbours ('0'..'8' in a grid row). */
export const MAX_CLUE = 8;

/** The most ghosts a board holds (analysis.ghosts): every cell of the largest board. */
export const MAX_GHOSTS = MAX_SIZE * MAX_SIZE;

/**
 * The largest logicDepth, maxScore or minScore a level may store: far past
 * any board's (tens to a few hundred), a cap so that no reader meets an
 * absurd number.
 */
export const MAX_STORED_NUMBER = 1_000_000_000;

/**
 * The longest hint path, in base64 characters. A hint path decides each
 * plain cell of a 9×9 board in exactly one step: at most 81 steps of a
 * header byte, a varint, 7 constraint bytes and their cells, about 1,100
 * base64 characters in all; the shipped paths are at most 247. Checked
 * before any pattern or decoder runs, so no string of any length costs more
 * than a bounded, linear check.
 */
export const HINTS_MAX_CHARS = 4096;

/**
 * The longest course asset (a decision diagram over at most 32 ghosts), in
 * base64 characters: the largest shipped is 35,011, the full preset's about
 * 107,000 (80 KB levels); 16 Mi characters leaves room for boards far past
 * those and stays under half of validate's 32 MiB limit for a whole file.
 */
export const COURSE_MAX_CHARS = 16 * 1024 * 1024;

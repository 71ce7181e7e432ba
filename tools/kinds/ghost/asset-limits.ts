// The longest stored ghost assets a level may carry, in base64 characters: the
// schema (validate) and the client's face (loadPack) refuse a longer one
// before any pattern or decoder runs, so no string of any length costs more
// than a bounded, linear check. Pure constants (the client bundles them).

/**
 * A hint path decides each plain cell of a 9×9 board in exactly one step: at
 * most 81 steps of a header byte, a varint, 7 constraint bytes and their cells,
 * about 1,100 base64 characters in all; the shipped paths are at most 247.
 */
export const HINTS_MAX_CHARS = 4096;

/**
 * A course asset (a decision diagram over at most 32 ghosts): the largest
 * shipped is 35,011 characters, the full preset's about 107,000 (80 KB
 * levels); 16 Mi characters leaves room for boards far past those and stays
 * under half of validate's 32 MiB limit for a whole file.
 */
export const COURSE_MAX_CHARS = 16 * 1024 * 1024;

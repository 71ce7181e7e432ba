// The shapes the game-facing client shares between its modules: a level, a
// pack, a replay report, each from the one place that defines it (the pack's
// type is inferred from the pipeline's zod schema: types only, nothing of the
// schema library is bundled).

/** A level as stored in a pack: its id ("<kind>-" + 12 hex digits), tier, puzzle, solution and analysis. */
export type { Level } from '../lib/level.ts';
/** A pack file (dist/<name>.json), its type inferred from the pipeline's pack schema. */
export type { PackFile } from '../lib/formats.ts';
export type { ReplayReport } from '../lib/face.ts';

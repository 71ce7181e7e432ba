// The kind's formats as zod schemas, the single source of truth (proofpack
// builds their JSON Schemas from them), and the default config.
import { z } from 'proofpack/kind';
import { square } from './face.ts';

const int = (lo: number, hi: number) => z.number().int().min(lo).max(hi);
const row = z.string().regex(/^[01]{3,9}$/);

/** A board: `size` rows of `size` cells, '1' where a light is on. */
export const Puzzle = z.strictObject({ size: int(3, 9), lights: z.array(row).min(3).max(9) }).refine(square, 'lights must be `size` rows of `size` cells');
export type Puzzle = z.infer<typeof Puzzle>;
/** The cells to press (row-major indexes, ascending): the fewest presses that turn every light off. */
export const Solution = z.array(int(0, 80)).max(81);
export type Solution = z.infer<typeof Solution>;
/** What the solver proves of a board: the fewest presses that clear it, and how many press patterns do (1: a unique solution). */
export const Analysis = z.strictObject({ presses: int(0, 81), solutions: int(1, 512) });
export type Analysis = z.infer<typeof Analysis>;

/** The generator's config: the boards to make, the tries and work per board, the tiers by fewest presses. */
export const Config = z.strictObject({
  plan: z.array(z.strictObject({ size: int(3, 9), count: int(1, 10_000), presses: z.tuple([int(1, 81), int(1, 81)]) })).min(1),
  triesPerLevel: int(1, 100_000),
  work: int(1, 10_000_000).describe('cells the solver visits per board at most'),
  maxPresses: z.strictObject({ EASY: int(0, 81), MEDIUM: int(0, 81) }).describe('the most presses of an EASY and a MEDIUM level; more: HARD'),
});
export type Config = z.infer<typeof Config>;

/** The default config: the standard set's, and what init writes a game's partial config from. */
export const DEFAULT_CONFIG: Config = {
  plan: [
    { size: 3, count: 8, presses: [1, 3] },
    { size: 4, count: 8, presses: [4, 6] },
    { size: 5, count: 8, presses: [7, 25] },
  ],
  triesPerLevel: 200,
  work: 50_000,
  maxPresses: { EASY: 3, MEDIUM: 6 },
};

// The kind's formats, zod schemas (the single source of truth: proofpack
// builds the JSON Schemas from them): puzzle, solution, analysis, generator
// config and set calibration, and the tiers.
import { z } from 'proofpack/kind';

const int = (lo: number, hi: number) => z.number().int().min(lo).max(hi);
const row = z.string().regex(/^[01]{3,9}$/, "3 to 9 characters '0' or '1'");

export const TIERS = ['EASY', 'MEDIUM', 'HARD'] as const;

export const Puzzle = z
  .strictObject({ size: int(3, 9).describe('rows and columns'), lights: z.array(row).min(3).max(9).describe("'1' where a light is on, row 0 first") })
  .refine((p) => p.lights.length === p.size && p.lights.every((r) => r.length === p.size), 'lights must be `size` rows of `size` cells');
export type Puzzle = z.infer<typeof Puzzle>;

export const Solution = z.array(row).max(9).describe("'1' where to press: the fewest presses that turn every light off");
export type Solution = z.infer<typeof Solution>;

export const Analysis = z.strictObject({
  presses: int(0, 81).describe('the fewest presses that clear the board (proven: every solution was counted)'),
  solutions: int(1, 256).describe('press patterns that clear the board (1: the solution is unique)'),
});
export type Analysis = z.infer<typeof Analysis>;

export const Config = z.strictObject({
  plan: z
    .array(z.strictObject({ size: int(3, 9), count: int(1, 10_000), presses: z.tuple([int(1, 81), int(1, 81)]).describe('fewest presses: from, to') }))
    .min(1),
  triesPerLevel: int(1, 100_000).describe('boards drawn per wanted level at most'),
  work: int(1, 10_000_000).describe("the solver's row operations and solutions counted per board at most"),
  tiers: z
    .array(z.strictObject({ tier: z.enum(TIERS), maxPresses: int(0, 81) }))
    .min(1)
    .describe('easiest first: the first whose maxPresses is reached'),
});
export type Config = z.infer<typeof Config>;

export const Calibration = z.strictObject({ medianPresses: z.number().nullable().describe("the set's median presses; null before curate") });
export type Calibration = z.infer<typeof Calibration>;

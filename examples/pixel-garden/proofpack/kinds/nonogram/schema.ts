// The nonogram formats, zod schemas (the single source of truth: proofpack
// builds the JSON Schemas from them): puzzle, solution, analysis, generator
// config and set calibration, and the tiers.
import { z } from 'proofpack/kind';
import { MAX_CELLS, MAX_ROUNDS, MAX_RUNS, MAX_SIDE, MIN_SIDE } from './bounds.ts';

const int = (lo: number, hi: number) => z.number().int().min(lo).max(hi);
const clue = z.array(int(1, MAX_SIDE)).max(MAX_RUNS).describe('the lengths of the runs of filled cells, in order; [] for none');

export const TIERS = ['EASY', 'MEDIUM', 'HARD'] as const;

export const Puzzle = z.strictObject({
  rows: z.array(clue).min(MIN_SIDE).max(MAX_SIDE).describe('the clue of each row, top first'),
  cols: z.array(clue).min(MIN_SIDE).max(MAX_SIDE).describe('the clue of each column, left first'),
});
export type Puzzle = z.infer<typeof Puzzle>;

export const Solution = z
  .array(z.string().regex(new RegExp(`^[#.]{${MIN_SIDE},${MAX_SIDE}}$`), `${MIN_SIDE} to ${MAX_SIDE} cells, '#' filled or '.' empty`))
  .min(MIN_SIDE)
  .max(MAX_SIDE)
  .describe('the only solution, row by row');
export type Solution = z.infer<typeof Solution>;

export const Analysis = z.strictObject({
  rounds: int(1, MAX_ROUNDS).describe('rounds of line logic the solve took (each solves again the lines the previous one changed)'),
  probes: int(0, MAX_CELLS).describe('cells decided by probing: the other value led line logic to a contradiction'),
  filled: int(0, MAX_CELLS).describe('filled cells of the solution'),
});
export type Analysis = z.infer<typeof Analysis>;

const Tier = z.strictObject({ tier: z.enum(TIERS), maxProbes: int(0, MAX_CELLS), maxRounds: int(1, MAX_ROUNDS) });

export const Config = z.strictObject({
  plan: z
    .array(
      z.strictObject({
        rows: int(MIN_SIDE, MAX_SIDE),
        cols: int(MIN_SIDE, MAX_SIDE),
        count: int(1, 10_000),
        density: int(1, 99).describe('per cent of cells drawn filled'),
        minProbes: int(0, MAX_CELLS).describe('grids whose solve needs fewer probes are drawn again (0: any)'),
      }),
    )
    .min(1)
    .describe('the wanted boards: each entry `count` boards of `rows` x `cols`'),
  triesPerLevel: int(1, 100_000).describe('grids drawn per wanted level at most'),
  work: int(1, 100_000_000).describe("the solver's line work per puzzle at most (cells x runs of every line solved)"),
  tiers: z.array(Tier).min(1).describe('easiest first: a level gets the first tier whose maxProbes and maxRounds it is within'),
});
export type Config = z.infer<typeof Config>;

export const Calibration = z.strictObject({
  medianDifficulty: z.number().nullable().describe("the set's median difficulty (probes x 1000 + rounds); null before curate"),
});
export type Calibration = z.infer<typeof Calibration>;

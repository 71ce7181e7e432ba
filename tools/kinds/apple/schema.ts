// Apple formats (docs/apple.md, docs/formats.md): puzzle, plays, analysis, generator config and
// set calibration. These zod schemas are the single source of truth; the JSON
// Schemas in schema/ are generated from them.
import { z } from 'proofpack/kind';
import { COLS, ROWS, CELLS, MAX_PLAY_MOVES } from './bounds.ts';

const int = () => z.number().int();

export const ApplePuzzle = z.strictObject({
  board: z
    .array(z.string().regex(new RegExp(`^[1-9]{${COLS}}$`), `a row of ${COLS} digits 1..9`))
    .length(ROWS)
    .describe('10 rows of 17 digits, row 0 first'),
});
export type ApplePuzzle = z.infer<typeof ApplePuzzle>;

export const AppleRect = z
  .tuple([
    int()
      .min(0)
      .max(ROWS - 1),
    int()
      .min(0)
      .max(COLS - 1),
    int()
      .min(0)
      .max(ROWS - 1),
    int()
      .min(0)
      .max(COLS - 1),
  ])
  .describe('[top, left, bottom, right], inclusive, 0-based')
  .superRefine(([t, l, b, r], ctx) => {
    if (t > b) ctx.addIssue({ code: 'custom', message: `top ${t} is below bottom ${b}` });
    if (l > r) ctx.addIssue({ code: 'custom', message: `left ${l} is right of right ${r}` });
  });
export type AppleRect = z.infer<typeof AppleRect>;

export const ApplePlay = z.array(AppleRect).max(MAX_PLAY_MOVES).describe('moves in play order; each clears a rectangle whose remaining digits sum to 10');
export type ApplePlay = z.infer<typeof ApplePlay>;

/**
 * The level's solution: the play that reaches bestScore.
 * @alias of ApplePlay under the kind contract's name for a solution (knip: not a duplicate export)
 */
export const AppleSolution = ApplePlay;
export type AppleSolution = ApplePlay;

export const AppleAnalysis = z.strictObject({
  greedyScore: int().min(0).max(CELLS).describe('cells the greedy baseline clears (largest digit, fewest cells, smallest area, position)'),
  bestScore: int().min(0).max(CELLS).describe('cells the strong solver clears with the set config budget (the solution)'),
  upperBound: int().min(0).max(CELLS).describe('most digits that can be split into groups summing to 10, positions ignored'),
  greedyPlay: ApplePlay.describe('the greedy play'),
});
export type AppleAnalysis = z.infer<typeof AppleAnalysis>;

export const APPLE_TIERS = ['LUCKY', 'EASY', 'NORMAL', 'HARD', 'BRUTAL'] as const;
const AppleTier = z.enum(APPLE_TIERS);

const AppleSearch = z.strictObject({
  iterations: int().min(0).max(100_000_000).describe('ruin-and-recreate iterations at most, over all runs'),
  work: int().min(0).describe('stop once the completions scanned this many row strips (0 = no limit); a count of work, never time'),
  runs: z
    .union([z.literal(1), z.literal(2), z.literal(4), z.literal(8), z.literal(16), z.literal(32), z.literal(64)])
    .describe('lines of search sharing the budget by successive halving'),
  completions: int().min(1).max(64).describe('randomised completions per iteration; the best counts'),
  leftoverBias: int().min(0).max(256).describe('windows centred on a left-over cell, per 256 (the rest on any cell)'),
  pairBias: int().min(0).max(256).describe('windows spanning a left-over cell and a left-over cell with the complementary digit, per 256'),
  windowRows: int().min(1).max(ROWS).describe('largest half-height of a window'),
  windowCols: int().min(1).max(COLS).describe('largest half-width of a window'),
  cellShift: int().min(0).max(40).describe('completion policy: each cell of a move divides its weight by 2^cellShift'),
  digitGrowth: int().min(1).max(1000).describe("completion policy: each unit of a move's largest digit multiplies its weight by digitGrowth/100"),
});

export const AppleConfig = z.strictObject({
  boards: int().min(1).max(1_000_000).describe('wanted boards'),
  triesPerBoard: int().min(1).max(1_000_000).describe('whole-board draws per wanted board; a draw is kept when its sum is a multiple of 10 (about 1 in 10)'),
  search: AppleSearch.describe('the strong solver (bestScore) and its budget'),
  tiers: z
    .array(z.strictObject({ tier: AppleTier, minGreedy: int().min(0).max(CELLS) }))
    .min(1)
    .describe('easiest first: a level gets the first tier whose minGreedy its greedyScore reaches'),
  fidelity: z
    .strictObject({
      referenceBoards: int()
        .min(100)
        .max(1_000_000)
        .describe('boards of the simulated rejection-sampling sample the per-board chi-square is tested against (KS)'),
      referenceSeed: int().min(0).describe('seed of that simulation'),
      alpha: z.number().min(0).max(1).describe('a set whose fidelity test has p below this is a problem'),
    })
    .describe('the set fidelity statistics validate prints'),
});
export type AppleConfig = z.infer<typeof AppleConfig>;

export const AppleCalibration = z.strictObject({
  greedyQuantiles: z
    .strictObject({ p10: z.number(), p25: z.number(), p50: z.number(), p75: z.number(), p90: z.number() })
    .nullable()
    .describe("the set's greedyScore quantiles (tiers are cut at the config's fixed thresholds; this records where the set sits); null before curate"),
});
export type AppleCalibration = z.infer<typeof AppleCalibration>;

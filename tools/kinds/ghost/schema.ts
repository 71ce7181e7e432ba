// Ghost formats (docs/ghost.md, docs/formats.md): puzzle, solution, analysis, generator config and
// set calibration. These zod schemas are the single source of truth; the JSON
// Schemas in schema/ are generated from them.
import { z, BASE64_PATTERN } from 'proofpack/kind';
import { COURSE_MAX_CHARS, HINTS_MAX_CHARS, MAX_CLUE, MAX_GHOSTS, MAX_SIZE, MAX_STORED_NUMBER, MIN_SIZE } from './bounds.ts';
import { COURSE_MAX_GHOSTS, DP_MAX_GHOSTS, HEAVY_GHOSTS, KERNEL_MAX_GHOSTS } from './limits.ts';

const int = () => z.number().int();
const range = (lo: number, hi: number) => z.tuple([int().min(lo).max(hi), int().min(lo).max(hi)]).describe('[low, high], both included');

/** A row of `chars` (a regex character class) of MIN_SIZE..MAX_SIZE cells. */
const rowOf = (chars: string, what: string) => z.string().regex(new RegExp(`^[${chars}]{${MIN_SIZE},${MAX_SIZE}}$`), what);

export const GhostPuzzle = z
  .strictObject({
    size: int().min(MIN_SIZE).max(MAX_SIZE),
    grid: z
      .array(rowOf(`.0-${MAX_CLUE}`, `row strings of '.' (plain cell) and '0'..'${MAX_CLUE}' (clue)`))
      .min(MIN_SIZE)
      .max(MAX_SIZE),
    rows: z.array(int().min(0).max(MAX_SIZE)).min(MIN_SIZE).max(MAX_SIZE),
    cols: z.array(int().min(0).max(MAX_SIZE)).min(MIN_SIZE).max(MAX_SIZE),
  })
  .superRefine((p, ctx) => {
    const n = p.size;
    if (p.grid.length !== n) ctx.addIssue({ code: 'custom', path: ['grid'], message: `has ${p.grid.length} rows, size is ${n}` });
    p.grid.forEach((row, r) => {
      if (row.length !== n) ctx.addIssue({ code: 'custom', path: ['grid', r], message: `has ${row.length} cells, size is ${n}` });
    });
    for (const key of ['rows', 'cols'] as const) {
      if (p[key].length !== n) ctx.addIssue({ code: 'custom', path: [key], message: `has ${p[key].length} counts, size is ${n}` });
      p[key].forEach((v, i) => {
        if (v > n) ctx.addIssue({ code: 'custom', path: [key, i], message: `is ${v}, more than the ${n} cells of the line` });
      });
    }
  });
export type GhostPuzzle = z.infer<typeof GhostPuzzle>;

export const GhostSolution = z
  .array(z.string().regex(/^[G.]{5,9}$/, "row strings of 'G' (ghost) and '.' (no ghost)"))
  .min(MIN_SIZE)
  .max(MAX_SIZE);
export type GhostSolution = z.infer<typeof GhostSolution>;

const Unknown = z
  .literal('unknown')
  .describe(
    `not computed: the board has more ghosts than the set's exact limit (scoreGhostLimit); for a course asset also when, past ${KERNEL_MAX_GHOSTS} ghosts, its states on an optimal play do not fit the memory the layered DP allows them, and always with more than ${COURSE_MAX_GHOSTS} ghosts`,
  );
const CellRC = z
  .tuple([
    int()
      .min(0)
      .max(MAX_SIZE - 1),
    int()
      .min(0)
      .max(MAX_SIZE - 1),
  ])
  .describe('[row, col]');

/** Unpadded base64 of at most `maxChars` characters: the length first, then a pattern that runs in linear time, then the length mod 4 (no repeated group: see lib/bytes.ts). */
const Base64 = (maxChars: number) =>
  z
    .string()
    .max(maxChars, `at most ${maxChars} base64 characters`)
    .regex(BASE64_PATTERN, 'base64 (A-Z a-z 0-9 + /, no padding)')
    .refine((s) => s.length % 4 !== 1, 'base64 whose length mod 4 is not 1');

export const GhostCourse = Base64(COURSE_MAX_CHARS).describe(
  'binary, base64: the reduced ordered multi-terminal decision diagram, over the ghosts (row-major order unless the asset stores another), of W(S) = best (worst) bonus still to come + cells opened so far, for every caught set S on an optimal play (no value elsewhere); format version 1, see docs/ghost-assets.md',
);

export const GhostHints = Base64(HINTS_MAX_CHARS).describe(
  'binary, base64: the ordered deduction steps of the layered solve (layer, constraints used, cells decided); each plain cell is decided by exactly one step; format version 1, see docs/ghost-assets.md',
);

export const GhostAnalysis = z.strictObject({
  ghosts: int().min(0).max(MAX_GHOSTS).describe('number of ghosts'),
  direct: int().min(0).describe('L1 rounds of the layered solve'),
  pair: int().min(0).describe('L2 rounds'),
  contradiction: int().min(0).describe('L3 rounds'),
  logicDepth: int().min(0).max(MAX_STORED_NUMBER).describe('direct + wPair·pair + wContra·contradiction, weights from the set calibration'),
  maxScore: z.union([int().min(0).max(MAX_STORED_NUMBER), Unknown]).describe('exact best total score over all catching orders'),
  minScore: z.union([int().min(0).max(MAX_STORED_NUMBER), Unknown]).describe('exact worst total score over all catching orders'),
  freeGhosts: z
    .union([z.array(CellRC), Unknown])
    .describe('ghosts that can be caught at any point of an optimal (max) play without losing the maximum, row-major'),
  maxCourse: z.union([GhostCourse, Unknown]).describe('decides, after any history of catches, whether the best score is still reachable'),
  minCourse: z.union([GhostCourse, Unknown]).describe('decides, after any history of catches, whether the worst score is still reachable'),
  hints: GhostHints,
});
export type GhostAnalysis = z.infer<typeof GhostAnalysis>;

export const GHOST_MODES = ['direct', 'pair', 'contradiction'] as const;
export const GhostMode = z.enum(GHOST_MODES);
export type GhostMode = z.infer<typeof GhostMode>;

export const GHOST_TIERS = ['EASY', 'NORMAL', 'HARD', 'EXPERT', 'MASTER', 'EXTREME', 'EXTREME II', 'ULTIMATE', 'ULTIMATE II', 'ULTIMATE+'] as const;
export const GhostTier = z.enum(GHOST_TIERS);

const RoundLimits = z.strictObject({
  direct: range(0, 200).optional().describe('L1 rounds'),
  pair: range(0, 200).optional().describe('L2 rounds'),
  contradiction: range(0, 200).optional().describe('L3 rounds'),
});

export const GhostConfig = z.strictObject({
  triesPerBoard: int().min(1).max(1_000_000).describe('rejection-sampling tries per wanted board (default 600)'),
  maxZeroTargets: int().min(0).describe('reject boards with more constraints of target 0 than this (default 3)'),
  bands: z
    .array(z.strictObject({ size: int().min(MIN_SIZE).max(MAX_SIZE), ghosts: range(0, MAX_GHOSTS), clues: range(0, MAX_GHOSTS) }))
    .min(1)
    .describe('per board size: the ghost and clue counts drawn uniformly'),
  plan: z
    .array(
      z.strictObject({
        size: int().min(MIN_SIZE).max(MAX_SIZE),
        mode: GhostMode,
        count: int().min(0).max(1_000_000),
        rounds: RoundLimits.optional().describe('extra round limits on the target test'),
        tier: GhostTier.optional().describe('keep only boards the ladder puts in this tier'),
        deepen: int()
          .min(0)
          .max(1_000_000)
          .optional()
          .describe(
            'deepening budget: after sampling, this many candidate clue changes (remove one, or move one to an empty cell) per board, each kept only when the board still passes the same target test and gets deeper (direct + 2·pair + 2·contradiction); absent or 0: none',
          ),
        starts: int()
          .min(1)
          .max(1000)
          .optional()
          .describe("with deepen: sampled boards deepened per wanted board, the deepest kept (default 1); all within the entry's sampling tries"),
        tries: int()
          .min(1)
          .max(1_000_000)
          .optional()
          .describe('sampling tries per wanted board for this entry (default: triesPerBoard); lets an entry with starts actually sample that many boards'),
      }),
    )
    .min(1)
    .describe('what to generate: boards wanted per size and generator mode'),
  ladder: z
    .array(z.strictObject({ tier: GhostTier, mode: GhostMode, rounds: RoundLimits.optional() }))
    .min(1)
    .describe('tier rules, first match wins: the solve mode and round counts of a level decide its tier'),
  weightChoices: z.array(int().min(1).max(100)).min(1).describe('candidate logicDepth weights tried by curate'),
  scoreGhostLimit: int()
    .min(0)
    .max(DP_MAX_GHOSTS)
    .describe(
      `exact maxScore/minScore/freeGhosts/course assets for boards with at most this many ghosts, "unknown" above; time grows as G·2^G (about 2 s a board at G = 26 on one core), memory as 6·2^G bytes (0.4 GB at 26, 1.6 GB at ${KERNEL_MAX_GHOSTS}); above ${KERNEL_MAX_GHOSTS} ghosts the layered DP gives the same assets in up to about 10 GB at ${DP_MAX_GHOSTS}, one such board at a time on the machine from ${HEAVY_GHOSTS} ghosts on; above ${COURSE_MAX_GHOSTS} one medal a pass at about 2 bytes a state for two layers (12.9 GB and 2·2^G bytes of scratch disk at 34, 49 GB at ${DP_MAX_GHOSTS}; where two layers do not fit the machine, the layer being read is streamed from that scratch disk in 5.8 GB at 35 and 7.2 GB at ${DP_MAX_GHOSTS}), scores and free ghosts exact, course assets "unknown" (docs/score-layered.md)`,
    ),
});
export type GhostConfig = z.infer<typeof GhostConfig>;

export const GhostCalibration = z.strictObject({
  weights: z.strictObject({ pair: int().min(1).max(100), contradiction: int().min(1).max(100) }),
  tierMedians: z
    .array(z.number().nullable())
    .nullable()
    .describe('median logicDepth per tier (EASY first, null for an empty tier) under these weights; null before curate'),
  spacing: z
    .number()
    .nullable()
    .describe('sd/mean of the gaps between consecutive populated tier medians, rounded to 4 decimals (lower is more even); null before curate'),
});
export type GhostCalibration = z.infer<typeof GhostCalibration>;

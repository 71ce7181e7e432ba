// Slide formats (docs/slide.md, docs/formats.md): puzzle, solution, analysis, generator config and
// set calibration. These zod schemas are the single source of truth; the JSON
// Schemas in schema/ are generated from them.
import { z } from 'proofpack/kind';
import { MAX_COLOUR, MAX_SIDE, MAX_SOLUTION_MOVES, MAX_STAR_MOVES, MIN_SIDE, ROW_CHARS } from './bounds.ts';

const int = () => z.number().int();
const range = (lo: number, hi: number) => z.tuple([int().min(lo).max(hi), int().min(lo).max(hi)]).describe('[low, high], both included');

export const SLIDE_TIERS = ['tutorial', 'easy', 'normal', 'hard', 'expert'] as const;

/** Default tier thresholds: score < 43 tutorial, < 56 easy, < 67 normal, < 77 hard, else expert. */
export const DEFAULT_THRESHOLDS: [number, number, number, number] = [43, 56, 67, 77];

export const SlidePuzzle = z
  .strictObject({
    board: z
      .array(
        z
          .string()
          .regex(
            new RegExp(`^[${ROW_CHARS}]{${MIN_SIDE},${MAX_SIDE}}$`),
            "row strings of '#' (wall), '.' (floor), 'a'..'o' (movable block, colour 1..15), 'A'..'O' (fixed block)",
          ),
      )
      .min(MIN_SIDE)
      .max(MAX_SIDE)
      .describe('row 0 first; every row has the same length (2..8)'),
  })
  .superRefine((p, ctx) => {
    const w = p.board[0]?.length ?? 0;
    p.board.forEach((row, r) => {
      if (row.length !== w) ctx.addIssue({ code: 'custom', path: ['board', r], message: `has ${row.length} cells, row 0 has ${w}` });
    });
  });
export type SlidePuzzle = z.infer<typeof SlidePuzzle>;

const DIRECTIONS = ['U', 'D', 'L', 'R'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const SlideMove = z
  .tuple([
    int()
      .min(0)
      .max(MAX_SIDE - 1),
    int()
      .min(0)
      .max(MAX_SIDE - 1),
    z.enum(DIRECTIONS),
  ])
  .describe('[col, row, dir]: flick the movable block at (col, row) Up (row - 1), Down, Left (col - 1) or Right');
export type SlideMove = z.infer<typeof SlideMove>;

export const SlideSolution = z.array(SlideMove).max(MAX_SOLUTION_MOVES).describe('one shortest solution, replayed move by move by validate');
export type SlideSolution = z.infer<typeof SlideSolution>;

export const SlideAnalysis = z.strictObject({
  status: z.literal('solved').describe("solver verdict; a stored level is always 'solved' ('unsolvable' and 'unknown' never ship)"),
  minMoves: int().min(1).max(MAX_SOLUTION_MOVES).describe('length of a shortest solution'),
  solutionCount: int().min(1).max(Number.MAX_SAFE_INTEGER).describe('distinct move sequences of length minMoves that clear the board (saturating at 2^53 - 1)'),
  openingAccuracy: z.number().min(0).max(1).describe('share of legal first moves after which a clear in minMoves - 1 remains (2 decimals)'),
  deadEndRatio: z.number().min(0).max(1).describe('mean over depths d < minMoves of blunders[d] / edges[d] from alive states (2 decimals)'),
  branchingFactor: z.number().min(0).describe('mean number of legal moves over the non-cleared states with depth < minMoves (2 decimals)'),
  blockCount: int().min(1).describe('blocks at the start, fixed ones included'),
  colorCount: int().min(1).describe('distinct colours at the start'),
  score: z
    .number()
    .describe(
      '5·minMoves + 20·(1 − openingAccuracy) + 30·deadEndRatio + 0.5·branchingFactor + 0.8·blockCount + 3·(colorCount − 2), from unrounded metrics (1 decimal)',
    ),
  stars: z
    .strictObject({
      three: int().min(1).max(MAX_STAR_MOVES).describe('★★★: a clear in at most this many moves (= minMoves, the proven shortest)'),
      two: int().min(1).max(MAX_STAR_MOVES).describe('★★: at most minMoves + 2 moves'),
      one: int().min(1).max(MAX_STAR_MOVES).describe('★: at most 2·minMoves + 2 moves'),
    })
    .describe('star thresholds in moves, from the proven minimum'),
});
export type SlideAnalysis = z.infer<typeof SlideAnalysis>;

const SideBand = z.strictObject({
  size: int().min(MIN_SIDE).max(MAX_SIDE).describe('square board side'),
  walls: range(0, 64).describe('wall cells, drawn uniformly'),
  colours: range(1, MAX_COLOUR).describe('colours, drawn uniformly'),
  blocksPerColour: range(1, 64).describe('blocks of each colour, drawn uniformly per colour'),
  fixed: range(0, 64).describe('fixed blocks among them, drawn uniformly'),
});

export const SlideConfig = z.strictObject({
  triesPerBoard: int().min(1).max(10_000_000).describe('rejection-sampling tries per wanted board'),
  nodeLimit: int().min(1).max(100_000_000).describe('solver budget: states discovered before the clear is found (default 2,000,000)'),
  metricBudget: int().min(1).max(200_000_000).describe('states of the metric graph (depth minMoves + 2) (default 20,000,000)'),
  maxStates: int()
    .min(1)
    .max(200_000_000)
    .describe(
      'generator only: a board is thrown away when more than this many states lie within minMoves + 1 moves (keeps generation fast; validate uses metricBudget)',
    ),
  minMoves: range(1, 64).describe("kept boards have minMoves in this band; its top is the depth limit of the generator's solver"),
  bands: z.array(SideBand).min(1).describe('per board size: walls, colours, blocks per colour and fixed blocks drawn uniformly'),
  plan: z
    .array(
      z.strictObject({
        size: int().min(MIN_SIDE).max(MAX_SIDE),
        count: int().min(0).max(1_000_000),
        minMoves: range(1, 64).optional().describe('narrower minMoves band for this entry (inside the config band)'),
        walls: range(0, 64).optional().describe("overrides the size band's walls"),
        colours: range(1, MAX_COLOUR).optional().describe("overrides the size band's colours"),
        blocksPerColour: range(1, 64).optional().describe("overrides the size band's blocks per colour"),
        fixed: range(0, 64).optional().describe("overrides the size band's fixed blocks"),
      }),
    )
    .min(1)
    .describe('what to generate: boards wanted per size'),
  tierShares: z
    .tuple([z.number().gt(0).lt(1), z.number().gt(0).lt(1), z.number().gt(0).lt(1), z.number().gt(0).lt(1)])
    .describe('curate: cumulative share of levels below each tier threshold (tutorial | easy | normal | hard | expert)'),
});
export type SlideConfig = z.infer<typeof SlideConfig>;

export const SlideCalibration = z.strictObject({
  method: z.enum(['default', 'quantiles']).describe("'default': the default thresholds (before curate); 'quantiles': chosen by curate from the set's scores"),
  thresholds: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('score < t[0] tutorial, < t[1] easy, < t[2] normal, < t[3] hard, else expert'),
});
export type SlideCalibration = z.infer<typeof SlideCalibration>;

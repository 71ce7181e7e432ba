// The ghost kind's conformance-vector format (zod, the source of
// schema/ghost.conformance.schema.json): catches with their results and medal questions, and whole games through ghostStep. Written by vectors.ts.
import { z, caseBase, cell, conformanceSchema, zInt as int, medalQuestion, refusedOr } from 'proofpack/kind';

const GhostResult = z.discriminatedUnion('hit', [
  z.strictObject({ hit: z.literal(false), reason: z.enum(['no ghost', 'already caught', 'not a cell']) }),
  z.strictObject({
    hit: z.literal(true),
    ghost: int().min(0).describe('ghost index, row-major order of the ghosts'),
    points: int().min(0).describe('100 + 50 × opened × completed'),
    completed: z
      .array(z.union([z.tuple([z.enum(['row', 'col']), int()]), z.tuple([z.literal('clue'), int(), int()])]))
      .describe('constraints this catch completed: ["row", r], ["col", c], ["clue", r, c]'),
    opened: z.array(cell).describe('cells opened by this catch, in the order the client lists them'),
    score: int().min(0).describe('total after this catch'),
  }),
]);

const GhostMedalQuestions = {
  onCourseForBest: medalQuestion.describe('after this point, still on course for the best score (exact once every ghost is caught)'),
  onCourseForWorst: medalQuestion.describe('the same for the worst score'),
};

export const GhostConformanceCase = z.strictObject({
  ...caseBase,
  start: z.strictObject({ provable: z.array(cell).describe('provable catches before any catch, row-major'), ...GhostMedalQuestions }),
  steps: z.array(
    z.strictObject({
      catch: cell,
      provable: z.boolean().describe('was this catch provable from the caught ghosts and open cells just before it'),
      result: GhostResult,
      ...GhostMedalQuestions,
    }),
  ),
  end: z.strictObject({
    score: int().min(0),
    over: z.boolean().describe('every ghost caught'),
    medals: z.strictObject({ best: medalQuestion, worst: medalQuestion }),
  }),
});

const HintStepSchema = z.strictObject({
  layer: int().min(1).max(3),
  constraints: z.array(z.union([z.tuple([z.enum(['row', 'col']), int()]), z.tuple([z.literal('clue'), int(), int()])])),
  ghosts: z.array(cell),
  empties: z.array(cell),
  assume: z.tuple([int(), int(), z.enum(['G', '.'])]).optional(),
});

const GhostAction = z.union([
  z.strictObject({ type: z.enum(['mark', 'unmark', 'catch']), row: int(), col: int() }),
  z.strictObject({ type: z.enum(['hint', 'restart']) }),
]);
const GhostEvent = refusedOr(
  z.union([
    z.strictObject({
      kind: z.literal('caught'),
      points: int().min(0),
      completed: z.array(z.union([z.tuple([z.enum(['row', 'col']), int()]), z.tuple([z.literal('clue'), int(), int()])])),
      opened: z.array(cell),
      provable: z.boolean().describe('provable at that moment: one round of the lowest layer with a deduction, from the caught ghosts, open cells and × marks'),
    }),
    z.strictObject({ kind: z.enum(['marked', 'unmarked', 'restarted']) }),
    z.strictObject({ kind: z.literal('mistake'), action: z.enum(['mark', 'catch']), livesLeft: int().min(0) }),
    z.strictObject({ kind: z.literal('hint'), step: HintStepSchema }),
  ]),
);
export const GhostGameCase = z.strictObject({
  ...caseBase,
  lives: int().min(1).describe('lives the game was started with'),
  steps: z.array(
    z.strictObject({
      action: GhostAction,
      event: GhostEvent,
      state: z
        .strictObject({
          lives: int().min(0),
          attempt: int().min(1),
          catches: int().min(0),
          marks: int().min(0),
          mistakes: int().min(0),
          hints: int().min(0),
          unprovable: int().min(0),
          score: int().min(0),
          status: z.enum(['playing', 'won', 'lost']),
        })
        .describe('the state after the action (counts of its lists)'),
      provableNow: z.array(cell).describe('catches provable at this moment, row-major'),
      nextHint: HintStepSchema.nullable().describe('the first hint step not yet confirmed'),
      ...GhostMedalQuestions,
      clean: z.boolean().describe('a clean clear so far: won, first attempt, no hint, no mistake, every catch provable'),
    }),
  ),
});

export const GHOST_CONFORMANCE = conformanceSchema('ghost', GhostConformanceCase, GhostGameCase);
export type GhostConformanceCase = z.infer<typeof GhostConformanceCase>;
export type GhostGameCase = z.infer<typeof GhostGameCase>;

// The apple kind's conformance-vector format (zod, the source of
// schema/apple.conformance.schema.json): rectangles with their results, and whole games through appleStep. Written by vectors.ts.
import { z, caseBase, conformanceSchema, zInt as int, refusedOr, why } from 'proofpack/kind';

const AppleResult = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), cleared: int().min(1).describe('digits removed by this rectangle') }),
  z.strictObject({ ok: z.literal(false), why }),
]);

export const AppleConformanceCase = z.strictObject({
  ...caseBase,
  steps: z.array(
    z.strictObject({
      rect: z.tuple([int(), int(), int(), int()]).describe('[top, left, bottom, right], inclusive'),
      result: AppleResult,
      score: int().min(0).describe('cells removed so far'),
      over: z.boolean().describe('no rectangle sums to 10 any more'),
    }),
  ),
  end: z.strictObject({
    score: int().min(0),
    moves: int().min(0),
    over: z.boolean(),
    medals: z.strictObject({ greedy: z.boolean(), best: z.boolean() }),
  }),
});

export const AppleGameCase = z.strictObject({
  ...caseBase,
  timeLimitMs: int().min(1).nullable(),
  steps: z.array(
    z.strictObject({
      action: z.union([
        z.strictObject({ type: z.literal('take'), rect: z.tuple([int(), int(), int(), int()]) }),
        z.strictObject({ type: z.literal('tick'), ms: int() }),
        z.strictObject({ type: z.literal('restart') }),
      ]),
      event: refusedOr(
        z.union([
          z.strictObject({ kind: z.literal('taken'), cleared: int().min(1) }),
          z.strictObject({ kind: z.literal('ticked'), timeUp: z.boolean() }),
          z.strictObject({ kind: z.literal('restarted') }),
        ]),
      ),
      state: z.strictObject({ moves: int().min(0), score: int().min(0), elapsedMs: int().min(0), status: z.enum(['playing', 'no move', 'time up']) }),
      timeLeftMs: int().min(0).nullable(),
    }),
  ),
});

export const APPLE_CONFORMANCE = conformanceSchema('apple', AppleConformanceCase, AppleGameCase);
export type AppleConformanceCase = z.infer<typeof AppleConformanceCase>;
export type AppleGameCase = z.infer<typeof AppleGameCase>;

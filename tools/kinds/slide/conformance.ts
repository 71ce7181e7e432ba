// The slide kind's conformance-vector format (zod, the source of
// schema/slide.conformance.schema.json): flicks with their results, and whole games through slideStep. Written by vectors.ts.
import { z, caseBase, conformanceSchema, zInt as int, refusedOr, why } from 'proofpack/kind';

const SlideResult = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), vanished: int().min(0).describe('blocks that vanished after the slide') }),
  z.strictObject({ ok: z.literal(false), why }),
]);

export const SlideConformanceCase = z.strictObject({
  ...caseBase,
  steps: z.array(
    z.strictObject({
      flick: z.tuple([int(), int(), z.string()]).describe('[col, row, dir]'),
      result: SlideResult,
      board: z.array(z.string()).describe('the board after the flick, in the level encoding'),
      cleared: z.boolean(),
      stars: int().min(0).max(3).describe('stars earned so far (0 until cleared)'),
    }),
  ),
  end: z.strictObject({
    moves: int().min(0).describe('legal flicks played'),
    cleared: z.boolean(),
    stars: int().min(0).max(3),
    starsByMoves: z.array(int().min(0).max(3)).describe('stars for a clear in i flicks, i = 0, 1, …, one past the 1-star threshold'),
  }),
});

export const SlideGameCase = z.strictObject({
  ...caseBase,
  steps: z.array(
    z.strictObject({
      action: z.union([
        z.strictObject({ type: z.literal('flick'), col: int(), row: int(), dir: z.string() }),
        z.strictObject({ type: z.enum(['undo', 'restart']) }),
      ]),
      event: refusedOr(
        z.union([
          z.strictObject({ kind: z.literal('flicked'), result: z.strictObject({ ok: z.literal(true), vanished: int().min(0) }) }),
          z.strictObject({ kind: z.enum(['undone', 'restarted']) }),
        ]),
      ),
      state: z.strictObject({ moves: int().min(0), undos: int().min(0), restarts: int().min(0) }),
      board: z.array(z.string()),
      stars: int().min(0).max(3).describe('stars earned (0 until clear)'),
      threeStarsReachable: z.boolean().nullable().describe('a clear within the ★★★ threshold is still possible from here'),
    }),
  ),
});

export const SLIDE_CONFORMANCE = conformanceSchema('slide', SlideConformanceCase, SlideGameCase);
export type SlideConformanceCase = z.infer<typeof SlideConformanceCase>;
export type SlideGameCase = z.infer<typeof SlideGameCase>;

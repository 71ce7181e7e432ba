// The conformance-vector format (dist/conformance/<kind>.json): sequences of
// player actions on shipped levels, each with every result the client library
// gives, so that a port of the client (Godot, Unity, Swift…) can check itself
// action by action. The vectors are written by the client layer
// (tools/client/conformance.ts) through a hook the CLI hands to bundle; this
// file holds only the format (zod, the source of schema/<kind>.conformance.schema.json)
// and the hook's type. A level is named by its pack and id: the port loads the
// pack from the same dist/.
import { z } from 'zod';
import type { PackFile } from './formats.ts';

const int = () => z.number().int();
const cell = z.tuple([int(), int()]).describe('[row, col], 0-based, row 0 at the top');
const medalQuestion = z.boolean().nullable().describe('null when the level\'s score is "unknown"');
const why = z.string().describe('why the action was refused, for people: a port compares ok, not this text');

const caseBase = {
  name: z.string().describe('what the sequence exercises'),
  pack: z.string().describe('pack name: the level is in <pack>.json next to conformance/'),
  level: z.string().describe('level id inside that pack'),
};

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

// ---- whole games: actions through the kind's step function (ghost-game.ts,
// slide-game.ts, apple-game.ts), each with the event, the state summary and
// the answers the game shows after it. `refused` events carry a `why` for
// people: a port compares the kind, not the text.

const refusedOr = <T extends z.ZodType>(other: T) => z.union([z.strictObject({ kind: z.literal('refused'), why }), other]);
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

const SlideGameCase = z.strictObject({
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
export { SlideGameCase };

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

const header = { type: z.literal('conformance'), formatVersion: z.literal(2) };

/** The file of each kind (schema/<kind>.conformance.schema.json): single-rule cases, and whole games through the kind's step function. */
export const CONFORMANCE_SCHEMAS = {
  ghost: z.strictObject({ ...header, kind: z.literal('ghost'), cases: z.array(GhostConformanceCase), games: z.array(GhostGameCase) }),
  slide: z.strictObject({ ...header, kind: z.literal('slide'), cases: z.array(SlideConformanceCase), games: z.array(SlideGameCase) }),
  apple: z.strictObject({ ...header, kind: z.literal('apple'), cases: z.array(AppleConformanceCase), games: z.array(AppleGameCase) }),
};
export const ConformanceFile = z.discriminatedUnion('kind', [CONFORMANCE_SCHEMAS.ghost, CONFORMANCE_SCHEMAS.slide, CONFORMANCE_SCHEMAS.apple]);
export type ConformanceFile = z.infer<typeof ConformanceFile>;
export type GhostConformanceCase = z.infer<typeof GhostConformanceCase>;
export type SlideConformanceCase = z.infer<typeof SlideConformanceCase>;
export type AppleConformanceCase = z.infer<typeof AppleConformanceCase>;
export type GhostGameCase = z.infer<typeof GhostGameCase>;
export type SlideGameCase = z.infer<typeof SlideGameCase>;
export type AppleGameCase = z.infer<typeof AppleGameCase>;

/** A bundled pack as the conformance writer sees it: its name (file `<name>.json`) and content. */
export interface NamedPack {
  name: string;
  pack: PackFile;
}

/** Writes the vectors for the bundled packs, one file per kind present (bundle calls it when the CLI hands it one). */
export type ConformanceWriter = (packs: readonly NamedPack[]) => ConformanceFile[];

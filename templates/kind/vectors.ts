// Conformance vectors (dist/conformance/<name>.json) for a port of the client:
// games played through the face's step, every answer recorded: the stored
// solution, a press once solved, a restart, a press off the board.
import { caseBase, conformanceSchema, refusedOr, sample, z, type KindPacks } from 'proofpack/kind';
import { pressesOf } from './board.ts';
import { face, type Action, type LightsLevel } from './face.ts';
import { NAME } from './name.ts';

const int = z.number().int();
const act = z.union([z.strictObject({ type: z.literal('press'), row: int, col: int }), z.strictObject({ type: z.literal('restart') })]);
const event = refusedOr(z.union([z.strictObject({ kind: z.literal('pressed'), lit: int }), z.strictObject({ kind: z.literal('restarted') })]));
const game = z.strictObject({ ...caseBase, steps: z.array(z.strictObject({ action: act, event, lit: int.describe('lights on after it') })) });
export const CONFORMANCE = conformanceSchema(NAME, z.never(), game);

function play(pack: string, level: LightsLevel) {
  const n = level.puzzle.size;
  const presses = (pressesOf(level.solution, n) ?? []).map((i): Action => ({ type: 'press', row: Math.floor(i / n), col: i % n }));
  let state = face.start(level);
  const steps = [...presses, ...presses.slice(0, 1), { type: 'restart' } as const, { type: 'press', row: n, col: 0 } as const].map((action) => {
    const out = face.step(level, state, action);
    state = out.state;
    return { action, event: out.event, lit: state.lit };
  });
  return { name: 'the stored solution, a press once solved, a restart, a press off the board', pack, level: level.id, steps };
}

export const vectors = (packs: KindPacks<LightsLevel>) => ({ cases: [], games: packs.flatMap((p) => sample(p.levels).map((l) => play(p.name, l))) });

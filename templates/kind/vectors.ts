// Conformance vectors (dist/conformance/<name>.json) for a port of the client: games through the
// face's step, every event recorded: the stored solution, a press once solved, a restart, a press off the board.
import { caseBase, conformanceSchema, refusedOr, sample, z, zInt, type KindPacks } from 'proofpack/kind';
import { face, NAME, type Action, type LightsLevel } from './face.ts';

const action = z.union([z.strictObject({ type: z.literal('press'), cell: zInt() }), z.strictObject({ type: z.literal('restart') })]);
const event = refusedOr(z.union([z.strictObject({ kind: z.literal('pressed'), lit: zInt() }), z.strictObject({ kind: z.literal('restarted') })]));
export const CONFORMANCE = conformanceSchema(NAME, z.never(), z.strictObject({ ...caseBase, steps: z.array(z.strictObject({ action, event })) }));

function play(pack: string, level: LightsLevel) {
  const presses = level.solution.map((cell): Action => ({ type: 'press', cell }));
  let state = face.start(level);
  const steps = [...presses, ...presses.slice(0, 1), { type: 'restart' } as const, { type: 'press', cell: -1 } as const].map((action) => {
    const out = face.step(level, state, action);
    state = out.state;
    return { action, event: out.event };
  });
  return { name: 'the stored solution, a press once solved, a restart, a press off the board', pack, level: level.id, steps };
}

export const vectors = (packs: KindPacks<LightsLevel>) => ({ cases: [], games: packs.flatMap((p) => sample(p.levels).map((l) => play(p.name, l))) });

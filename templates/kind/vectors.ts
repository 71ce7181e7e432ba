// Conformance vectors (dist/conformance/<name>.json) for a port of the client: games through the
// face's step, every event recorded: the stored solution, a press once solved, a press off the board.
import { caseBase, conformanceSchema, refusedOr, sample, stepEach, z, zInt, type KindPacks } from 'proofpack/kind';
import { face, NAME, pressOf, type LightsLevel } from './face.ts';

const step = z.strictObject({
  action: z.strictObject({ type: z.literal('press'), cell: zInt() }),
  event: refusedOr(z.strictObject({ kind: z.literal('pressed'), lit: zInt() })),
});
export const CONFORMANCE = conformanceSchema(NAME, z.never(), z.strictObject({ ...caseBase, steps: z.array(step) }));

function play(pack: string, level: LightsLevel) {
  const steps = stepEach(face, level, [...level.solution, level.solution[0] ?? 0, -1].map(pressOf));
  return { name: 'the stored solution, a press once solved, a press off the board', pack, level: level.id, steps };
}

export const vectors = (packs: KindPacks<LightsLevel>) => ({ cases: [], games: packs.flatMap((p) => sample(p.levels).map((l) => play(p.name, l))) });

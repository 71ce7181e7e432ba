// Conformance vectors (dist/conformance/nonogram.json) for a port of the
// client: games played through the face's step, every answer recorded: the
// stored solution filled cell by cell (with a cross and its removal on the
// way), a mark once solved, a restart, a mark off the board, a mark that is not one.
import { caseBase, conformanceSchema, refusedOr, sample, z, type KindPacks } from 'proofpack/kind';
import { NAME } from './board.ts';
import { step, start, type Action, type NonogramLevel } from './face.ts';

const int = z.number().int();
const action = z.union([z.strictObject({ type: z.literal('mark'), row: int, col: int, mark: z.string() }), z.strictObject({ type: z.literal('restart') })]);
const event = refusedOr(z.union([z.strictObject({ kind: z.literal('marked'), solved: z.boolean() }), z.strictObject({ kind: z.literal('restarted') })]));
const game = z.strictObject({
  ...caseBase,
  steps: z.array(z.strictObject({ action, event, solved: z.boolean().describe('the state after the action is solved') })),
});
export const CONFORMANCE = conformanceSchema(NAME, z.never(), game);

function play(pack: string, level: NonogramLevel) {
  const fills = level.solution.flatMap((row, r) => [...row].flatMap((c, col): Action[] => (c === '#' ? [{ type: 'mark', row: r, col, mark: '#' }] : [])));
  const actions: Action[] = [
    { type: 'mark', row: 0, col: 0, mark: 'x' },
    { type: 'mark', row: 0, col: 0, mark: '-' },
    ...fills,
    ...fills.slice(0, 1),
    { type: 'restart' },
    { type: 'mark', row: level.solution.length, col: 0, mark: '#' },
    { type: 'mark', row: 0, col: 0, mark: '?' as '#' },
  ];
  let state = start(level);
  const steps = actions.map((a) => {
    const out = step(level, state, a);
    state = out.state;
    return { action: a, event: out.event, solved: state.solved };
  });
  return {
    name: 'a cross and a blank, the stored solution filled, a mark once solved, a restart, a cell off the board, a bad mark',
    pack,
    level: level.id,
    steps,
  };
}

/** The games of every bundled pack: its first and middle level. */
export const vectors = (packs: KindPacks<NonogramLevel>) => ({ cases: [], games: packs.flatMap((p) => sample(p.levels).map((l) => play(p.name, l))) });

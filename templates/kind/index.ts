// Lights Out on 3x3 to 9x9 boards, the tiny but complete kind `proofpack init --kind NAME` copies into a game: what is
// its own, written with defineKind (docs/kind-contract.md: what each member may assume, must guarantee, and the defaults).
import { defineKind, TRANSFORMS, transformRows } from 'proofpack/kind';
import { face } from './face.ts';
import { Analysis, Config, DEFAULT_CONFIG, Puzzle, Solution } from './schema.ts';
import { generateSlot, plan, solve } from './solve.ts';
import { CONFORMANCE, vectors } from './vectors.ts';

export const kind = defineKind({
  contractVersion: 2,
  tiers: ['EASY', 'MEDIUM', 'HARD'],
  schemas: { puzzle: Puzzle, solution: Solution, analysis: Analysis, config: Config },
  face,
  conformance: { schema: CONFORMANCE, vectors },
  budgets: [{ field: 'work', ceiling: DEFAULT_CONFIG.work, bounds: 'the cells the solver visits per board' }],
  defaults: { setName: 'standard', seed: 20261204, config: DEFAULT_CONFIG },
  starterKeys: ['plan'],
  plan,
  generateSlot,
  analyze: (puzzle, ctx) => solve(puzzle, ctx.config),
  // the board under each of the 8 turns and mirrors, itself first: the same game (a press reaches the same neighbours)
  equivalents: (p) => TRANSFORMS.map((t) => ({ size: p.size, lights: transformRows(p.lights, t) })),
  tierOf: ({ presses }, _calibration, { maxPresses }) => (presses <= maxPresses.EASY ? 'EASY' : presses <= maxPresses.MEDIUM ? 'MEDIUM' : 'HARD'),
  difficulty: (analysis) => analysis.presses,
  listMetric: ['presses', 'presses'],
});

export { face };
export { view } from './view.ts';

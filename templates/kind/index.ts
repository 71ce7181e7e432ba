// Lights Out on 3x3 to 9x9 boards, the tiny but complete kind `proofpack init --kind NAME` copies into a
// game: its record, each member (docs/kind-contract.md: what it may assume, must guarantee) wired here.
import { median, smallestEncoding, stableJson, TRANSFORMS, transformRows, type PuzzleKind } from 'proofpack/kind';
import { face, NAME } from './face.ts';
import { Analysis, Calibration, Config, DEFAULT_CONFIG, Puzzle, Solution } from './schema.ts';
import { generateSlot, plan, solve, type Spec } from './solve.ts';
import { CONFORMANCE, vectors } from './vectors.ts';

export const kind: PuzzleKind<Puzzle, Solution, Analysis, Config, Calibration, Spec> = {
  name: NAME,
  contractVersion: 1,
  tiers: ['EASY', 'MEDIUM', 'HARD'],
  schemas: { puzzle: Puzzle, solution: Solution, analysis: Analysis, config: Config, calibration: Calibration },
  face,
  conformance: { schema: CONFORMANCE, vectors },
  budgets: [{ field: 'work', ceiling: DEFAULT_CONFIG.work, bounds: 'the cells the solver visits per board' }],
  defaults: { setName: 'standard', seed: 20261204, config: DEFAULT_CONFIG },
  starterKeys: ['plan'],
  plan,
  generateSlot,
  initialCalibration: () => ({ medianPresses: null }),
  analyze: (puzzle, ctx) => solve(puzzle, ctx.config).outcome,
  analyzeWork: (puzzle, ctx) => solve(puzzle, ctx.config),
  // the stored presses replayed by the face (the rules alone, before any solving); once they clear the board, counted
  ruleProblems: (puzzle, solution, analysis) => {
    const { problems } = face.replay({ id: '', tier: '', puzzle, solution, analysis });
    if (problems.length) return problems.map((p) => ({ field: 'solution', stored: p, expected: 'presses that clear the board' }));
    return solution.length === analysis.presses ? [] : [{ field: 'analysis.presses', stored: analysis.presses, expected: solution.length }];
  },
  solutionProblems: (_puzzle, stored, { solution }) => (stableJson(stored) === stableJson(solution) ? [] : [{ field: 'solution', stored, expected: solution }]),
  tolerances: {},
  canonical: (puzzle) => smallestEncoding(kind.equivalents(puzzle)),
  // the board under each of the 8 turns and mirrors, itself first: the same game (a press reaches the same neighbours)
  equivalents: (p) => TRANSFORMS.map((t) => ({ size: p.size, lights: transformRows(p.lights, t) })),
  calibrate: (levels) => ({ medianPresses: levels.length ? median(levels.map((l) => l.analysis.presses)) : null }),
  recalibrate: (analysis) => analysis,
  tierOf: ({ presses }, _calibration, { maxPresses }) => (presses <= maxPresses.EASY ? 'EASY' : presses <= maxPresses.MEDIUM ? 'MEDIUM' : 'HARD'),
  difficulty: (analysis) => analysis.presses,
  listMetric: ['presses', 'presses'],
  tierTable: (levels) => ({ columns: ['tier', 'levels'], rows: kind.tiers.map((t) => [t, levels.filter((l) => l.tier === t).length]) }),
};

export { face };
export { view } from './view.ts';

// A tiny but complete puzzle kind, Lights Out on 3x3 to 9x9 boards: the
// template `proofpack init --kind NAME` copies into a game's repository. It
// wires members to the functions of its files (docs/kind-contract.md says
// what each may assume and must guarantee). Replace the rules, keep the shape.
import { KIND_CONTRACT_VERSION, type PuzzleKind } from 'proofpack/kind';
import { Analysis, Calibration, Config, Puzzle, Solution, TIERS } from './schema.ts';
import { DEFAULT_CONFIG, generateSlot, plan, type Spec } from './generate.ts';
import { analyze, solve } from './solve.ts';
import { canonical, equivalents, ruleProblems, solutionProblems } from './rules.ts';
import { calibrate, tierOf, tierTable } from './grade.ts';
import { CONFORMANCE, vectors } from './vectors.ts';
import { face } from './face.ts';
import { NAME } from './name.ts';

export const kind: PuzzleKind<Puzzle, Solution, Analysis, Config, Calibration, Spec> = {
  name: NAME,
  contractVersion: KIND_CONTRACT_VERSION,
  tiers: TIERS,
  schemas: { puzzle: Puzzle, solution: Solution, analysis: Analysis, config: Config, calibration: Calibration },
  face,
  conformance: { schema: CONFORMANCE, vectors },
  budgets: [{ field: 'work', ceiling: DEFAULT_CONFIG.work, bounds: "the solver's row operations and solutions counted per board" }],
  defaults: { setName: 'standard', seed: 20261204, config: DEFAULT_CONFIG },
  starterKeys: ['plan'],
  plan,
  generateSlot,
  initialCalibration: () => ({ medianPresses: null }),
  analyze,
  analyzeWork: (puzzle, ctx) => solve(puzzle, ctx.config),
  ruleProblems,
  solutionProblems: (_puzzle, stored, proven) => solutionProblems(stored, proven.solution),
  tolerances: {},
  canonical,
  equivalents,
  calibrate,
  recalibrate: (analysis) => analysis,
  tierOf: (analysis, _calibration, config) => tierOf(analysis, config),
  difficulty: (analysis) => analysis.presses,
  listMetric: ['presses', 'presses'],
  tierTable,
};

export { face };
export { view } from './view.ts';

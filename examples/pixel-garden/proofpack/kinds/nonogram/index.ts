// The nonogram kind of Pixel Garden, written against the proofpack SDK alone
// (`proofpack/kind`, `proofpack/face`): defineKind wiring the kind contract's
// members to the functions of this folder (those left out are its defaults:
// the name, exact tolerances, the analysis as it is under any calibration,
// the smallest encoding of the equivalents), and the face and view beside it,
// as proofpack/kinds.json loads them.
import { defineKind } from 'proofpack/kind';
import { Analysis, Calibration, Config, Puzzle, Solution, TIERS } from './schema.ts';
import { BUDGETS, DEFAULT_CONFIG, DEFAULT_SEED, RUN_BUDGET } from './config.ts';
import { generateSlot, plan, type Spec } from './generate.ts';
import { analyzeWork } from './analyze.ts';
import { ruleProblems, solutionProblems } from './rules.ts';
import { equivalents } from './canonical.ts';
import { calibrate, difficulty, tierOf, tierTable } from './tiers.ts';
import { CONFORMANCE, vectors } from './vectors.ts';
import { face } from './face.ts';
import { PALETTE, preview } from './preview.ts';

export const kind = defineKind<Puzzle, Solution, Analysis, Config, Calibration, Spec>({
  contractVersion: 2,
  tiers: TIERS,
  schemas: { puzzle: Puzzle, solution: Solution, analysis: Analysis, config: Config, calibration: Calibration },
  face,
  conformance: { schema: CONFORMANCE, vectors },
  budgets: BUDGETS,
  runBudget: RUN_BUDGET,
  defaults: { setName: 'standard', seed: DEFAULT_SEED, config: DEFAULT_CONFIG },
  starterKeys: ['plan'],

  plan,
  generateSlot,
  initialCalibration: () => ({ medianDifficulty: null }),

  analyze: (puzzle, ctx) => analyzeWork(puzzle, ctx.config),
  analyzeCost: (puzzle) => puzzle.rows.length * puzzle.cols.length,
  ruleProblems,
  solutionProblems: (_puzzle, stored, proven) => solutionProblems(stored, proven.solution),
  equivalents,

  calibrate,
  tierOf: (analysis, _calibration, config) => tierOf(analysis, config),
  difficulty,
  difficultyLabel: 'probes × 1000 + rounds of line logic',
  listMetric: ['rounds', 'rounds'],
  tierTable,

  previewPalette: PALETTE,
  preview,
});

export { face };
export { view } from './view.ts';

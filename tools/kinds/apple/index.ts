// The apple kind (docs/apple.md) behind the PuzzleKind interface, written with defineKind
// (the members left out are its defaults: docs/kind-contract.md).
import { defineKind } from 'proofpack/kind';
import { face } from './face.ts';
import { APPLE_CONFORMANCE } from './conformance.ts';
import { appleVectors } from './vectors.ts';
import { APPLE_BUDGETS, APPLE_RUN_BUDGET } from './budget.ts';
import { AppleAnalysis, AppleCalibration, AppleConfig, ApplePuzzle, AppleSolution, APPLE_TIERS } from './schema.ts';
import { analyzeAppleDetailed } from './analyze.ts';
import { appleRuleProblems, appleSolutionProblems } from './rules.ts';
import { appleEquivalents, canonicalApple } from './canonical.ts';
import { APPLE_PALETTE, applePreview } from './preview.ts';
import { compareApple } from './compare.ts';
import { importAppleText } from './import.ts';
import { generateAppleSlot, planApple, type AppleSpec } from './generate.ts';
import { appleDifficulty, appleTierOf, appleTierTable, calibrateApple, initialAppleCalibration } from './tiers.ts';
import { fidelityReport, referenceSampleWork } from './fidelity.ts';
import { APPLE_DEFAULT_CONFIG, APPLE_DEFAULT_SEED, APPLE_KEYED_LISTS } from './config.ts';
import { appleFigures } from './bench.ts';

/** The apple kind object: everything the pipeline knows of it (its face among it). */
export const apple = defineKind<ApplePuzzle, AppleSolution, AppleAnalysis, AppleConfig, AppleCalibration, AppleSpec>({
  contractVersion: 2,
  tiers: APPLE_TIERS,
  schemas: {
    puzzle: ApplePuzzle,
    solution: AppleSolution,
    analysis: AppleAnalysis,
    config: AppleConfig,
    calibration: AppleCalibration,
  },
  face,
  conformance: { schema: APPLE_CONFORMANCE, vectors: appleVectors },
  budgets: APPLE_BUDGETS,
  runBudget: APPLE_RUN_BUDGET,
  defaults: { setName: 'standard', seed: APPLE_DEFAULT_SEED, config: APPLE_DEFAULT_CONFIG },
  starterKeys: ['boards', 'tiers'],
  keyedLists: APPLE_KEYED_LISTS,

  plan: planApple,
  generateSlot: generateAppleSlot,
  initialCalibration: initialAppleCalibration,

  analyze: (puzzle, ctx) => analyzeAppleDetailed(puzzle, ctx.config),
  ruleProblems: appleRuleProblems,
  solutionProblems: (puzzle, stored, proven) => appleSolutionProblems(puzzle, stored, proven),

  canonical: canonicalApple,
  equivalents: appleEquivalents,

  calibrate: calibrateApple,
  tierOf: (analysis, _calibration, config) => appleTierOf(analysis, config),
  difficulty: appleDifficulty,
  difficultyLabel: 'cells the greedy leaves (170 − greedyScore)',
  listMetric: ['greedyScore', 'greedy'],
  tierTable: appleTierTable,

  setReport: {
    report: (levels, config) =>
      fidelityReport(
        levels.map((l) => l.puzzle),
        config.fidelity,
      ),
    work: (config) => referenceSampleWork(config.fidelity),
  },

  compareSets: (a, b) =>
    compareApple(
      a.map((l) => l.puzzle),
      b.map((l) => l.puzzle),
      APPLE_DEFAULT_CONFIG.fidelity.alpha,
    ),
  importText: importAppleText,

  previewPalette: APPLE_PALETTE,
  preview: applePreview,
  bench: { apple: appleFigures },
});

// what the list of kinds (../list.ts) reads of this folder
export { apple as kind, face };
export { view } from './view.ts';

// The ghost deduction kind (docs/ghost.md) behind the PuzzleKind interface, written with defineKind
// (the members left out are its defaults: docs/kind-contract.md).
import { defineKind } from 'proofpack/kind';
import { face } from './face.ts';
import { GHOST_CONFORMANCE } from './conformance.ts';
import { ghostVectors } from './vectors.ts';
import { GHOST_BUDGETS, GHOST_RUN_BUDGET } from './budget.ts';
import { GhostAnalysis, GhostCalibration, GhostConfig, GhostPuzzle, GhostSolution, GHOST_TIERS } from './schema.ts';
import { ghostAnalyzeCost, ghostAnalyzeWork } from './analyze.ts';
import { logicDepth } from './logic-depth.ts';
import { ruleProblems, solutionProblems } from './rules.ts';
import { canonicalGhost, ghostEquivalents } from './canonical.ts';
import { generateGhostSlot, planGhost, type GhostSpec } from './generate.ts';
import { calibrateGhost, ghostTierOf, ghostTierTable, initialGhostCalibration } from './tiers.ts';
import { GHOST_DEFAULT_CONFIG, GHOST_DEFAULT_SEED, GHOST_KEYED_LISTS, GHOST_PRESETS, ghostPlannedTiers } from './config.ts';
import { GHOST_PALETTE, ghostPreview } from './preview.ts';
import { ghostFigures, ghostLayeredFigures, ghostScoreFigures } from './bench.ts';

/** The ghost kind object: everything the pipeline knows of it (its face among it). */
export const ghost = defineKind<GhostPuzzle, GhostSolution, GhostAnalysis, GhostConfig, GhostCalibration, GhostSpec>({
  contractVersion: 2,
  tiers: GHOST_TIERS,
  schemas: {
    puzzle: GhostPuzzle,
    solution: GhostSolution,
    analysis: GhostAnalysis,
    config: GhostConfig,
    calibration: GhostCalibration,
  },
  face,
  conformance: { schema: GHOST_CONFORMANCE, vectors: ghostVectors },
  budgets: GHOST_BUDGETS,
  runBudget: GHOST_RUN_BUDGET,
  defaults: { setName: 'standard', seed: GHOST_DEFAULT_SEED, config: GHOST_DEFAULT_CONFIG },
  starterKeys: ['plan'],
  keyedLists: GHOST_KEYED_LISTS,
  plannedTiers: ghostPlannedTiers,
  presets: GHOST_PRESETS,

  plan: planGhost,
  generateSlot: generateGhostSlot,
  initialCalibration: initialGhostCalibration,

  // the outcome, and the work: the exact-score DP's steps, known from the puzzle (1 when the scores are left unknown), and the course states
  analyze: ghostAnalyzeWork,
  analyzeCost: ghostAnalyzeCost,
  ruleProblems,
  solutionProblems: (puzzle, stored, proven) => solutionProblems(puzzle, stored, proven.solution),

  canonical: canonicalGhost,
  equivalents: ghostEquivalents,

  calibrate: calibrateGhost,
  recalibrate: (analysis, calibration) => ({ ...analysis, logicDepth: logicDepth(analysis, calibration.weights) }),
  tierOf: (analysis, _calibration, config) => ghostTierOf(analysis, config.ladder),
  difficulty: (analysis) => analysis.logicDepth,
  difficultyLabel: 'logicDepth',
  listMetric: ['logicDepth', 'logicDepth'],
  tierTable: ghostTierTable,

  previewPalette: GHOST_PALETTE,
  preview: ghostPreview,
  bench: { ghost: ghostFigures, 'ghost-score': ghostScoreFigures, 'ghost-layered': ghostLayeredFigures },
});

// what the list of kinds (../list.ts) reads of this folder
export { ghost as kind, face };
export { view } from './view.ts';

// The slide-block kind (docs/slide.md) behind the PuzzleKind interface, written with defineKind
// (the members left out are its defaults: docs/kind-contract.md).
import { defineKind } from 'proofpack/kind';
import { face } from './face.ts';
import { SLIDE_CONFORMANCE } from './conformance.ts';
import { slideVectors } from './vectors.ts';
import { SLIDE_BUDGETS, SLIDE_RUN_BUDGET } from './budget.ts';
import { SlideAnalysis, SlideCalibration, SlideConfig, SlidePuzzle, SlideSolution, SLIDE_TIERS } from './schema.ts';
import { analyzeSlideDetailed } from './analyze.ts';
import { slideSolutionProblems, startRuleProblems } from './rules.ts';
import { canonicalSlide, slideEquivalents } from './canonical.ts';
import { generateSlideSlot, planSlide, type SlideSpec } from './generate.ts';
import { calibrateSlide, initialSlideCalibration, slideTierOf, slideTierTable } from './tiers.ts';
import { SLIDE_DEFAULT_CONFIG, SLIDE_DEFAULT_SEED, SLIDE_KEYED_LISTS, SLIDE_PRESETS } from './config.ts';
import { SLIDE_PALETTE, slidePreview } from './preview.ts';
import { slideFigures } from './bench.ts';

/** The slide kind object: everything the pipeline knows of it (its face among it). */
export const slide = defineKind<SlidePuzzle, SlideSolution, SlideAnalysis, SlideConfig, SlideCalibration, SlideSpec>({
  contractVersion: 2,
  tiers: SLIDE_TIERS,
  schemas: {
    puzzle: SlidePuzzle,
    solution: SlideSolution,
    analysis: SlideAnalysis,
    config: SlideConfig,
    calibration: SlideCalibration,
  },
  face,
  conformance: { schema: SLIDE_CONFORMANCE, vectors: slideVectors },
  budgets: SLIDE_BUDGETS,
  runBudget: SLIDE_RUN_BUDGET,
  defaults: { setName: 'standard', seed: SLIDE_DEFAULT_SEED, config: SLIDE_DEFAULT_CONFIG },
  starterKeys: ['plan'],
  keyedLists: SLIDE_KEYED_LISTS,
  presets: SLIDE_PRESETS,

  plan: planSlide,
  generateSlot: generateSlideSlot,
  initialCalibration: initialSlideCalibration,

  analyze: (puzzle, ctx) => {
    const r = analyzeSlideDetailed(puzzle, ctx.config);
    return { outcome: r.outcome, work: r.states };
  },
  ruleProblems: (puzzle) => startRuleProblems(puzzle),
  solutionProblems: slideSolutionProblems,
  // Metrics stored to 2 decimals (compared within 0.006), score to 1 (within 0.06).
  tolerances: { openingAccuracy: 0.006, deadEndRatio: 0.006, branchingFactor: 0.006, score: 0.06 },
  canonical: canonicalSlide,
  equivalents: slideEquivalents,

  calibrate: calibrateSlide,
  tierOf: (analysis, calibration) => slideTierOf(analysis, calibration),
  difficulty: (analysis) => analysis.score,
  difficultyLabel: 'score',
  listMetric: ['score', 'score'],
  tierTable: slideTierTable,

  previewPalette: SLIDE_PALETTE,
  preview: slidePreview,
  bench: { slide: slideFigures },
});

// what the list of kinds (../list.ts) reads of this folder
export { slide as kind, face };
export { view } from './view.ts';

// The apple kind (SPEC §3) behind the PuzzleKind interface.
import type { Problem, PuzzleKind } from '../../lib/kind.ts';
import { AppleAnalysis, AppleCalibration, AppleConfig, ApplePuzzle, AppleSolution, APPLE_TIERS } from './schema.ts';
import { analyzeApple } from './analyze.ts';
import { appleRuleProblems, playProblems } from './rules.ts';
import { canonicalApple } from './canonical.ts';
import { APPLE_PALETTE, applePreview } from './preview.ts';
import { compareApple } from './compare.ts';
import { importAppleText } from './import.ts';
import { generateAppleSlot, planApple, type AppleSpec } from './generate.ts';
import { appleDifficulty, appleTierOf, appleTierTable, calibrateApple, initialAppleCalibration } from './tiers.ts';
import { fidelityReport } from './fidelity.ts';
import { parseBoard } from './board.ts';
import { APPLE_DEFAULT_CONFIG, APPLE_DEFAULT_SEED } from './config.ts';

export const apple: PuzzleKind<ApplePuzzle, AppleSolution, AppleAnalysis, AppleConfig, AppleCalibration, AppleSpec> = {
  name: 'apple',
  tiers: APPLE_TIERS,
  schemas: {
    puzzle: ApplePuzzle,
    solution: AppleSolution,
    analysis: AppleAnalysis,
    config: AppleConfig,
    calibration: AppleCalibration,
  },
  defaults: { setName: 'standard', seed: APPLE_DEFAULT_SEED, config: APPLE_DEFAULT_CONFIG },

  plan: planApple,
  generateSlot: generateAppleSlot,
  initialCalibration: initialAppleCalibration,

  analyze: analyzeApple,
  ruleProblems: appleRuleProblems,
  solutionProblems(puzzle, stored, proven) {
    const problems: Problem[] = [];
    // the stored play must be the one the solver finds, and must clear bestScore cells
    if (JSON.stringify(stored) !== JSON.stringify(proven.solution)) {
      const i = stored.findIndex((r, k) => JSON.stringify(r) !== JSON.stringify(proven.solution[k]));
      const at = i >= 0 ? i : Math.min(stored.length, proven.solution.length);
      problems.push({ field: `solution[${at}]`, stored: stored[at] ?? 'the end of the play', expected: proven.solution[at] ?? 'the end of the play' });
    }
    problems.push(...playProblems('solution', parseBoard(puzzle.board), stored, proven.analysis.bestScore));
    return problems;
  },
  tolerances: {},
  canonical: canonicalApple,

  calibrate: calibrateApple,
  recalibrate: (analysis) => analysis,
  tierOf: (analysis, _calibration, config) => appleTierOf(analysis, config),
  difficulty: appleDifficulty,
  difficultyLabel: 'cells the greedy leaves (170 − greedyScore)',
  tierTable: appleTierTable,

  setReport: (levels, config) => fidelityReport(levels.map((l) => l.puzzle), config.fidelity),

  compareSets: (a, b) => compareApple(a.map((l) => l.puzzle), b.map((l) => l.puzzle), APPLE_DEFAULT_CONFIG.fidelity.alpha),
  importText: importAppleText,

  previewPalette: APPLE_PALETTE,
  preview: applePreview,
};

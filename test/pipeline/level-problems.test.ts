// One stored level's problems as validate, merge and check-kind report them
// (levelProblems, commands/sets/level-checks.ts): a kind's rule check and the
// recomputed analysis that name the same field with the same values give one
// line, not two (the template kind's rule check replays analysis.presses).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { levelProblems } from '../../tools/commands/sets/level-checks.ts';
import { kindByName } from '../../tools/kinds/index.ts';
import type { Level, PuzzleKind } from '../../tools/lib/kind.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import { ROOT } from '../support/helpers.ts';

const apple = kindByName('apple');
const set = JSON.parse(fs.readFileSync(path.join(ROOT, 'levels', 'apple', 'standard.json'), 'utf8')) as SetFile;
const level = set.levels[0] as Level<unknown, unknown, { greedyScore: number }>;
const forged = { ...level, analysis: { ...level.analysis, greedyScore: level.analysis.greedyScore + 1 } };

describe('levelProblems', () => {
  it('gives a problem that the rule check and the recomputation both find once', () => {
    // apple whose rule check also recomputes greedyScore, as a kind may
    const both: PuzzleKind = {
      ...apple,
      ruleProblems: () => [{ field: 'analysis.greedyScore', stored: forged.analysis.greedyScore, expected: level.analysis.greedyScore }],
    };
    const outcome = apple.analyze(level.puzzle, { config: set.generator.config, calibration: set.calibration }).outcome;
    const problems = levelProblems(both, set, forged, 0, new Map([[level.id, 0]]), outcome).filter((p) => p.field === 'analysis.greedyScore');
    expect(problems).toEqual([
      { level: level.id, index: 0, field: 'analysis.greedyScore', stored: forged.analysis.greedyScore, expected: level.analysis.greedyScore },
    ]);
  });
});

// Check: no member that reads a level throws or hangs on a schema-valid bent
// level (bend.ts): the rule checks, ids, tiers, the preview and the client
// face on many, analyze and validate's comparison of its outcome on a few
// (they solve), and the whole-set members (validate's set checks, calibrate,
// tierTable, setReport, compareSets with the sample) on small sets of them. Every call
// runs on the member worker under the time limit; each that throws or does
// not return is named with the bent level it was given.
import type { Analyzed, Level } from '../../lib/kind.ts';
import type { SetFile } from '../../lib/files.ts';
import { bentLevels } from './bend.ts';
import type { CheckContext } from './context.ts';

const CHECK = 'bent inputs';

/** Bent levels per level of the sample (--count): given to the members that do not solve, to analyze, and sets of three. */
export const RUNS_PER_LEVEL = { plain: 50, analyze: 2, sets: 5 } as const;

/** The few cheapest levels of the sample (by analyzeCost, through the worker), so analyze on their bent copies stays quick. */
async function cheapest(c: CheckContext, n: number): Promise<Level[]> {
  const costs: number[] = [];
  for (const [i, level] of c.set.levels.entries()) {
    const cost = c.kind.analyzeCost ? await c.member(CHECK, 'analyzeCost', [level.puzzle, c.set.generator.config], c.levelInput(i)) : { value: 0 };
    costs.push(typeof cost?.value === 'number' ? cost.value : Number.POSITIVE_INFINITY);
  }
  return c.set.levels
    .map((l, i) => [l, costs[i] ?? 0] as const)
    .sort((a, b) => a[1] - b[1])
    .slice(0, n)
    .map(([l]) => l);
}

export async function checkBentInputs(c: CheckContext, seed: number, count: number): Promise<void> {
  const { kind, set } = c;
  const levels = await cheapest(c, 4);
  const { config } = set.generator;
  const { calibration } = set;
  for (const { level: l, input } of bentLevels(kind, levels, RUNS_PER_LEVEL.plain * count, seed)) {
    await c.call(CHECK, { op: 'static', level: l }, input);
    await c.member(CHECK, 'canonical', [l.puzzle], input);
    await c.member(CHECK, 'equivalents', [l.puzzle], input);
    await c.member(CHECK, 'ruleProblems', [l.puzzle, l.solution, l.analysis], input);
    await c.member(CHECK, 'tierOf', [l.analysis, calibration, config], input);
    await c.member(CHECK, 'difficulty', [l.analysis], input);
    await c.member(CHECK, 'recalibrate', [l.analysis, calibration], input);
    await c.member(CHECK, 'tierTable', [[l]], input);
    if (kind.preview) await c.member(CHECK, 'preview', [l], input, true);
    const problem = await c.member(CHECK, 'face.levelProblem', [l], input);
    if (problem?.value === null) await c.member(CHECK, 'face.replay', [l], input);
  }
  for (const { level: l, input } of bentLevels(kind, levels, RUNS_PER_LEVEL.analyze * count, seed + 1)) {
    const a = await c.member(CHECK, 'analyze', [l.puzzle], input, true);
    if (!a) continue;
    const outcome = (a.value as Analyzed<unknown, unknown> | null)?.outcome;
    if (outcome?.status === 'proven') await c.member(CHECK, 'solutionProblems', [l.puzzle, l.solution, outcome], input);
    await c.call(CHECK, { op: 'recomputed', doc: { ...set, levels: [l] }, level: l, index: 0, outcome }, input);
  }
  const bent = bentLevels(kind, levels, RUNS_PER_LEVEL.sets * 3 * count, seed + 2);
  for (let k = 0; k + 3 <= bent.length; k += 3) {
    const ls = bent.slice(k, k + 3);
    const input = `the set of ${ls.map((b) => b.input).join('; ')}`;
    const levelsOf = ls.map((b) => b.level);
    const doc: SetFile = { ...set, levels: levelsOf };
    await c.call(CHECK, { op: 'set', doc }, input);
    await c.call(CHECK, { op: 'set', doc: { ...doc, stage: 'curated' } as SetFile }, input);
    await c.member(CHECK, 'calibrate', [levelsOf, config], input);
    await c.member(CHECK, 'tierTable', [levelsOf], input);
    if (kind.setReport) await c.member(CHECK, 'setReport.report', [levelsOf, config], input);
    if (kind.compareSets) await c.member(CHECK, 'compareSets', [levelsOf, set.levels], input);
  }
}

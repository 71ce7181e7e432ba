// Check: analyze is deterministic (a second call, on the same thread, gives
// the same outcome and work), counts a work ≥ 0, and gives what generate
// stored: the same analysis, no problem with the stored solution or the rules,
// and the stored tier. Returns analyze's outcomes (the check that nothing
// unknown shipped reads them).
import { compareFields } from '../../lib/compare.ts';
import { stableJson } from '../../lib/json.ts';
import type { Analyzed, Outcome } from '../../lib/kind.ts';
import type { CheckContext } from './context.ts';

const CHECK = 'analyze';

/** The first field where two values differ, for a message. */
function firstField(prefix: string, a: unknown, b: unknown): string {
  return compareFields(prefix, a, b)[0]?.field ?? prefix;
}

export async function checkAnalyze(c: CheckContext): Promise<(Outcome<unknown, unknown> | undefined)[]> {
  const { kind, set } = c;
  const outcomes: (Outcome<unknown, unknown> | undefined)[] = [];
  for (const [i, level] of set.levels.entries()) {
    const input = c.levelInput(i);
    const a = await c.member(CHECK, 'analyze', [level.puzzle], input, true);
    const b = await c.member(CHECK, 'analyze', [level.puzzle], input, true);
    const outcome = (a?.value as Partial<Analyzed<unknown, unknown>> | undefined)?.outcome;
    outcomes.push(outcome);
    if (!a || !b) continue;
    if (stableJson(a.value) !== stableJson(b.value))
      c.v.add(
        CHECK,
        'analyze',
        `is not deterministic: a second call on the same puzzle gave another result (${firstField('result', a.value, b.value)})`,
        input,
      );
    const work = (a.value as { work?: unknown } | null)?.work;
    if (typeof work !== 'number' || !Number.isFinite(work) || work < 0) c.v.add(CHECK, 'analyze', `counted work ${stableJson(work)}, not a number ≥ 0`, input);
    if (!outcome) continue;
    if (outcome.status !== 'proven') continue; // named by the check that nothing unknown shipped
    if (stableJson(outcome.analysis) !== stableJson(level.analysis))
      c.v.add(CHECK, 'analyze', `gives another analysis than generate stored (${firstField('analysis', level.analysis, outcome.analysis)})`, input);
    const sol = await c.member(CHECK, 'solutionProblems', [level.puzzle, level.solution, outcome], input);
    if (sol && (!Array.isArray(sol.value) || sol.value.length > 0))
      c.v.add(CHECK, 'solutionProblems', `reports problems with the solution generate stored: ${stableJson(sol.value).slice(0, 200)}`, input);
    const rules = await c.member(CHECK, 'ruleProblems', [level.puzzle, level.solution, level.analysis], input);
    if (rules && (!Array.isArray(rules.value) || rules.value.length > 0))
      c.v.add(CHECK, 'ruleProblems', `reports problems with a level generate stored: ${stableJson(rules.value).slice(0, 200)}`, input);
    const tier = await c.member(CHECK, 'tierOf', [outcome.analysis, set.calibration, set.generator.config], input);
    if (tier && tier.value !== level.tier)
      c.v.add(CHECK, 'tierOf', `gives ${stableJson(tier.value)}, generate stored ${stableJson(level.tier)} (tiers: ${kind.tiers.join(', ')})`, input);
  }
  return outcomes;
}

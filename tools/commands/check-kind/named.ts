// Check: validate names every stored value changed. On the sample curated
// (curate's own code), whose untouched levels must pass validate's checks,
// each change derived from the schemas (mutate.ts) of an analysis, a puzzle,
// the calibration — and a level's tier and id, and the order of the levels —
// must be reported by validate's own per-level and set checks
// (commands/sets/level-checks.ts), on the field changed. A changed puzzle
// may be the same puzzle under a symmetry (the same canonical form): that one
// is not a change. A changed solution may be another solution: of the changes
// of a level's solution at least one must be reported.
import { stableJson } from '../../lib/json.ts';
import type { Analyzed, Level, Outcome } from '../../lib/kind.ts';
import type { ReportedProblem, SetFile } from '../../lib/files.ts';
import type { CheckContext } from './context.ts';
import { mutations } from './mutate.ts';

const CHECK = 'validate names every change';

/** Whether a reported field is the changed one, inside it, or holds it. */
function relates(reported: string, changed: string): boolean {
  const under = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`);
  return under(reported, changed) || under(changed, reported);
}

/** The set with levels[index] replaced. */
function withLevel(doc: SetFile, index: number, level: Level): SetFile {
  return { ...doc, levels: doc.levels.map((l, i) => (i === index ? level : l)) };
}

/** What the checks of one curated sample share: the check's context, the sample, analyze's ctx, a level's name, validate's per-level problems. */
interface Sample {
  c: CheckContext;
  doc: SetFile;
  ctx: { config: unknown; calibration: unknown };
  input: (i: number) => string;
  problemsOf: (d: SetFile, i: number, outcome: unknown, what: string) => Promise<ReportedProblem[] | undefined>;
}

/** The check on the sample curated: every change of a stored value is named by validate (this file's header). */
export async function checkNamed(c: CheckContext): Promise<void> {
  const curated = await c.call(CHECK, { op: 'curate', doc: c.set }, c.job);
  if (!curated) return;
  const doc = curated.value as SetFile;
  const sample: Sample = {
    c,
    doc,
    ctx: { config: doc.generator.config, calibration: doc.calibration },
    input: (i) => `level ${doc.levels[i]?.id} (levels[${i}] of the curated ${c.job})`,
    problemsOf: async (d, i, outcome, what) => (await c.call(CHECK, { op: 'level', doc: d, index: i, outcome }, what))?.value as ReportedProblem[] | undefined,
  };
  const outcomes = await untouchedPass(sample);
  for (const [i, level] of doc.levels.entries()) {
    const outcome = outcomes[i];
    if (outcome === undefined || (outcome as Outcome<unknown, unknown>).status !== 'proven') continue;
    await levelChangesNamed(sample, i, level, outcome);
    await puzzleChangesNoticed(sample, i, level);
  }
  await setChangesNamed(sample);
}

/** The sample as curated passes validate's per-level and set checks: each level's outcome (analyze's, recomputed), once checked. */
async function untouchedPass({ c, doc, ctx, input, problemsOf }: Sample): Promise<unknown[]> {
  const outcomes: unknown[] = [];
  for (const [i, level] of doc.levels.entries()) {
    const a = (await c.call(CHECK, { op: 'member', member: 'analyze', args: [level.puzzle], ctx }, input(i)))?.value as Analyzed | undefined;
    outcomes.push(a?.outcome);
    // a level analyze does not prove is named by the check that nothing unknown shipped
    const proven = a?.outcome?.status === 'proven';
    const untouched = a && proven ? await problemsOf(doc, i, a.outcome, input(i)) : undefined;
    if (untouched && untouched.length > 0) c.v.add(CHECK, 'curate', `a curated level does not pass validate: ${stableJson(untouched[0])}`, input(i));
  }
  const set = await c.call(CHECK, { op: 'set', doc }, `the curated ${c.job}`);
  if (set && (set.value as ReportedProblem[]).length > 0)
    c.v.add(
      CHECK,
      'calibrate',
      `the curated set does not pass validate's set checks: ${stableJson((set.value as ReportedProblem[])[0])}`,
      `the curated ${c.job}`,
    );
  return outcomes;
}

/** Level i's analysis (a field at a time), tier, id and solution changed: validate names each (of the solution's changes, one at least). */
async function levelChangesNamed({ c, doc, input, problemsOf }: Sample, i: number, level: Level, outcome: unknown): Promise<void> {
  const { kind } = c;
  const tol = (key: string) => kind.tolerances[key] ?? 0;
  // the analysis, a field at a time (the puzzle is unchanged: analyze's outcome stands)
  for (const m of mutations(kind.schemas.analysis, level.analysis, 'analysis', tol)) {
    const found = await problemsOf(withLevel(doc, i, { ...level, analysis: m.value }), i, outcome, input(i));
    if (found && !found.some((p) => p.level === level.id && relates(p.field, m.field)))
      c.v.add(CHECK, m.number ? 'tolerances' : 'analyze', `validate does not name a changed ${m.field} (${m.change})`, input(i));
  }
  // the tier and the id
  const tier = kind.tiers.find((t) => t !== level.tier);
  if (tier !== undefined) {
    const found = await problemsOf(withLevel(doc, i, { ...level, tier }), i, outcome, input(i));
    if (found && !found.some((p) => p.field === 'tier')) c.v.add(CHECK, 'tierOf', `validate does not name a changed tier (${level.tier} → ${tier})`, input(i));
  }
  const id = `${kind.name}-${level.id.endsWith('000000000000') ? 'ffffffffffff' : '000000000000'}`;
  const byId = await problemsOf(withLevel(doc, i, { ...level, id }), i, outcome, input(i));
  if (byId && !byId.some((p) => p.field === 'id')) c.v.add(CHECK, 'canonical', `validate does not name a changed id (${level.id} → ${id})`, input(i));
  // the solution: some change of it is named
  const solutionChanges = mutations(kind.schemas.solution, level.solution, 'solution');
  let named = 0;
  for (const m of solutionChanges) {
    const found = await problemsOf(withLevel(doc, i, { ...level, solution: m.value }), i, outcome, input(i));
    if (found?.some((p) => p.level === level.id)) named++;
  }
  if (solutionChanges.length > 0 && named === 0)
    c.v.add(CHECK, 'solutionProblems', `validate names none of ${solutionChanges.length} changes of the stored solution`, input(i));
}

/** Level i's puzzle changed: a new puzzle is a new id (or, analysed afresh, another analysis), unless it is the same under a symmetry. */
async function puzzleChangesNoticed({ c, doc, ctx, input, problemsOf }: Sample, i: number, level: Level): Promise<void> {
  for (const m of mutations(c.kind.schemas.puzzle, level.puzzle, 'puzzle')) {
    const changed = withLevel(doc, i, { ...level, puzzle: m.value });
    const statics = await c.call(CHECK, { op: 'static', level: { ...level, puzzle: m.value } as Level }, input(i));
    if (!statics || (statics.value as ReportedProblem[]).length > 0) continue;
    const same = await c.call(CHECK, { op: 'member', member: 'canonical', args: [m.value] }, input(i));
    const before = await c.call(CHECK, { op: 'member', member: 'canonical', args: [level.puzzle] }, input(i));
    if (!same || !before || stableJson(same.value) === stableJson(before.value)) continue;
    const fresh = await c.call(CHECK, { op: 'member', member: 'analyze', args: [m.value], ctx }, input(i));
    const found = fresh ? await problemsOf(changed, i, (fresh.value as Analyzed | null)?.outcome, input(i)) : undefined;
    if (found && found.length === 0) c.v.add(CHECK, 'canonical', `validate does not notice a changed ${m.field} (${m.change})`, input(i));
  }
}

/** The calibration changed (a field at a time) and the levels reversed: validate's set checks name each. */
async function setChangesNamed({ c, doc }: Sample): Promise<void> {
  for (const m of mutations(c.kind.schemas.calibration, doc.calibration, 'calibration')) {
    const found = await c.call(CHECK, { op: 'set', doc: { ...doc, calibration: m.value } }, `the curated ${c.job}`);
    if (found && !(found.value as ReportedProblem[]).some((p) => relates(p.field, m.field)))
      c.v.add(CHECK, 'calibrate', `validate does not name a changed ${m.field} (${m.change})`, `the curated ${c.job}`);
  }
  // the order: the levels reversed
  if (new Set(doc.levels.map((l) => l.id)).size > 1) {
    const found = await c.call(CHECK, { op: 'set', doc: { ...doc, levels: [...doc.levels].reverse() } }, `the curated ${c.job}, reversed`);
    if (found && !(found.value as ReportedProblem[]).some((p) => p.field.startsWith('levels[')))
      c.v.add(CHECK, 'difficulty', 'validate does not name levels out of order (the curated set reversed)', `the curated ${c.job}`);
  }
}

// Every level of the set shards checked as validate checks it (level-checks.ts):
// the stored config within the budgets, the id and rule checks, analyze run
// again on the pool (Ctrl-C answered) and every stored value compared, and the
// candidate calibration. The kind's whole-set report is a statistic of the
// merged set, not of a shard: validate runs it on the merged file.
import type { Console } from '../../lib/console.ts';
import { where } from '../../lib/errors.ts';
import type { FileReport, ValidateReport } from '../../lib/files.ts';
import type { Outcome } from '../../lib/kind.ts';
import { at } from '../../lib/at.ts';
import type { Loaded } from '../files/documents.ts';
import { sortProblems, summarize } from '../sets/report.ts';
import { budgetProblems, runCeilings, type BudgetLimits } from '../run/budgets.ts';
import { runKindSteps } from '../run/run-step.ts';
import type { StepOutput } from '../run/kind-steps.ts';
import type { AnalyzeTask, TaskCeilings } from '../run/tasks.ts';
import { analyzeAll } from '../run/analyze-all.ts';
import { Interrupted, interruptible } from '../run/interrupt.ts';
import type { SetMerge } from './sets.ts';

const STOPPED = 'interrupted: merge stopped while checking the levels; nothing was written';

/** The set shards' levels checked (their config, shared by every shard, once), as a validate report of the shard files. */
export async function checkLevels(
  merge: SetMerge,
  kind: Extract<Loaded, { type: 'set' }>['kind'],
  run: { threads: number; con: Console; budgets: BudgetLimits; ceilings: TaskCeilings },
): Promise<ValidateReport> {
  const { file: jobFile, doc: job } = merge.job;
  // every shard's header is the first's (sets.ts): its config is every shard's
  budgetProblems(jobFile, { type: 'set', kind, doc: job }, run.budgets);
  const tasks: AnalyzeTask[] = [];
  const owners: { part: number; index: number }[] = [];
  merge.parts.forEach((p, part) =>
    p.levels.forEach((level, index) => {
      tasks.push({ op: 'analyze', kind: kind.name, puzzle: level.puzzle, config: job.generator.config, calibration: job.calibration });
      owners.push({ part, index });
    }),
  );
  // validate's analyses under validate's run ceilings (runCeilings, raised with --budget), summed in the same start order
  const label = (t: number) => where(at(merge.parts, at(owners, t).part).file, `levels[${at(owners, t).index}]`);
  let outcomes: Outcome<unknown, unknown>[];
  try {
    outcomes = await analyzeAll(tasks, { threads: run.threads, ceilings: run.ceilings }, run.con, undefined, runCeilings(run.budgets), label, new Map(), {
      command: 'merge',
      progress: 'merge: check levels',
      stopLine: (at, total, ceiling) =>
        `${at}: the merge's work passed its ceiling here (${total.toLocaleString('en-US')} ${ceiling.unit}, over ${ceiling.ceiling.toLocaleString('en-US')}); stopped, nothing merged: run with --budget ${ceiling.field}=N (more) if you trust these shards`,
    });
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, STOPPED);
    throw e;
  }
  const byPart = merge.parts.map(() => [] as { index: number; outcome: Outcome<unknown, unknown> }[]);
  owners.forEach((o, t) => at(byPart, o.part).push({ index: o.index, outcome: at(outcomes, t) }));
  // the kind's checks of each shard (its levels', then the whole set's), one step a shard on the pool
  let checked: StepOutput<'checks'>[];
  try {
    checked = await interruptible((signal) =>
      runKindSteps(
        merge.parts.map((p, part) => ({
          step: 'checks' as const,
          kind: kind.name,
          input: { doc: merge.docOf(p), levels: at(byPart, part), whole: true, report: false },
          label: `merge ${p.file}: the ${kind.name} kind's checks (canonical, ruleProblems, solutionProblems, tierOf, calibrate, difficulty)`,
        })),
        { signal, threads: run.threads, ...(run.ceilings ? { ceilings: run.ceilings } : {}) },
      ),
    );
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, STOPPED);
    throw e;
  }
  const reports: FileReport[] = merge.parts.map((p, part) => ({
    file: p.file,
    type: 'set',
    kind: kind.name,
    levels: p.levels.length,
    error: null,
    problems: sortProblems([...at(checked, part).levels.flat(), ...at(checked, part).set]),
  }));
  return summarize(reports);
}

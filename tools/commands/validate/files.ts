// validate's whole check of a list of paths: the files found (targets.ts) and
// read (load.ts), every selected level analysed again in one pool run
// (analyze.ts, under the run ceiling of run-ceiling.ts), then each file's
// checks (file-checks.ts, a dist's in dist.ts); the report summarised
// (sets/report.ts). Shards split the levels; shard 0 also reports whole files.
import type { Console } from '../../lib/console.ts';
import { InputError } from '../../lib/errors.ts';
import type { ValidateReport } from '../../lib/files.ts';
import { at } from '../../lib/at.ts';
import type { Loaded } from '../files/documents.ts';
import { runCeilings, type BudgetLimits } from '../run/budgets.ts';
import type { AnalyzeTask, TaskCeilings } from '../run/tasks.ts';
import { sortProblems, summarize } from '../sets/report.ts';
import { analyzeAll, type OutcomeCache } from '../run/analyze-all.ts';
import { kindChecks, wholeFileChecks, type LevelOwner } from './file-checks.ts';
import { loadTargets } from './load.ts';
import { playersChecks } from './players.ts';
import { setReportWork } from './run-ceiling.ts';
import { expandPaths } from './targets.ts';

/**
 * Validate files. With a shard, only the levels whose running number over all
 * files is ≡ index (mod count) are checked; shard 0 also reports everything
 * that concerns whole files (unreadable files, set-level checks, manifests).
 */
export interface ValidateRun {
  threads: number;
  con?: Console;
  shard?: { index: number; count: number };
  cache?: OutcomeCache;
  /** Budget ceilings given on the command line (--budget field=value). */
  budgets?: BudgetLimits;
  /** The runner's ceilings on each level's analysis (--task-seconds, --max-memory-mib; default: the defaults). */
  ceilings?: TaskCeilings;
  /** The cap on the attempt logs of a set with players (--max-log-mib). */
  maxLogMib?: number;
}

export async function validateFiles(paths: readonly string[], run: ValidateRun): Promise<ValidateReport> {
  const { con, shard, cache } = run;
  const note = (line: string) => con?.warn(line);
  const mineFile = !shard || shard.index === 0;
  let running = 0;
  const mineLevel = () => !shard || running++ % shard.count === shard.index;
  const files = loadTargets(expandPaths(paths, note), run.budgets, mineFile, note);
  const { loaded, reports, overBudget } = files;
  // a stored config over a budget stops the run before any analysis
  if (overBudget.length > 0) throw new InputError(at(overBudget, 0), overBudget);
  // One pool run for the selected levels of every file.
  const tasks: AnalyzeTask[] = [];
  const owners: LevelOwner[] = [];
  loaded.forEach((l, f) => {
    if (!l || (l.type !== 'set' && l.type !== 'pack')) return;
    l.doc.levels.forEach((level, index) => {
      if (!mineLevel()) return;
      tasks.push({ op: 'analyze', kind: l.kind.name, puzzle: level.puzzle, config: l.doc.generator.config, calibration: l.doc.calibration });
      owners.push({ file: f, index });
    });
  });
  const label = (t: number) => {
    const { file, index } = at(owners, t);
    const l = loaded[file] as Extract<Loaded, { type: 'set' | 'pack' }>;
    return `${at(reports, file).file} › levels[${index}] (${at(l.doc.levels, index).id})`;
  };
  const ceilings = runCeilings(run.budgets);
  const reported = mineFile ? loaded.flatMap((l, f) => (l ? [{ file: at(reports, f).file, l }] : [])) : [];
  const outcomes = await analyzeAll(tasks, run, con, cache, ceilings, label, await setReportWork(reported, ceilings, run));
  const pool = { threads: run.threads, ...(run.ceilings ? { ceilings: run.ceilings } : {}) };
  const players = await playersChecks(files, mineFile, run.maxLogMib, note);
  const checksOf = await kindChecks(files, owners, outcomes, mineFile, pool, players);
  await wholeFileChecks(files, checksOf, mineFile, { ...pool, note });
  for (const r of reports) r.problems = sortProblems(r.problems);
  return summarize(reports, shard);
}

// A pipeline run's plan: everything read and checked before any work (the
// config folder, --budget and --count, each kind's job, the output folders, the
// packs file), every problem reported at once in one InputError.
import { at } from '../../lib/at.ts';
import { InputError } from '../../lib/errors.ts';
import { kinds } from '../../kinds/index.ts';
import { containedProblems } from '../files/folder-transaction.ts';
import { parseBudgetOptions } from '../run/budgets.ts';
import { MAX_LEVELS_PER_RUN } from '../run/caps.ts';
import { configDirOf } from './config-dir.ts';
import { folderProblems, outputFolders } from './folders.ts';
import type { Plan, PipelineOptions } from './job.ts';
import { planJobs } from './jobs.ts';
import { planPacks, runPacksConfig } from './packs.ts';

/** Everything read and checked before any work; every problem at once. */
export async function plan(opts: PipelineOptions): Promise<Plan> {
  const dir = configDirOf(opts.configDir);
  const problems: string[] = [];
  // the configs are read again while the run deletes and writes: never from inside a folder it deletes or writes
  if (dir !== undefined) problems.push(...containedProblems({ option: '--config-dir', folder: dir }, outputFolders(opts)));
  let limits = new Map<string, number>();
  try {
    limits = parseBudgetOptions(opts.budget);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    problems.push(...e.lines);
  }
  if (opts.count !== undefined && opts.count > MAX_LEVELS_PER_RUN)
    problems.push(`--count ${opts.count}: more than the ${MAX_LEVELS_PER_RUN} levels one run holds of each kind; give a smaller count`);
  const planned = await planJobs(opts, dir, limits, problems);
  if (dir !== undefined && planned.jobs.length === 0 && problems.length === 0)
    problems.push(
      `${dir}: no generator config (${kinds()
        .map((k) => `${k.name}.json`)
        .join(', ')}); \`proofpack init\` writes them`,
    );
  problems.push(...folderProblems(opts));
  const { packs, packsDoc, mapped, externalSets, calibrations } = planPacks(opts, dir, planned, problems);
  if (problems.length > 0) throw new InputError(at(problems, 0), problems);
  return { jobs: planned.jobs, packs, packsDoc: runPacksConfig(packs, packsDoc, mapped), mapped, externalSets, calibrations };
}

// Each kind's job of a pipeline run, planned before any work: its config read
// (a <kind>.json of the config folder, or the built-in one), its plan made by
// the kind's code on the pool, its settings, its budgets against the runner's
// ceilings and its checkpoint (kept, or another job's). Every problem is
// collected, none thrown.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { at } from '../../lib/at.ts';
import { InputError } from '../../lib/errors.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { kinds } from '../../kinds/index.ts';
import { jobSettings } from '../generate.ts';
import { checkpointOfJob, foundCheckpoint, type JobSettings } from '../files/checkpoint.ts';
import { readJobConfig } from '../files/config.ts';
import { configBudgetProblems } from '../run/budgets.ts';
import { interruptible } from '../run/interrupt.ts';
import type { StepOutput } from '../run/kind-steps.ts';
import { runKindSteps } from '../run/run-step.ts';
import { ceilingsOf } from '../run/tasks.ts';
import type { Job, PipelineOptions } from './job.ts';

/** A kind's config as read: the file (undefined: the built-in config) and what it holds. */
interface Read {
  kind: PuzzleKind;
  config: string | undefined;
  read: ReturnType<typeof readJobConfig> | undefined;
}

/** What planJobs found: the jobs, and the sets of the kinds whose config has a problem (they still count as made: no second error about them in the packs file). */
export interface Jobs {
  jobs: Job[];
  failed: string[];
}

/** The job of every kind with a config in `dir` (undefined: every kind, on its built-in config); problems are pushed onto `problems`. */
export async function planJobs(opts: PipelineOptions, dir: string | undefined, limits: Map<string, number>, problems: string[]): Promise<Jobs> {
  const failed: string[] = [];
  const reads = readConfigs(opts, dir, problems, failed);
  // each kind's plan (the kind's code) runs on the pool, one step a kind in one pool
  const planned = await interruptible((signal) =>
    runKindSteps(
      reads.map(({ kind, config, read }) => ({
        step: 'plan' as const,
        kind: kind.name,
        input: { config: read ? read.config : kind.defaults.config },
        label: `${config ?? `the built-in ${kind.name} config`} › plan (the ${kind.name} kind's plan, plannedTiers and initialCalibration)`,
      })),
      { signal, threads: opts.threads, ceilings: ceilingsOf(opts) },
    ),
  );
  const jobs: Job[] = [];
  for (const [i, read] of reads.entries()) {
    const job = jobOf(read, at(planned, i), opts, limits, problems, failed);
    if (job) jobs.push(job);
  }
  return { jobs, failed };
}

/** Each kind's config, read here (a kind without a <kind>.json in `dir` has no job). */
function readConfigs(opts: PipelineOptions, dir: string | undefined, problems: string[], failed: string[]): Read[] {
  const reads: Read[] = [];
  for (const kind of kinds()) {
    const config = dir === undefined ? undefined : path.join(dir, `${kind.name}.json`);
    if (config !== undefined && !fs.existsSync(config)) continue;
    try {
      reads.push({ kind, config, read: config === undefined ? undefined : readJobConfig(kind, config) });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(...e.lines);
      failed.push(path.resolve(opts.levels, kind.name, `${kind.defaults.setName}.json`));
    }
  }
  return reads;
}

/** A kind's job from its config and the plan its code made; undefined (its problems pushed) when either has a problem. */
function jobOf(
  { kind, config, read }: Read,
  made: StepOutput<'plan'>,
  opts: PipelineOptions,
  limits: Map<string, number>,
  problems: string[],
  failed: string[],
): Job | undefined {
  let name = kind.defaults.setName;
  let tiers: readonly string[] | undefined;
  let settings: JobSettings;
  let wanted: number;
  try {
    if (read?.name) name = read.name;
    const effective = read ? read.config : kind.defaults.config;
    if ('error' in made) throw new InputError(`${config ?? kind.name} › ${made.error}`);
    wanted = opts.count ?? made.plan.reduce((a, e) => a + e.count, 0);
    tiers = made.tiers;
    settings = jobSettings({
      kind,
      config: effective,
      seed: opts.seed ?? read?.seed ?? kind.defaults.seed,
      name,
      ...(opts.count !== undefined ? { count: opts.count } : {}),
    });
    // the runner's ceilings, not the config's own, bound what the run spends
    problems.push(...configBudgetProblems(kind, effective, config ?? `the built-in ${kind.name} config`, limits));
  } catch (e) {
    if (!(e instanceof InputError)) {
      problems.push(`${config ?? kind.name} › ${(e as Error).message}`);
      return undefined;
    }
    problems.push(...e.lines);
    failed.push(path.resolve(opts.levels, kind.name, `${name}.json`));
    return undefined;
  }
  const candidates = path.join(opts.work, 'candidates', `${kind.name}-${name}.json`);
  problems.push(...checkpointProblems(`${candidates}.checkpoint.json`, settings, opts.resume === true));
  return {
    kind,
    ...(tiers ? { tiers } : {}),
    ...(config !== undefined ? { config } : {}),
    name,
    candidates,
    curated: path.join(opts.levels, kind.name, `${name}.json`),
    settings,
    wanted,
  };
}

/** A checkpoint left without --resume; with it, one that belongs to another job (found here, before any kind is generated). */
function checkpointProblems(checkpoint: string, settings: JobSettings, resume: boolean): readonly string[] {
  if (!fs.existsSync(checkpoint)) return [];
  if (!resume) return [foundCheckpoint(checkpoint)];
  try {
    checkpointOfJob(checkpoint, settings);
    return [];
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return e.lines;
  }
}

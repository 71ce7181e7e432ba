// Each kind's steps in a pipeline run: generate its candidates (on --resume, a
// kind that finished is checked, not generated again), curate them into its
// set, and calibrate the set when the packs config fits it to players' logs.
// Generate's warnings of plan entries short of boards are held: they matter
// only when a pack tier is short (short-packs.ts).
import * as fs from 'node:fs';
import type { Console } from '../../lib/console.ts';
import { entryKeys } from '../../lib/partial.ts';
import { calibrateCommand } from '../calibrate.ts';
import { curateCommand } from '../curate.ts';
import { notThisJob, shortEntries, type ShortEntries } from '../files/finished-job.ts';
import { generateCommand } from '../generate.ts';
import { ceilingsOf } from '../run/tasks.ts';
import type { Calibration, Job } from './job.ts';
import type { RunContext } from './steps.ts';

/** What the kinds' steps leave for the pack check: generate's warnings of short plan entries, and a note per kind that had some. */
export interface Shortfalls {
  lines: string[];
  notes: string[];
}

/** Generate (or check), curate and calibrate one kind's set. */
export async function kindSteps(job: Job, ctx: RunContext, calibrations: Calibration[], shortfalls: Shortfalls): Promise<void> {
  const { opts, con } = ctx;
  const { kind } = job;
  // --resume: a kind whose candidates are there with no checkpoint finished in the interrupted run; checked, not generated again
  if (opts.resume && !fs.existsSync(`${job.candidates}.checkpoint.json`) && fs.existsSync(job.candidates)) {
    const differs = notThisJob(job.candidates, job.settings, job.wanted);
    if (differs === undefined) {
      con.out(`\n== generate ${kind.name}`);
      con.out(
        `${kind.name}: finished in the interrupted run, checked, not regenerated (${job.candidates} is this job's: kind, config, seed, name, count, tool; validate recomputes every level)`,
      );
      noteShortEntries(job, shortfalls);
      await curateStep(job, ctx, calibrations);
      return;
    }
    con.out(`\n${kind.name}: ${job.candidates} is not this job's finished output (${differs}); generated again`);
  } else if (opts.resume && !fs.existsSync(`${job.candidates}.checkpoint.json`)) {
    con.out(`\n${kind.name}: not started in the interrupted run (no candidates, no checkpoint); generated`);
  }
  await generateStep(job, ctx, shortfalls);
  await curateStep(job, ctx, calibrations);
}

/** Generate a kind's candidates; its warnings of plan entries short of boards are held in `shortfalls`, each with the config key a team edits. */
async function generateStep(job: Job, { opts, con, tree, step }: RunContext, shortfalls: Shortfalls): Promise<void> {
  const { kind, config } = job;
  // generate's warnings: a plan entry short of boards is normal while every pack tier is filled (said below), a problem only when one is not
  const held: string[] = [];
  const stepConsole: Console = { ...tree.said, warn: (l) => held.push(tree.original(l)) };
  try {
    await step(`generate ${kind.name}`, () =>
      generateCommand(
        {
          kind: kind.name,
          threads: opts.threads,
          ...ceilingsOf(opts),
          out: job.candidates,
          ...(config !== undefined ? { config } : {}),
          ...(opts.count !== undefined ? { count: opts.count } : {}),
          ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
          ...(opts.resume ? { resume: true } : {}),
          ...(opts.budget ? { budget: opts.budget } : {}),
        },
        stepConsole,
      ),
    );
  } catch (e) {
    // a failed or interrupted generate: everything it warned about is said
    for (const line of held) con.warn(line);
    throw e;
  }
  // each plan entry short of boards has its warning (in plan order); it gets the config key a team edits
  const found = noteShortEntries(job, shortfalls);
  const keys = planKeys(job, found.entries);
  const rest = [...held];
  for (const { label, index } of found.short) {
    const k = rest.findIndex((line) => line.startsWith(`warning: ${kind.name} ${label}: `));
    if (k < 0) continue;
    const [line] = rest.splice(k, 1);
    const key = keys?.[index];
    shortfalls.lines.push(key === undefined ? `${line}` : `${line} (${job.config ?? `the built-in ${kind.name} config`} › plan › ${JSON.stringify(key)})`);
  }
  for (const line of rest) con.warn(line);
}

/** The plan entries of a kind's candidates short of boards, noted for the line said once the packs are known to be filled. */
function noteShortEntries(job: Job, shortfalls: Shortfalls): ShortEntries {
  const found = shortEntries(job.candidates);
  const n = found.short.length;
  if (n > 0)
    shortfalls.notes.push(`${job.kind.name}: ${n} plan entr${n === 1 ? 'y' : 'ies'} found fewer boards than wanted (${job.kind.name}'s generate table)`);
  return found;
}

/**
 * The key of each plan entry of the job's config (`proofpack config <kind> --keys`),
 * in plan order, when the config's plan list is the plan its candidates were
 * made from entry for entry (`entries` of them); else undefined.
 */
function planKeys(job: Job, entries: number): string[] | undefined {
  const keyOf = job.kind.keyedLists?.['plan'];
  const list = (job.settings.config as Record<string, unknown> | null)?.['plan'];
  if (!keyOf || !Array.isArray(list) || list.length !== entries) return undefined;
  return entryKeys(list, keyOf);
}

/** curate, then calibrate when the packs config fits the set to players' logs. */
async function curateStep(job: Job, { opts, tree, step }: RunContext, calibrations: Calibration[]): Promise<void> {
  const { staged, said } = tree;
  await step(`curate ${job.kind.name}`, () => curateCommand({ input: job.candidates, out: staged(job.curated), ...ceilingsOf(opts) }, said));
  const c = calibrations.find((x) => x.job === job);
  if (!c) return;
  await step(`calibrate ${job.kind.name}`, () =>
    calibrateCommand(
      {
        input: staged(job.curated),
        logs: c.logs.map(staged),
        out: staged(job.curated),
        retier: c.retier,
        ...(c.minAttempts !== undefined ? { minAttempts: c.minAttempts } : {}),
        ...ceilingsOf(opts),
      },
      said,
    ),
  );
}

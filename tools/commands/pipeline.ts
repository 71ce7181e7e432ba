// `proofpack pipeline` (npm start): the whole job — generate and curate every
// kind's set, validate them, bundle the packs, validate the bundle. On the
// configs of a folder made by `proofpack init` (proofpack/, or --config-dir):
// the kinds with a <kind>.json there, and its packs.json; or, inside
// proofpack's own checkout only, on the built-in job (the built-in configs and
// <levels>/packs.json). Paths are relative to the current directory.
//
// Everything is checked before any work (pipeline/plan.ts: every config, the
// packs file and its pack names, the folders, leftover checkpoints), and every
// problem is reported at once. A pack is cut only from a set the run made or
// validated: a set path naming the run's <kind>/<name>.json in another folder
// is read as the run's own set. A run is one transaction: it builds in its run
// folder (<work>/run/, pipeline/run-tree.ts) and moves the new levels/ and
// dist/ into place only when every step passed; a failed or interrupted run
// leaves both as they were, and --resume skips the generate step of each kind
// that finished (docs/game-repo.md). One run at a time uses a work folder
// (pipeline/work-lock.ts). The run's parts are in pipeline/.
import * as fs from 'node:fs';
import type { Console } from '../lib/console.ts';
import { swapAll } from './files/folder-transaction.ts';
import { kindSteps, type Shortfalls } from './pipeline/each-kind.ts';
import type { Mapped, PipelineOptions } from './pipeline/job.ts';
import { plan } from './pipeline/plan.ts';
import { makeRunTree } from './pipeline/run-tree.ts';
import { validateAndBundle } from './pipeline/ship.ts';
import { checkShortPacks } from './pipeline/short-packs.ts';
import { stepRunner } from './pipeline/steps.ts';
import { takeWorkLock } from './pipeline/work-lock.ts';

export type { PipelineOptions };

/** Run the whole job; its exit code (0: levels/ and dist/ replaced). */
export async function pipelineCommand(opts: PipelineOptions, con: Console): Promise<number> {
  // before anything reads the work folder's checkpoints: another run may be writing them
  const lock = takeWorkLock(opts.work, con);
  try {
    return await lockedRun(opts, con);
  } finally {
    lock.release();
  }
}

/** The run, once it holds its work folder. */
async function lockedRun(opts: PipelineOptions, con: Console): Promise<number> {
  const planned = await plan(opts);
  const { jobs, packs, mapped, externalSets, calibrations } = planned;
  if (opts.configDir !== undefined || jobs.some((j) => j.config)) con.out(`configs: ${jobs.map((j) => j.config).join(', ')}; packs: ${packs}`);
  // said once per set: the packs are cut from what this run makes, never from the sets of another levels folder
  for (const given of [...new Set(mapped.map((m) => m.given))]) {
    const m = mapped.find((x) => x.given === given) as Mapped;
    con.out(`packs: ${packs} names ${given}; this run cuts those packs from the set it makes, ${m.job.curated} (--levels ${opts.levels})`);
  }
  const tree = makeRunTree(opts, { packs, externalSets, logs: calibrations.flatMap((c) => c.logs) }, con);
  const unchanged = `${opts.levels}/ and ${opts.dist}/ left as they were`;
  const steps = stepRunner(con, tree.original, unchanged);
  const ctx = { opts, con, tree, step: steps.step, unchanged };
  try {
    const shortfalls: Shortfalls = { lines: [], notes: [] };
    for (const job of jobs) await kindSteps(job, ctx, calibrations, shortfalls);
    checkShortPacks(ctx, planned, shortfalls);
    const code = await validateAndBundle(ctx, planned);
    if (code !== 0) return code;
    // every step passed: the new folders replace the old ones, both or neither (files/folder-transaction.ts)
    swapAll(tree.swaps.map((sw) => ({ ...sw, staged: tree.staged(sw.target) })));
    con.out('\n== timings');
    for (const [label, s] of steps.timings) con.out(`${label.padEnd(20)} ${s.toFixed(1)} s`);
    return code;
  } finally {
    steps.close();
    fs.rmSync(tree.run, { recursive: true, force: true });
  }
}

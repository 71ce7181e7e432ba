// The packs file of a pipeline run, checked before any work: read, its pack
// names writable, each pack's set one the run makes (a set path naming the
// run's <kind>/<name>.json in another levels folder is mapped onto the run's
// own set) or one that is there (validated with the run's), each tier one its
// kind has and its config plans, and the sets its `calibration` fits to
// players' logs made by the run, each log a file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError, where } from '../../lib/errors.ts';
import type { PacksConfig } from '../../lib/files.ts';
import { packNameProblems } from '../bundle/pack-names.ts';
import { loadDocument } from '../files/documents.ts';
import type { Calibration, Job, Mapped, PipelineOptions } from './job.ts';
import type { Jobs } from './jobs.ts';

/** What planPacks found; the run bundles `packsDoc` (its mapped set paths replaced by the run's own sets). */
export interface Packs {
  packs: string;
  packsDoc: PacksConfig;
  mapped: Mapped[];
  externalSets: string[];
  calibrations: Calibration[];
}

/** `<kind>/<set name>.json`: how a set path names a set this run makes, whatever levels folder the packs file was written for. */
const tail = (file: string) => `${path.basename(path.dirname(file))}/${path.basename(file)}`;

/** The sets the run makes, by path and by `<kind>/<name>.json`, and those of the kinds whose config failed. */
interface RunSets {
  jobs: Job[];
  made: Map<string, Job>;
  madeByName: Map<string, Job>;
  failedByName: Set<string>;
}

/** The packs file's plan for the run; problems are pushed onto `problems`. */
export function planPacks(opts: PipelineOptions, dir: string | undefined, { jobs, failed }: Jobs, problems: string[]): Packs {
  // the built-in job's packs file: the one in --levels, else (a trial into another folder) the checkout's own levels/packs.json
  const builtIn = fs.existsSync(path.join(opts.levels, 'packs.json')) ? path.join(opts.levels, 'packs.json') : path.join('levels', 'packs.json');
  const packs = dir === undefined ? builtIn : path.join(dir, 'packs.json');
  let packsDoc: PacksConfig = { type: 'packs-config', formatVersion: 1, packs: [] } as unknown as PacksConfig;
  try {
    const loaded = loadDocument(packs, ['packs-config']);
    if (loaded.type === 'packs-config') packsDoc = loaded.doc;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    problems.push(...e.lines);
  }
  // a name bundle cannot write (manifest, preview, conformance, or one used twice) is found here, naming the user's file
  problems.push(...packNameProblems(packs, packsDoc));
  const sets: RunSets = {
    jobs,
    made: new Map(jobs.map((j) => [path.resolve(j.curated), j])),
    madeByName: new Map(jobs.map((j) => [tail(j.curated), j])),
    failedByName: new Set(failed.map(tail)),
  };
  const { mapped, externalSets } = packSets(opts, packs, packsDoc, sets, problems);
  const calibrations = calibrationsOf(packs, packsDoc, sets, problems);
  return { packs, packsDoc, mapped, externalSets: [...new Set(externalSets)], calibrations };
}

/** Each pack's set: the run's (mapped when named in another folder), or one that is there; and its tiers checked against the job. */
function packSets(
  opts: PipelineOptions,
  packs: string,
  packsDoc: PacksConfig,
  { jobs, made, madeByName, failedByName }: RunSets,
  problems: string[],
): { mapped: Mapped[]; externalSets: string[] } {
  const mapped: Mapped[] = [];
  const externalSets: string[] = [];
  packsDoc.packs.forEach((spec, i) => {
    const at = where(packs, `packs[${i}] (${spec.name})`);
    const file = path.resolve(path.dirname(packs), spec.set);
    let job = made.get(file);
    if (!job && madeByName.has(tail(file))) {
      // the packs file names this set in another levels folder (a trial run with --levels elsewhere): the run's own set is cut instead
      job = madeByName.get(tail(file));
      if (job) mapped.push({ index: i, given: spec.set, job });
    }
    if (!job && failedByName.has(tail(file))) return;
    if (job) problems.push(...tierProblems(at, Object.keys(spec.tiers), job, opts.allowShort === true));
    else if (fs.existsSync(file)) externalSets.push(file);
    else {
      const makes = jobs.map((j) => path.relative(path.dirname(packs), j.curated).split(path.sep).join('/')).join(', ');
      problems.push(
        `${at} › set: ${spec.set} is not made by this run (it makes ${makes || 'no set'}) and is not there either; name one of those, or the config's set name`,
      );
    }
  });
  return { mapped, externalSets };
}

/** A pack's tiers that its job's kind does not have, or (without --allow-short) its config plans no entry for. */
function tierProblems(at: string, tiers: string[], job: Job, allowShort: boolean): string[] {
  const problems: string[] = [];
  for (const tier of tiers) {
    if (!job.kind.tiers.includes(tier)) problems.push(`${at} › tiers.${tier}: not a ${job.kind.name} tier (tiers: ${job.kind.tiers.join(', ')})`);
    else if (job.tiers && !job.tiers.includes(tier) && !allowShort)
      problems.push(
        `${at} › tiers.${tier}: ${job.config ?? `the built-in ${job.kind.name} config`} has no plan entry for this tier (its plan makes ${job.tiers.join(', ') || 'no tier'}); add one, or drop the tier from the pack (--allow-short bundles it short)`,
      );
  }
  return problems;
}

/** The sets fitted to players: each one this run makes, each log a file there is. */
function calibrationsOf(packs: string, packsDoc: PacksConfig, { made, madeByName, failedByName }: RunSets, problems: string[]): Calibration[] {
  const calibrations: Calibration[] = [];
  const cal = packsDoc.calibration;
  for (const [setRel, logs] of Object.entries(cal?.logs ?? {})) {
    const at = where(packs, `calibration.logs.${setRel}`);
    const file = path.resolve(path.dirname(packs), setRel);
    const job = made.get(file) ?? madeByName.get(tail(file));
    if (!job) {
      if (!failedByName.has(tail(file))) problems.push(`${at}: ${setRel} is not a set this run makes; name one of the sets the packs are cut from`);
      continue;
    }
    const resolved = logs.map((log) => path.resolve(path.dirname(packs), log));
    resolved.forEach((log, i) => {
      if (!fs.existsSync(log) || !fs.statSync(log).isFile()) problems.push(`${at}[${i}]: ${logs[i]} is not a file (an attempt log, relative to ${packs})`);
    });
    calibrations.push({ job, logs: resolved, retier: cal?.retier ?? true, ...(cal?.minAttempts !== undefined ? { minAttempts: cal.minAttempts } : {}) });
  }
  return calibrations;
}

/** The packs config the run bundles: each mapped set path replaced by the run's own set. */
export function runPacksConfig(packs: string, packsDoc: PacksConfig, mapped: Mapped[]): PacksConfig {
  const posix = (p: string) => p.split(path.sep).join('/');
  return {
    ...packsDoc,
    packs: packsDoc.packs.map((spec, i) => {
      const m = mapped.find((x) => x.index === i);
      return m ? { ...spec, set: posix(path.relative(path.dirname(packs), m.job.curated)) } : spec;
    }),
  };
}

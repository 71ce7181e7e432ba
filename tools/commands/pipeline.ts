// `proofpack pipeline` (npm start): the whole job — generate and curate every
// kind's set, validate them, bundle the packs, validate the bundle. On the
// configs of a folder made by `proofpack init` (proofpack/, or --config-dir):
// the kinds with a <kind>.json there, and its packs.json; or, inside
// proofpack's own checkout only, on the built-in job (the built-in configs and
// <levels>/packs.json). Paths are relative to the current directory.
//
// Everything is checked before any work (every config, the packs file and its
// pack names, the folders, leftover checkpoints), and every problem is reported
// at once. A pack is cut only from a set the run made or validated: a set path
// naming the run's <kind>/<name>.json in another folder is read as the run's
// own set. A run is one transaction: it builds in its run folder (<work>/run/)
// and moves the new levels/ and dist/ into place only when every step passed;
// a failed or interrupted run leaves both as they were, and --resume skips the
// generate step of each kind that finished (docs/game-repo.md).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Console } from '../lib/console.ts';
import { InputError, where } from '../lib/errors.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import type { PacksConfig } from '../lib/files.ts';
import type { PuzzleKind } from '../lib/kind.ts';
import { kinds } from '../kinds/index.ts';
import { generateCommand, jobSettings, MAX_LEVELS_PER_RUN } from './generate.ts';
import { curateCommand } from './curate.ts';
import { calibrateCommand } from './calibrate.ts';
import { validateCommand } from './validate.ts';
import type { OutcomeCache } from './run/analyze-all.ts';
import { bundleCommand } from './bundle.ts';
import { buildPacks } from './bundle/cut.ts';
import { packNameProblems } from './bundle/pack-names.ts';
import { readJobConfig } from './files/config.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';
import { configBudgetProblems, parseBudgetOptions } from './run/budgets.ts';
import { checkpointOfJob, foundCheckpoint, type JobSettings } from './files/checkpoint.ts';
import { loadDocument } from './files/documents.ts';
import { Interrupted, interruptible, type StopSignal } from './run/interrupt.ts';
import { runKindSteps } from './run/run-step.ts';
import { at } from '../lib/at.ts';
import { copyRealTree, linkOnPath, linkRefusal, nonRegularBelow, writeNewFile } from '../lib/io.ts';
import { isInside, readBytes } from '../lib/safe-read.ts';
import { containedProblems, overlapProblems, stagePath, sweepLeftovers, swapAll } from './files/folder-transaction.ts';
import { notThisJob, shortEntries, type ShortEntries } from './files/finished-job.ts';
import { entryKeys } from '../lib/partial.ts';

export interface PipelineOptions extends TaskCeilings {
  threads: number;
  levels: string;
  dist: string;
  work: string;
  /** A folder of partial configs and a packs.json (proofpack init); default: ./proofpack. */
  configDir?: string;
  /** Scale every kind's plan to this many wanted levels. */
  count?: number;
  /** The master seed of every kind, over the configs' own. */
  seed?: number;
  resume?: boolean;
  allowShort?: boolean;
  /** `--budget FIELD=N`: the runner's ceilings, for every generate and validate step (run/budgets.ts); a config over one is refused before any work. */
  budget?: string[];
}

/** True when the current directory is the checkout of the proofpack that runs: the only place the built-in job runs. */
export function insideOwnCheckout(): boolean {
  try {
    return fs.realpathSync(process.cwd()) === fs.realpathSync(fileURLToPath(PROJECT_ROOT));
  } catch {
    return false;
  }
}

/** The folder pipeline reads its configs from: the one given, else ./proofpack; undefined: the built-in job. */
export function configDirOf(given: string | undefined): string | undefined {
  if (given !== undefined) {
    if (!fs.existsSync(given)) throw new InputError(`--config-dir ${given}: the folder does not exist (\`proofpack init --dir ${given}\` makes one)`);
    if (!fs.statSync(given).isDirectory()) throw new InputError(`--config-dir ${given}: not a folder`);
    if (!fs.existsSync(path.join(given, 'packs.json'))) throw new InputError(`--config-dir ${given}: no packs.json there (proofpack init writes one)`);
    return given;
  }
  if (fs.existsSync(path.join('proofpack', 'packs.json'))) return 'proofpack';
  if (insideOwnCheckout()) return undefined;
  throw new InputError(
    `pipeline: no proofpack/packs.json in ${process.cwd()}: run \`npx proofpack init\` to make the game's config folder (or give --config-dir DIR)`,
  );
}

interface Job {
  kind: PuzzleKind;
  /** The tiers its set can have at most, when the config says (PuzzleKind.plannedTiers). */
  tiers?: readonly string[];
  /** The config file, or undefined for the built-in config. */
  config?: string;
  name: string;
  candidates: string;
  curated: string;
  /** Everything the candidates depend on (tool, kind, effective config, seed, name, count). */
  settings: JobSettings;
  /** How many boards the plan wants in all (--count, or the plan's own). */
  wanted: number;
}

/** A pack entry whose set path names, in another folder, a set this run makes: the run cuts the pack from its own set. */
interface Mapped {
  /** The pack entry's index in the packs file. */
  index: number;
  /** The set path as the packs file gives it. */
  given: string;
  /** The set this run makes (`<--levels>/<kind>/<name>.json`). */
  job: Job;
}

/** What plan() read and checked. */
interface Plan {
  jobs: Job[];
  /** The user's packs file. */
  packs: string;
  /** The packs config the run bundles: the packs file's, with each mapped set path replaced by the run's own set. */
  packsDoc: PacksConfig;
  mapped: Mapped[];
  /** Sets the packs file names that the run does not make: validated with the run's own before anything is bundled. */
  externalSets: string[];
  /** The sets the packs config's `calibration.logs` fits to players, by the job that makes them. */
  calibrations: Calibration[];
}

/** A set of this run fitted to its players' logs after curate (the packs config's `calibration`). */
interface Calibration {
  job: Job;
  /** The logs, resolved from the packs file's folder. */
  logs: string[];
  retier: boolean;
  minAttempts?: number;
}

/** Everything read and checked before any work; every problem at once. */
async function plan(opts: PipelineOptions): Promise<Plan> {
  const dir = configDirOf(opts.configDir);
  const problems: string[] = [];
  // the configs are read again while the run deletes and writes: never from inside a folder it deletes or writes
  if (dir !== undefined)
    problems.push(
      ...containedProblems({ option: '--config-dir', folder: dir }, [
        { option: '--levels', folder: opts.levels },
        { option: '--dist', folder: opts.dist },
        { option: '--work', folder: opts.work },
      ]),
    );
  let limits = new Map<string, number>();
  try {
    limits = parseBudgetOptions(opts.budget);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    problems.push(...e.lines);
  }
  if (opts.count !== undefined && opts.count > MAX_LEVELS_PER_RUN)
    problems.push(`--count ${opts.count}: more than the ${MAX_LEVELS_PER_RUN} levels one run holds of each kind; give a smaller count`);
  const jobs: Job[] = [];
  // the sets of kinds whose config has a problem still count as made (no second error about them in the packs file)
  const failed: string[] = [];
  // each kind's config, read here; its plan (the kind's code) then runs on the pool, one step a kind in one pool
  const reads: { kind: PuzzleKind; config: string | undefined; read: ReturnType<typeof readJobConfig> | undefined }[] = [];
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
  for (const [i, { kind, config, read }] of reads.entries()) {
    let name = kind.defaults.setName;
    let tiers: readonly string[] | undefined;
    let settings: JobSettings;
    let wanted: number;
    try {
      if (read?.name) name = read.name;
      const effective = read ? read.config : kind.defaults.config;
      const made = at(planned, i);
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
        continue;
      }
      problems.push(...e.lines);
      failed.push(path.resolve(opts.levels, kind.name, `${name}.json`));
      continue;
    }
    const candidates = path.join(opts.work, 'candidates', `${kind.name}-${name}.json`);
    const checkpoint = `${candidates}.checkpoint.json`;
    if (!opts.resume && fs.existsSync(checkpoint)) problems.push(foundCheckpoint(checkpoint));
    // a --resume whose checkpoint belongs to another job is found here, before any kind is generated
    if (opts.resume && fs.existsSync(checkpoint)) {
      try {
        checkpointOfJob(checkpoint, settings);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        problems.push(...e.lines);
      }
    }
    jobs.push({
      kind,
      ...(tiers ? { tiers } : {}),
      ...(config !== undefined ? { config } : {}),
      name,
      candidates,
      curated: path.join(opts.levels, kind.name, `${name}.json`),
      settings,
      wanted,
    });
  }
  if (dir !== undefined && jobs.length === 0 && problems.length === 0)
    problems.push(
      `${dir}: no generator config (${kinds()
        .map((k) => `${k.name}.json`)
        .join(', ')}); \`proofpack init\` writes them`,
    );
  for (const [option, folder] of [
    ['--levels', opts.levels],
    ['--dist', opts.dist],
    ['--work', opts.work],
  ] as const) {
    // no link is followed where the run writes or deletes: on the way to each folder, nor anywhere below it
    const link = linkOnPath(folder);
    if (link) {
      problems.push(linkRefusal(`${option} ${folder}`, link));
      continue;
    }
    if (fs.existsSync(folder) && !fs.statSync(folder).isDirectory()) {
      problems.push(`${option} ${folder}: not a folder`);
      continue;
    }
    const below = nonRegularBelow(folder, `${option} ${folder}`);
    if (below) problems.push(below);
  }
  // outputs that share a folder or nest would lose data in the swap: refused before any work
  problems.push(
    ...overlapProblems([
      { option: '--levels', folder: opts.levels },
      { option: '--dist', folder: opts.dist },
      { option: '--work', folder: opts.work },
    ]),
  );
  // the new folders are moved into place by renaming: the run folder must be on their file system
  const device = (p: string) => {
    let at = path.resolve(p);
    while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
    return fs.statSync(at).dev;
  };
  for (const [option, folder] of [
    ['--levels', opts.levels],
    ['--dist', opts.dist],
  ] as const) {
    if (device(folder) !== device(opts.work))
      problems.push(
        `--work ${opts.work}: on another file system than ${option} ${folder}; keep the work folder beside it (the run moves its new folders into place by renaming)`,
      );
  }
  // the built-in job's packs file: the one in --levels, else (a trial into another folder) the checkout's own levels/packs.json
  const builtIn = fs.existsSync(path.join(opts.levels, 'packs.json')) ? path.join(opts.levels, 'packs.json') : path.join('levels', 'packs.json');
  const packs = dir === undefined ? builtIn : path.join(dir, 'packs.json');
  let packsDoc: PacksConfig = { type: 'packs-config', formatVersion: 1, packs: [] } as unknown as PacksConfig;
  const externalSets: string[] = [];
  try {
    const loaded = loadDocument(packs, ['packs-config']);
    if (loaded.type === 'packs-config') packsDoc = loaded.doc;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    problems.push(...e.lines);
  }
  // a name bundle cannot write (manifest, preview, conformance, or one used twice) is found here, naming the user's file
  problems.push(...packNameProblems(packs, packsDoc));
  const made = new Map(jobs.map((j) => [path.resolve(j.curated), j]));
  // `<kind>/<set name>.json`: how a set path names a set this run makes, whatever levels folder the packs file was written for
  const tail = (file: string) => `${path.basename(path.dirname(file))}/${path.basename(file)}`;
  const madeByName = new Map(jobs.map((j) => [tail(j.curated), j]));
  const failedByName = new Set(failed.map(tail));
  const mapped: Mapped[] = [];
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
    if (job) {
      for (const tier of Object.keys(spec.tiers)) {
        if (!job.kind.tiers.includes(tier)) problems.push(`${at} › tiers.${tier}: not a ${job.kind.name} tier (tiers: ${job.kind.tiers.join(', ')})`);
        else if (job.tiers && !job.tiers.includes(tier) && !opts.allowShort)
          problems.push(
            `${at} › tiers.${tier}: ${job.config ?? `the built-in ${job.kind.name} config`} has no plan entry for this tier (its plan makes ${job.tiers.join(', ') || 'no tier'}); add one, or drop the tier from the pack (--allow-short bundles it short)`,
          );
      }
    } else if (fs.existsSync(file)) externalSets.push(file);
    else {
      const makes = jobs.map((j) => path.relative(path.dirname(packs), j.curated).split(path.sep).join('/')).join(', ');
      problems.push(
        `${at} › set: ${spec.set} is not made by this run (it makes ${makes || 'no set'}) and is not there either; name one of those, or the config's set name`,
      );
    }
  });
  // the sets fitted to players: each one this run makes, each log a file there is
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
  if (problems.length > 0) throw new InputError(at(problems, 0), problems);
  const posix = (p: string) => p.split(path.sep).join('/');
  const runPacks: PacksConfig = {
    ...packsDoc,
    packs: packsDoc.packs.map((spec, i) => {
      const m = mapped.find((x) => x.index === i);
      return m ? { ...spec, set: posix(path.relative(path.dirname(packs), m.job.curated)) } : spec;
    }),
  };
  return { jobs, packs, packsDoc: runPacks, mapped, externalSets: [...new Set(externalSets)], calibrations };
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

/** The deepest folder holding every path. */
function commonRoot(paths: string[]): string {
  let root = path.resolve(at(paths, 0));
  for (const p of paths) {
    const abs = path.resolve(p);
    while (abs !== root && !abs.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`)) root = path.dirname(root);
  }
  return root;
}

export async function pipelineCommand(opts: PipelineOptions, con: Console): Promise<number> {
  const { jobs, packs, packsDoc, mapped, externalSets, calibrations } = await plan(opts);
  const logs = calibrations.flatMap((c) => c.logs);
  if (opts.configDir !== undefined || jobs.some((j) => j.config)) con.out(`configs: ${jobs.map((j) => j.config).join(', ')}; packs: ${packs}`);
  // said once per set: the packs are cut from what this run makes, never from the sets of another levels folder
  for (const given of [...new Set(mapped.map((m) => m.given))]) {
    const m = mapped.find((x) => x.given === given) as Mapped;
    con.out(`packs: ${packs} names ${given}; this run cuts those packs from the set it makes, ${m.job.curated} (--levels ${opts.levels})`);
  }

  // the run folder mirrors levels/, dist/, the packs file and the other sets it names, so every relative path stays the same
  const run = path.join(opts.work, 'run');
  // each old folder is parked beside itself (--levels content/levels --dist web/levels share a base name, not a parent);
  // a killed run's parked folder is put back first where its target is missing (files/folder-transaction.ts)
  const swaps = [opts.levels, opts.dist].map((target) => ({ target, parked: stagePath(target, 'old', 'pipeline') }));
  for (const { target } of swaps) sweepLeftovers(target, con, 'pipeline', 'folder');
  fs.rmSync(run, { recursive: true, force: true });
  const root = commonRoot([opts.levels, opts.dist, packs, ...externalSets, ...logs]);
  const staged = (p: string) => path.join(run, 'tree', path.relative(root, path.resolve(p)));
  // a copy of regular files and folders only (a link is never copied as a link: the run tree has none to write through)
  const copyIn = (p: string) => {
    fs.mkdirSync(path.dirname(staged(p)), { recursive: true });
    if (fs.existsSync(p)) copyRealTree(p, staged(p));
    else fs.mkdirSync(staged(p), { recursive: true });
  };
  const copyFile = (p: string) => {
    if (fs.existsSync(staged(p))) return;
    fs.mkdirSync(path.dirname(staged(p)), { recursive: true });
    writeNewFile(staged(p), readBytes(p));
  };
  copyIn(opts.levels);
  copyIn(opts.dist);
  copyFile(packs);
  for (const set of externalSets) copyFile(set);
  // the logs too, at their place in the tree: a calibrated set names them relative to itself
  for (const log of logs) copyFile(log);
  const unchanged = `${opts.levels}/ and ${opts.dist}/ left as they were`;
  // the run tree mirrors the folder holding every path the run touches: its copies stand for the paths below that folder
  const realRoot = root === path.resolve('.') ? '' : root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  const original = (text: string) => text.split(`${path.join(run, 'tree')}${path.sep}`).join(realRoot);
  // what the steps print names the real paths, not the run folder's copies
  const said: Console = {
    out: (l) => con.out(original(l)),
    warn: (l) => con.warn(original(l)),
    err: (l) => con.err(original(l)),
    problem: (l) => con.problem(original(l)),
    progress: (label, total, unit, work) => con.progress(label, total, unit, work),
  };

  // Ctrl-C / SIGTERM: generate and validate stop their workers themselves; between steps the run stops here
  let stop: StopSignal | undefined;
  const onSignal = (sig: StopSignal) => () => {
    stop ??= sig;
  };
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((sig) => [sig, onSignal(sig)] as const);
  for (const [sig, h] of handlers) process.on(sig, h);
  const pause = Number(process.env['PROOFPACK_TEST_STEP_PAUSE_MS'] ?? 0);

  const timings: [string, number][] = [];
  const step = async (label: string, work: () => number | Promise<number>) => {
    con.out(`\n== ${label}`);
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    const t0 = performance.now();
    let code: number;
    try {
      code = await work();
    } catch (e) {
      if (e instanceof Interrupted) throw new Interrupted(e.signal, `${e.message}; ${unchanged}`);
      if (e instanceof InputError) throw new InputError(original(e.message), [...e.lines.map(original), `pipeline: stopped at ${label}; ${unchanged}`]);
      throw e;
    }
    if (stop) throw new Interrupted(stop, `interrupted at ${label}; ${unchanged}`);
    timings.push([label, (performance.now() - t0) / 1000]);
    return code;
  };
  /** curate, then calibrate when the packs config fits the set to players' logs. */
  const curateStep = async (job: Job) => {
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
  };
  try {
    /** Per kind: generate's warnings about plan entries that found fewer boards than wanted, shown only when a pack tier is short. */
    const shortfalls: string[] = [];
    const notes: string[] = [];
    /** The plan entries of a kind's candidates short of boards, noted for the line said once the packs are known to be filled. */
    const noteShortEntries = (job: Job): ShortEntries => {
      const found = shortEntries(job.candidates);
      const n = found.short.length;
      if (n > 0) notes.push(`${job.kind.name}: ${n} plan entr${n === 1 ? 'y' : 'ies'} found fewer boards than wanted (${job.kind.name}'s generate table)`);
      return found;
    };
    for (const job of jobs) {
      const { kind, config } = job;
      // --resume: a kind whose candidates are there with no checkpoint finished in the interrupted run; checked, not generated again
      if (opts.resume && !fs.existsSync(`${job.candidates}.checkpoint.json`) && fs.existsSync(job.candidates)) {
        const differs = notThisJob(job.candidates, job.settings, job.wanted);
        if (differs === undefined) {
          con.out(`\n== generate ${kind.name}`);
          con.out(
            `${kind.name}: finished in the interrupted run, checked, not regenerated (${job.candidates} is this job's: kind, config, seed, name, count, tool; validate recomputes every level)`,
          );
          noteShortEntries(job);
          await curateStep(job);
          continue;
        }
        con.out(`\n${kind.name}: ${job.candidates} is not this job's finished output (${differs}); generated again`);
      } else if (opts.resume && !fs.existsSync(`${job.candidates}.checkpoint.json`)) {
        con.out(`\n${kind.name}: not started in the interrupted run (no candidates, no checkpoint); generated`);
      }
      // generate's warnings: a plan entry short of boards is normal while every pack tier is filled (said below), a problem only when one is not
      const held: string[] = [];
      const stepConsole: Console = { ...said, warn: (l) => held.push(original(l)) };
      const generated = step(`generate ${kind.name}`, () =>
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
      try {
        await generated;
      } catch (e) {
        // a failed or interrupted generate: everything it warned about is said
        for (const line of held) con.warn(line);
        throw e;
      }
      // each plan entry short of boards has its warning (in plan order); it gets the config key a team edits
      const found = noteShortEntries(job);
      const keys = planKeys(job, found.entries);
      const rest = [...held];
      for (const { label, index } of found.short) {
        const k = rest.findIndex((line) => line.startsWith(`warning: ${kind.name} ${label}: `));
        if (k < 0) continue;
        const [line] = rest.splice(k, 1);
        const key = keys?.[index];
        shortfalls.push(key === undefined ? `${line}` : `${line} (${job.config ?? `the built-in ${kind.name} config`} › plan › ${JSON.stringify(key)})`);
      }
      for (const line of rest) con.warn(line);
      await curateStep(job);
    }
    // every pack and tier the sets cannot fill, in one message, before anything else is checked or bundled
    const short: string[] = [];
    buildPacks(staged(packs), packsDoc, { allowShort: true, warn: (line) => short.push(original(line).replace(/^warning: /, '')) });
    // the plan entries short of boards matter only when a pack tier is short: then they say why; else one line, nothing to do
    if (short.length > 0) for (const line of shortfalls) opts.allowShort ? con.warn(line) : con.err(line);
    else if (notes.length > 0) con.out(`\n${notes.join('; ')}; every pack tier is filled, so nothing to do`);
    if (short.length > 0 && !opts.allowShort) {
      const lines = [
        ...short,
        `pipeline: ${short.length} pack tier${short.length > 1 ? 's' : ''} cannot be filled (--allow-short bundles them anyway); ${unchanged}`,
      ];
      throw new InputError(at(lines, 0), lines);
    }
    // both validate steps recompute every value; a level found in levels/ and in dist/ is analysed once
    const cache: OutcomeCache = new Map();
    // validate's budgets are the runner's (--budget), never a config's: a pull request's config raises nothing
    const budget = opts.budget ? { budget: opts.budget } : {};
    // the sets the packs file names and the run does not make are validated here too: a pack is cut only from a set the run made or validated
    const outside = externalSets.filter((f) => !isInside(path.resolve(f), path.resolve(opts.levels))).map(staged);
    let code = await step('validate levels', () =>
      validateCommand({ paths: [staged(opts.levels), ...outside], threads: opts.threads, ...ceilingsOf(opts), cache, ...budget }, said),
    );
    if (code !== 0) {
      con.err(`pipeline: a set failed validation; ${unchanged}`);
      return code;
    }
    await step('bundle', () =>
      bundleCommand(
        {
          packs: staged(packs),
          config: packsDoc,
          out: staged(opts.dist),
          allowShort: opts.allowShort ?? false,
          ...ceilingsOf(opts),
        },
        said,
      ),
    );
    code = await step('validate dist', () =>
      validateCommand(
        {
          paths: [staged(opts.levels), ...outside, staged(opts.dist)],
          threads: opts.threads,
          ...ceilingsOf(opts),
          cache,
          ...budget,
        },
        said,
      ),
    );
    if (code !== 0) {
      con.err(`pipeline: the bundle failed validation; ${unchanged}`);
      return code;
    }
    // every step passed: the new folders replace the old ones, both or neither (files/folder-transaction.ts)
    swapAll(swaps.map((sw) => ({ ...sw, staged: staged(sw.target) })));
    con.out('\n== timings');
    for (const [label, s] of timings) con.out(`${label.padEnd(20)} ${s.toFixed(1)} s`);
    return code;
  } finally {
    for (const [sig, h] of handlers) process.off(sig, h);
    fs.rmSync(run, { recursive: true, force: true });
  }
}

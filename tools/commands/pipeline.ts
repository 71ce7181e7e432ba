// `proofpack pipeline` (npm start): the whole job — generate and curate every
// kind's set, validate them, bundle the packs, validate the bundle. On the
// configs of a folder made by `proofpack init` (proofpack/, or --config-dir):
// the kinds with a <kind>.json there, and its packs.json; or, inside
// proofpack's own checkout only, on the built-in job (the built-in configs and
// <levels>/packs.json). Paths are relative to the current directory.
//
// Everything is checked before any work (every config, the packs file, the
// folders, leftover checkpoints), and every problem is reported at once. A run
// is one transaction: it builds in its run folder (<work>/run/) and moves the
// new levels/ and dist/ into place only when every step passed; a failed or
// interrupted run leaves both as they were (docs/game-repo.md).
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
import { validateCommand, type OutcomeCache } from './validate.ts';
import { buildPacks, bundleCommand } from './bundle.ts';
import type { ConformanceWriter } from '../lib/conformance.ts';
import { readJobConfig } from './shared/config.ts';
import { budgetsAllowing, parseBudgetOptions } from './shared/budgets.ts';
import { checkpointOfJob, foundCheckpoint } from './shared/checkpoint.ts';
import { loadDocument, type Loaded } from './shared/documents.ts';
import { Interrupted, type StopSignal } from './shared/interrupt.ts';
import { at } from '../lib/at.ts';
import { copyRealTree, linkOnPath, linkRefusal, nonRegularBelow, writeNewFile } from '../lib/io.ts';
import { readBytes } from '../lib/safe-read.ts';
import { overlapProblems, restoreParked, swapAll } from './shared/folder-transaction.ts';

export interface PipelineOptions {
  threads: number;
  levels: string;
  dist: string;
  work: string;
  /** Handed to bundle (the client's conformance-vector writer, from the CLI). */
  conformance?: ConformanceWriter;
  /** A folder of partial configs and a packs.json (proofpack init); default: ./proofpack. */
  configDir?: string;
  /** Scale every kind's plan to this many wanted levels. */
  count?: number;
  /** The master seed of every kind, over the configs' own. */
  seed?: number;
  resume?: boolean;
  allowShort?: boolean;
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
  /** `--budget` items for validate: the budgets of the config this run generates with (shared/budgets.ts). */
  budget: string[];
}

/** Everything read and checked before any work; every problem at once. */
function plan(opts: PipelineOptions): { jobs: Job[]; packs: string; packsDoc: PacksConfig; externalSets: string[] } {
  const dir = configDirOf(opts.configDir);
  const problems: string[] = [];
  if (opts.count !== undefined && opts.count > MAX_LEVELS_PER_RUN)
    problems.push(`--count ${opts.count}: more than the ${MAX_LEVELS_PER_RUN} levels one run holds of each kind; give a smaller count`);
  const jobs: Job[] = [];
  // the sets of kinds whose config has a problem still count as made (no second error about them in the packs file)
  const failed: string[] = [];
  for (const kind of kinds()) {
    const config = dir === undefined ? undefined : path.join(dir, `${kind.name}.json`);
    if (config !== undefined && !fs.existsSync(config)) continue;
    let name = kind.defaults.setName;
    let tiers: readonly string[] | undefined;
    let budget: string[] = [];
    try {
      const read = config === undefined ? undefined : readJobConfig(kind, config);
      if (read?.name) name = read.name;
      const effective = read ? read.config : kind.defaults.config;
      kind.plan(effective);
      tiers = kind.plannedTiers?.(effective);
      budget = budgetsAllowing(kind.name, effective);
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
        const read = config === undefined ? undefined : readJobConfig(kind, config);
        checkpointOfJob(
          checkpoint,
          jobSettings({
            kind,
            config: read ? read.config : kind.defaults.config,
            seed: opts.seed ?? read?.seed ?? kind.defaults.seed,
            name,
            ...(opts.count !== undefined ? { count: opts.count } : {}),
          }),
        );
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
      budget,
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
  const packs = dir === undefined ? path.join(opts.levels, 'packs.json') : path.join(dir, 'packs.json');
  let packsDoc: PacksConfig = { type: 'packs-config', formatVersion: 1, packs: [] } as unknown as PacksConfig;
  const externalSets: string[] = [];
  try {
    const loaded = loadDocument(packs, ['packs-config']);
    if (loaded.type === 'packs-config') packsDoc = loaded.doc;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    problems.push(...e.lines);
  }
  const made = new Map(jobs.map((j) => [path.resolve(j.curated), j]));
  packsDoc.packs.forEach((spec, i) => {
    const at = where(packs, `packs[${i}] (${spec.name})`);
    const file = path.resolve(path.dirname(packs), spec.set);
    const job = made.get(file);
    if (job) {
      for (const tier of Object.keys(spec.tiers)) {
        if (!job.kind.tiers.includes(tier)) problems.push(`${at} › tiers.${tier}: not a ${job.kind.name} tier (tiers: ${job.kind.tiers.join(', ')})`);
        else if (job.tiers && !job.tiers.includes(tier) && !opts.allowShort)
          problems.push(
            `${at} › tiers.${tier}: ${job.config ?? `the built-in ${job.kind.name} config`} has no plan entry for this tier (its plan makes ${job.tiers.join(', ') || 'no tier'}); add one, or drop the tier from the pack (--allow-short bundles it short)`,
          );
      }
    } else if (fs.existsSync(file)) externalSets.push(file);
    else if (failed.includes(file)) return;
    else {
      const makes = jobs.map((j) => path.relative(path.dirname(packs), j.curated).split(path.sep).join('/')).join(', ');
      problems.push(
        `${at} › set: ${spec.set} is not made by this run (it makes ${makes || 'no set'}) and is not there either; name one of those, or the config's set name`,
      );
    }
  });
  if (problems.length > 0) throw new InputError(at(problems, 0), problems);
  return { jobs, packs, packsDoc, externalSets };
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
  const { jobs, packs, packsDoc, externalSets } = plan(opts);
  if (opts.configDir !== undefined || jobs.some((j) => j.config)) con.out(`configs: ${jobs.map((j) => j.config).join(', ')}; packs: ${packs}`);

  // the run folder mirrors levels/, dist/, the packs file and the other sets it names, so every relative path stays the same
  const run = path.join(opts.work, 'run');
  // parked by role, not by folder name (--levels content/levels --dist web/levels share a base name)
  const swaps = [
    { target: opts.levels, parked: path.join(run, 'old-levels') },
    { target: opts.dist, parked: path.join(run, 'old-dist') },
  ];
  restoreParked(swaps, con);
  fs.rmSync(run, { recursive: true, force: true });
  const root = commonRoot([opts.levels, opts.dist, packs, ...externalSets]);
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
  const unchanged = `${opts.levels}/ and ${opts.dist}/ left as they were`;
  const original = (text: string) => text.split(`${path.join(run, 'tree')}${path.sep}`).join('');
  // what the steps print names the real paths, not the run folder's copies
  const said: Console = {
    out: (l) => con.out(original(l)),
    warn: (l) => con.warn(original(l)),
    err: (l) => con.err(original(l)),
    progress: (label, total, unit) => con.progress(label, total, unit),
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
  try {
    for (const job of jobs) {
      const { kind, config } = job;
      await step(`generate ${kind.name}`, () =>
        generateCommand(
          {
            kind: kind.name,
            threads: opts.threads,
            out: job.candidates,
            ...(config !== undefined ? { config } : {}),
            ...(opts.count !== undefined ? { count: opts.count } : {}),
            ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
            ...(opts.resume ? { resume: true } : {}),
          },
          said,
        ),
      );
      await step(`curate ${kind.name}`, () => curateCommand({ input: job.candidates, out: staged(job.curated) }, said));
    }
    // every pack and tier the sets cannot fill, in one message, before anything else is checked or bundled
    const short: string[] = [];
    buildPacks(staged(packs), packsDoc, { allowShort: true, warn: (line) => short.push(original(line).replace(/^warning: /, '')) });
    if (short.length > 0 && !opts.allowShort) {
      const lines = [
        ...short,
        `pipeline: ${short.length} pack tier${short.length > 1 ? 's' : ''} cannot be filled (--allow-short bundles them anyway); ${unchanged}`,
      ];
      throw new InputError(at(lines, 0), lines);
    }
    // both validate steps recompute every value; a level found in levels/ and in dist/ is analysed once
    const cache: OutcomeCache = new Map();
    // the budgets of a config this run generated with hold only for the set it generated and the packs cut from it,
    // never for another file in levels/ or dist/ (a pull request's config cannot raise them for every file)
    const own = new Map(jobs.map((j) => [path.resolve(staged(j.curated)), parseBudgetOptions(j.budget)]));
    const packsDir = path.dirname(path.resolve(staged(packs)));
    const budgetsFor = (file: string, l: Loaded) =>
      l.type === 'set' ? own.get(path.resolve(file)) : l.type === 'pack' ? own.get(path.resolve(packsDir, l.doc.source.set)) : undefined;
    let code = await step('validate levels', () => validateCommand({ paths: [staged(opts.levels)], threads: opts.threads, cache, budgetsFor }, said));
    if (code !== 0) {
      con.err(`pipeline: a set failed validation; ${unchanged}`);
      return code;
    }
    await step('bundle', () =>
      bundleCommand({ packs: staged(packs), out: staged(opts.dist), allowShort: opts.allowShort ?? false, conformance: opts.conformance }, said),
    );
    code = await step('validate dist', () =>
      validateCommand(
        {
          paths: [staged(opts.levels), staged(opts.dist)],
          threads: opts.threads,
          cache,
          budgetsFor,
          ...(opts.conformance ? { conformance: opts.conformance } : {}),
        },
        said,
      ),
    );
    if (code !== 0) {
      con.err(`pipeline: the bundle failed validation; ${unchanged}`);
      return code;
    }
    // every step passed: the new folders replace the old ones, both or neither (shared/folder-transaction.ts)
    swapAll(swaps.map((sw) => ({ ...sw, staged: staged(sw.target) })));
    con.out('\n== timings');
    for (const [label, s] of timings) con.out(`${label.padEnd(20)} ${s.toFixed(1)} s`);
    return code;
  } finally {
    for (const [sig, h] of handlers) process.off(sig, h);
    fs.rmSync(run, { recursive: true, force: true });
  }
}

// `proofpack pipeline` (npm start): the whole job — generate and curate every
// kind's set into levels/, validate them, bundle the packs into dist/, validate
// dist/. On the built-in defaults, or, in a game's repository, on the configs
// of a folder made by `proofpack init` (proofpack/ is used when present): the
// kinds with a <kind>.json there, and its packs.json. Paths are relative to the
// current directory.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { KINDS } from '../kinds/index.ts';
import { generateCommand } from './generate.ts';
import { curateCommand } from './curate.ts';
import { validateCommand, type OutcomeCache } from './validate.ts';
import { bundleCommand } from './bundle.ts';
import type { ConformanceWriter } from '../lib/conformance.ts';

export interface PipelineOptions {
  threads: number;
  levels: string;
  dist: string;
  work: string;
  /** Handed to bundle (the client's conformance-vector writer, from the CLI). */
  conformance?: ConformanceWriter;
  /** A folder of partial configs and a packs.json (proofpack init); default: the built-in configs and <levels>/packs.json. */
  configDir?: string;
  /** Scale every kind's plan to this many wanted levels. */
  count?: number;
  resume?: boolean;
  allowShort?: boolean;
}

/** The folder pipeline reads its configs from: the one given, else ./proofpack when it holds a packs.json. */
export function configDirOf(given: string | undefined): string | undefined {
  if (given !== undefined) {
    if (!fs.existsSync(path.join(given, 'packs.json'))) throw new InputError(`--config-dir ${given}: no packs.json there (proofpack init writes one)`);
    return given;
  }
  return fs.existsSync(path.join('proofpack', 'packs.json')) ? 'proofpack' : undefined;
}

export async function pipelineCommand(opts: PipelineOptions, con: Console): Promise<number> {
  const timings: [string, number][] = [];
  const step = async (label: string, run: () => number | Promise<number>) => {
    con.out(`\n== ${label}`);
    const t0 = performance.now();
    const code = await run();
    timings.push([label, (performance.now() - t0) / 1000]);
    return code;
  };
  const dir = configDirOf(opts.configDir);
  const jobs = KINDS.map((kind) => ({ kind, config: dir === undefined ? undefined : path.join(dir, `${kind.name}.json`) })).filter(
    (j) => j.config === undefined || fs.existsSync(j.config),
  );
  if (jobs.length === 0) throw new InputError(`${dir}: no generator config (${KINDS.map((k) => `${k.name}.json`).join(', ')})`);
  if (dir !== undefined) con.out(`configs: ${jobs.map((j) => j.config).join(', ')}; packs: ${path.join(dir, 'packs.json')}`);
  for (const { kind, config } of jobs) {
    const { setName } = kind.defaults;
    const candidates = path.join(opts.work, 'candidates', `${kind.name}-${setName}.json`);
    const curated = path.join(opts.levels, kind.name, `${setName}.json`);
    await step(`generate ${kind.name}`, () =>
      generateCommand(
        {
          kind: kind.name,
          threads: opts.threads,
          out: candidates,
          ...(config !== undefined ? { config } : {}),
          ...(opts.count !== undefined ? { count: opts.count } : {}),
          ...(opts.resume ? { resume: true } : {}),
        },
        con,
      ),
    );
    await step(`curate ${kind.name}`, () => curateCommand({ input: candidates, out: curated }, con));
  }
  // Both validate steps recompute every value; a level found in levels/ and in dist/ is analysed once.
  const cache: OutcomeCache = new Map();
  let code = await step('validate levels', () => validateCommand({ paths: [opts.levels], threads: opts.threads, cache }, con));
  if (code !== 0) return code;
  const packs = dir === undefined ? path.join(opts.levels, 'packs.json') : path.join(dir, 'packs.json');
  await step('bundle', () => bundleCommand({ packs, out: opts.dist, allowShort: opts.allowShort ?? false, conformance: opts.conformance }, con));
  code = await step('validate dist', () => validateCommand({ paths: [opts.dist], threads: opts.threads, cache }, con));
  con.out('\n== timings');
  for (const [label, s] of timings) con.out(`${label.padEnd(20)} ${s.toFixed(1)} s`);
  return code;
}

// `proofpack pipeline` (npm start): the whole job on the built-in defaults —
// generate and curate every kind's standard set into levels/, validate them,
// bundle the packs of levels/packs.json into dist/, validate dist/.
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
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
  for (const kind of KINDS) {
    const { setName } = kind.defaults;
    const candidates = path.join(opts.work, 'candidates', `${kind.name}-${setName}.json`);
    const curated = path.join(opts.levels, kind.name, `${setName}.json`);
    await step(`generate ${kind.name}`, () => generateCommand({ kind: kind.name, threads: opts.threads, out: candidates }, con));
    await step(`curate ${kind.name}`, () => curateCommand({ input: candidates, out: curated }, con));
  }
  // Both validate steps recompute every value; a level found in levels/ and in dist/ is analysed once.
  const cache: OutcomeCache = new Map();
  let code = await step('validate levels', () => validateCommand({ paths: [opts.levels], threads: opts.threads, cache }, con));
  if (code !== 0) return code;
  await step('bundle', () => bundleCommand({ packs: path.join(opts.levels, 'packs.json'), out: opts.dist, conformance: opts.conformance }, con));
  code = await step('validate dist', () => validateCommand({ paths: [opts.dist], threads: opts.threads, cache }, con));
  con.out('\n== timings');
  for (const [label, s] of timings) con.out(`${label.padEnd(20)} ${s.toFixed(1)} s`);
  return code;
}

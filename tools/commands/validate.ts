// `proofpack validate`: trusts no stored value. For every level of every set or
// pack: schema, id, rule checks, then analyze() again and compare every stored
// value, the solution and the tier; for sets also the calibration and order;
// for manifests the packs' bytes and hashes and the files bundle derives. The
// command's parts are in validate/ (files.ts runs them), the checks themselves
// in sets/level-checks.ts, the report in sets/report.ts.
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { parseBudgetOptions } from './run/budgets.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';
import { parseShard } from './run/shards.ts';
import { printReport } from './sets/report.ts';
import type { OutcomeCache } from './run/analyze-all.ts';
import { compareInto } from './validate/compare.ts';
import { validateFiles } from './validate/files.ts';

/** The command line of `proofpack validate` (and what pipeline hands its two validate steps). */
export interface ValidateOptions extends TaskCeilings {
  paths: string[];
  threads: number;
  json?: boolean;
  shard?: string;
  /** Compare the first set with this one (the kind's compareSets). */
  compare?: string;
  /** Outcomes recomputed earlier in this process (see OutcomeCache). */
  cache?: OutcomeCache;
  /** `--budget field=value`: raise (or lower) a kind's built-in budget ceiling. */
  budget?: string[];
  /** `--max-log-mib`: the cap on a calibrated set's attempt logs. */
  maxLogMib?: number;
}

export async function validateCommand(opts: ValidateOptions, con: Console): Promise<number> {
  if (opts.paths.length === 0) throw new InputError('validate: name at least one file or directory');
  const shard = opts.shard ? parseShard(opts.shard) : undefined;
  const budgets = parseBudgetOptions(opts.budget);
  const started = performance.now();
  const report = await validateFiles(opts.paths, {
    threads: opts.threads,
    con,
    shard,
    cache: opts.cache,
    budgets,
    ceilings: ceilingsOf(opts),
    ...(opts.maxLogMib !== undefined ? { maxLogMib: opts.maxLogMib } : {}),
  });
  if (report.files.length === 0) throw new InputError(`${opts.paths.join(', ')}: no .json files found`);
  if (opts.compare) await compareInto(report, opts.compare, ceilingsOf(opts));
  return printReport(report, con, opts.json, ` (${opts.threads} threads, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

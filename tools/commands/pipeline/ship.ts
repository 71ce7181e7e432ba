// The last steps of a pipeline run, in its run tree: validate the sets (the
// run's own and the other sets the packs file names: a pack is cut only from a
// set the run made or validated), bundle the packs, validate the bundle. Both
// validate steps recompute every value under the runner's budgets (--budget),
// never a config's; a level found in levels/ and in dist/ is analysed once.
import * as path from 'node:path';
import { isInside } from '../../lib/safe-read.ts';
import { bundleCommand } from '../bundle.ts';
import type { OutcomeCache } from '../run/analyze-all.ts';
import { ceilingsOf } from '../run/tasks.ts';
import { validateCommand } from '../validate.ts';
import type { Plan } from './job.ts';
import type { RunContext } from './steps.ts';

/** Validate, bundle, validate: the exit code of the first validate step that fails, else 0. */
export async function validateAndBundle({ opts, con, tree, step, unchanged }: RunContext, { packs, packsDoc, externalSets }: Plan): Promise<number> {
  const { staged, said } = tree;
  const cache: OutcomeCache = new Map();
  // validate's budgets are the runner's (--budget), never a config's: a pull request's config raises nothing
  const budget = opts.budget ? { budget: opts.budget } : {};
  const outside = externalSets.filter((f) => !isInside(path.resolve(f), path.resolve(opts.levels))).map(staged);
  let code = await step('validate levels', () =>
    validateCommand({ paths: [staged(opts.levels), ...outside], threads: opts.threads, ...ceilingsOf(opts), cache, ...budget }, said),
  );
  if (code !== 0) {
    con.err(`pipeline: a set failed validation; ${unchanged}`);
    return code;
  }
  await step('bundle', () =>
    bundleCommand({ packs: staged(packs), config: packsDoc, out: staged(opts.dist), allowShort: opts.allowShort ?? false, ...ceilingsOf(opts) }, said),
  );
  code = await step('validate dist', () =>
    validateCommand({ paths: [staged(opts.levels), ...outside, staged(opts.dist)], threads: opts.threads, ...ceilingsOf(opts), cache, ...budget }, said),
  );
  if (code !== 0) con.err(`pipeline: the bundle failed validation; ${unchanged}`);
  return code;
}

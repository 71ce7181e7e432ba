// `proofpack merge`: combine the outputs of sharded runs (generate --shard i/n
// set files, or validate --shard i/n --json reports) into exactly what the
// unsharded run gives, byte for byte, or refuse; shards i, i+m, … of n merge
// into shard i/m as its run writes it, so merges can form a tree. The shard
// files are read one at a time (merge/read.ts) and of each only its own part is
// kept, within a bound the command line sets (merge/retained.ts); a shard file
// is an input like any other: its shard count and levels are capped before
// anything is allocated for them (merge/selection.ts); every slot and problem
// must belong to its shard, once (merge/sets.ts, merge/reports.ts); and every
// level is checked with validate's own checks (merge/check-levels.ts) before
// anything is written.
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { formatDocument } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import { printReport } from './sets/report.ts';
import { MAX_SHARDS } from './run/shards.ts';
import { parseBudgetOptions } from './run/budgets.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';
import type { Loaded } from './files/documents.ts';
import { shardDocuments } from './merge/read.ts';
import { Retained } from './merge/retained.ts';
import { ShardSelection } from './merge/selection.ts';
import { SetMerge } from './merge/sets.ts';
import { ReportMerge } from './merge/reports.ts';
import { checkLevels } from './merge/check-levels.ts';

/** What merge is asked to do, from the command line. */
export interface MergeOptions extends TaskCeilings {
  inputs: string[];
  out: string;
  json?: boolean;
  /** Worker threads for checking the levels of set shards. */
  threads?: number;
  /** `--budget field=value`, as validate takes it: the set shards' levels are checked under it. */
  budget?: string[];
}

type SetKind = Extract<Loaded, { type: 'set' }>['kind'];

/** Read every shard once, one at a time, into the merge of its type. */
function readAll(inputs: string[], retained: Retained) {
  const selection = new ShardSelection();
  const sets = new SetMerge();
  const reports = new ReportMerge();
  let type: Loaded['type'] | undefined;
  let kind: SetKind | undefined;
  for (const { file, loaded } of shardDocuments(inputs)) {
    if (type !== undefined && loaded.type !== type)
      throw new InputError('merge: give either generate shards (set files) or validate shards (reports), not both');
    type = loaded.type;
    const shard = selection.add(file, loaded.doc as { shard?: { index: number; count: number } });
    if (loaded.type === 'set') {
      kind = loaded.kind;
      sets.add(file, loaded.doc, retained);
    } else if (loaded.type === 'validate-report') reports.add(file, loaded.doc, shard, retained);
  }
  return { coarse: selection.finish(), sets, reports, kind };
}

export async function mergeCommand(opts: MergeOptions, con: Console): Promise<number> {
  if (opts.inputs.length === 0) throw new InputError('merge: name the shard outputs to merge');
  if (opts.inputs.length > MAX_SHARDS) throw new InputError(`merge: ${opts.inputs.length} files, more than the ${MAX_SHARDS} shards a job is split into`);
  const budgets = parseBudgetOptions(opts.budget);
  const { coarse, sets, reports, kind } = readAll(opts.inputs, new Retained(opts.maxMemoryMib));
  if (kind) {
    const merged = sets.finish(coarse);
    // every level checked as validate checks it, by validate's own checks, before anything is written
    const report = await checkLevels(sets, kind, { threads: opts.threads ?? 1, con, budgets, ceilings: ceilingsOf(opts) });
    if (!report.ok) {
      printReport(report, con, false, '');
      throw new InputError(
        `merge: not merged: validate finds ${report.problems} problem${report.problems === 1 ? '' : 's'} in the shards (above); regenerate the shards named`,
      );
    }
    writeFileAtomic(opts.out, formatDocument(merged));
    const into = merged.shard
      ? `, shard ${merged.shard.index}/${merged.shard.count} of the job (merge it with the other shards of ${merged.shard.count}),`
      : '';
    con.out(`merged ${opts.inputs.length} shards: ${merged.levels.length} ${merged.kind} candidates${into} into ${opts.out}`);
    return 0;
  }
  const merged = reports.finish(coarse);
  writeFileAtomic(opts.out, `${stringify(merged)}\n`);
  return printReport(merged, con, opts.json, ` (merged ${opts.inputs.length} shards into ${opts.out})`);
}

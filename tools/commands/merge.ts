// `proofpack merge`: combine the outputs of sharded runs (generate --shard i/n
// set files, or validate --shard i/n --json reports) into exactly what the
// unsharded run gives, byte for byte.
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError, where } from '../lib/errors.ts';
import type { FileReport, PlanStats, SetFile, ValidateReport } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import type { Level } from '../lib/kind.ts';
import { loadDocument, type Loaded } from './shared/documents.ts';
import { printReport, sortProblems, summarize } from './shared/report.ts';
import { at } from '../lib/at.ts';

export interface MergeOptions {
  inputs: string[];
  out: string;
  json?: boolean;
}

/** Check the shards are 0..n-1 of one split, each once; return them in index order. */
function inOrder<T extends { shard?: { index: number; count: number } }>(files: string[], docs: T[]): T[] {
  const count = at(docs, 0).shard!.count;
  const byIndex = new Map<number, T>();
  docs.forEach((d, i) => {
    if (!d.shard) throw new InputError(`${files[i]} › shard: not the output of a sharded run`);
    if (d.shard.count !== count) throw new InputError(`${files[i]} › shard.count: ${d.shard.count}, but ${files[0]} has ${count}`);
    if (byIndex.has(d.shard.index)) throw new InputError(`${files[i]} › shard.index: shard ${d.shard.index}/${count} given twice`);
    byIndex.set(d.shard.index, d);
  });
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length) throw new InputError(`merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
  return Array.from({ length: count }, (_, i) => byIndex.get(i)!);
}

function mergeSets(files: string[], sets: SetFile[]): SetFile {
  const shards = inOrder(files, sets);
  const first = at(shards, 0);
  const same = (s: SetFile) => stringify([s.kind, s.name, s.stage, s.generator.tool, s.generator.seed, s.generator.config, s.calibration]);
  shards.forEach((s, i) => {
    if (same(s) !== same(first))
      throw new InputError(`${where(at(files, i), 'generator')}: shard of another job than ${files[0]} (kind, name, seed, config or tool differ)`);
  });
  const tagged: { slot: number; level: Level }[] = [];
  for (const s of shards) s.levels.forEach((level, i) => tagged.push({ slot: s.shard!.slots[i]!, level }));
  tagged.sort((a, b) => a.slot - b.slot);
  const stats: PlanStats[] = first.generator.stats.map((st, e) => ({
    label: st.label,
    wanted: shards.reduce((a, s) => a + at(s.generator.stats, e).wanted, 0),
    found: shards.reduce((a, s) => a + at(s.generator.stats, e).found, 0),
    tries: shards.reduce((a, s) => a + at(s.generator.stats, e).tries, 0),
    disagreements: shards.reduce((a, s) => a + at(s.generator.stats, e).disagreements, 0),
  }));
  const { shard: _shard, ...rest } = first;
  return {
    ...rest,
    generator: { ...first.generator, stats, untiered: shards.reduce((a, s) => a + s.generator.untiered, 0) },
    levels: tagged.map((t) => t.level),
  };
}

function mergeReports(files: string[], reports: ValidateReport[]): ValidateReport {
  const shards = inOrder(files, reports);
  const first = at(shards, 0);
  shards.forEach((r, i) => {
    if (stringify(r.files.map((f) => f.file)) !== stringify(first.files.map((f) => f.file)))
      throw new InputError(`${files[i]} › files: other files than ${files[0]}`);
  });
  const merged: FileReport[] = first.files.map((f, k) => ({ ...f, problems: sortProblems(shards.flatMap((r) => at(r.files, k).problems)) }));
  return summarize(merged);
}

export function mergeCommand(opts: MergeOptions, con: Console): number {
  if (opts.inputs.length === 0) throw new InputError('merge: name the shard outputs to merge');
  const loaded: Loaded[] = opts.inputs.map((f) => loadDocument(f, ['set', 'validate-report']));
  const types = new Set(loaded.map((l) => l.type));
  if (types.size > 1) throw new InputError('merge: give either generate shards (set files) or validate shards (reports), not both');
  if (at(loaded, 0).type === 'set') {
    const merged = mergeSets(
      opts.inputs,
      loaded.map((l) => l.doc as SetFile),
    );
    writeFileAtomic(opts.out, formatDocument(merged));
    con.out(`merged ${opts.inputs.length} shards: ${merged.levels.length} ${merged.kind} candidates into ${opts.out}`);
    return 0;
  }
  const merged = mergeReports(
    opts.inputs,
    loaded.map((l) => l.doc as ValidateReport),
  );
  writeFileAtomic(opts.out, `${stringify(merged)}\n`);
  return printReport(merged, con, opts.json, ` (merged ${opts.inputs.length} shards into ${opts.out})`);
}

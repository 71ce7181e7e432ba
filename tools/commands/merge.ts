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
  const count = at(docs, 0).shard?.count;
  if (count === undefined) throw new InputError(`${files[0]} › shard: not the output of a sharded run`);
  const byIndex = new Map<number, T>();
  docs.forEach((d, i) => {
    if (!d.shard) throw new InputError(`${files[i]} › shard: not the output of a sharded run`);
    if (d.shard.count !== count) throw new InputError(`${files[i]} › shard.count: ${d.shard.count}, but ${files[0]} has ${count}`);
    if (byIndex.has(d.shard.index)) throw new InputError(`${files[i]} › shard.index: shard ${d.shard.index}/${count} given twice`);
    byIndex.set(d.shard.index, d);
  });
  const ordered: T[] = [];
  const missing: number[] = [];
  for (let i = 0; i < count; i++) {
    const d = byIndex.get(i);
    if (d) ordered.push(d);
    else missing.push(i);
  }
  if (missing.length) throw new InputError(`merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
  return ordered;
}

function mergeSets(files: string[], sets: SetFile[]): SetFile {
  const fileOf = new Map(sets.map((s, i) => [s, at(files, i)]));
  const shards = inOrder(files, sets);
  const first = at(shards, 0);
  const same = (s: SetFile) => stringify([s.kind, s.name, s.stage, s.generator.tool, s.generator.seed, s.generator.config, s.calibration]);
  const tagged: { slot: number; level: Level }[] = [];
  for (const s of shards) {
    const file = fileOf.get(s);
    if (same(s) !== same(first))
      throw new InputError(`${where(file, 'generator')}: shard of another job than ${fileOf.get(first)} (kind, name, seed, config or tool differ)`);
    if (s.generator.stats.length !== first.generator.stats.length)
      throw new InputError(
        `${where(file, 'generator.stats')}: ${s.generator.stats.length} plan entries, but ${fileOf.get(first)} has ${first.generator.stats.length}`,
      );
    const slots = s.shard?.slots ?? [];
    if (slots.length !== s.levels.length)
      throw new InputError(`${where(file, 'shard.slots')}: ${slots.length} slots for ${s.levels.length} levels (one slot per level); regenerate this shard`);
    s.levels.forEach((level, i) => tagged.push({ slot: at(slots, i), level }));
  }
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
  const fileOf = new Map(reports.map((r, i) => [r, at(files, i)]));
  const shards = inOrder(files, reports);
  const first = at(shards, 0);
  for (const r of shards) {
    if (stringify(r.files.map((f) => f.file)) !== stringify(first.files.map((f) => f.file)))
      throw new InputError(`${fileOf.get(r)} › files: other files than ${fileOf.get(first)}`);
  }
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

// `proofpack merge`: combine the outputs of sharded runs (generate --shard i/n
// set files, or validate --shard i/n --json reports) into exactly what the
// unsharded run gives, byte for byte, or refuse; shards i, i+m, … of n merge
// into shard i/m as its run writes it, so merges can form a tree. A shard file is an input like
// any other: its size, shard count and levels are capped before anything is
// allocated for them; every slot and problem must belong to its shard (once);
// a set shard's plan statistics must add up; and every level is checked with
// validate's own checks (level-checks.ts, analyze on the pool, the budgets and
// run ceilings of budgets.ts) before anything is written.
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError, where } from '../lib/errors.ts';
import type { FileReport, PlanStats, SetFile, ValidateReport } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { parseJson, readText, writeFileAtomic } from '../lib/io.ts';
import type { Level, Outcome } from '../lib/kind.ts';
import { parseDocument, type Loaded } from './files/documents.ts';
import { printReport, sortProblems, summarize } from './sets/report.ts';
import { MAX_SHARDS, ownsRunning } from './run/shards.ts';
import { budgetProblems, parseBudgetOptions, runCeilings, type BudgetLimits } from './run/budgets.ts';
import { MAX_LEVELS_PER_RUN, MAX_MERGE_BYTES } from './run/caps.ts';
import { runKindSteps } from './run/run-step.ts';
import type { StepOutput } from './run/kind-steps.ts';
import { ceilingsOf, type AnalyzeTask, type TaskCeilings } from './run/tasks.ts';
import { analyzeAll } from './run/analyze-all.ts';
import { Interrupted, interruptible } from './run/interrupt.ts';
import { at } from '../lib/at.ts';

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

/** A document that may carry the shard it came from (a set file or a validate report). */
type Sharded = { shard?: { index: number; count: number } | undefined };

/** The shards given, in index order, and what their merge is: the whole job, or (a tree's inner merge) the coarser shard they make up. */
interface Selection<T> {
  shards: T[];
  /** Shards i, i+m, i+2m, … of n (all k = n/m of them) make up shard i of m: their merge is that shard, not the whole job. */
  coarse?: { index: number; count: number };
}

/**
 * Check the shards are of one split, each once: every shard 0..n-1 (the whole
 * job), or every shard i, i+m, … of n for one i < m (m = n / their number),
 * which together are shard i/m (slot k is shard k mod n's, so k mod m = i).
 * Nothing proportional to a stored count is allocated before it is checked.
 */
function inOrder<T extends Sharded>(files: string[], docs: T[]): Selection<T> {
  const count = at(docs, 0).shard?.count;
  if (count === undefined) throw new InputError(`${files[0]} › shard: not the output of a sharded run`);
  docs.forEach((d, i) => {
    if (!d.shard) throw new InputError(`${files[i]} › shard: not the output of a sharded run`);
    if (d.shard.count > MAX_SHARDS)
      throw new InputError(
        `${files[i]} › shard.count: ${d.shard.count}, more than the ${MAX_SHARDS} shards a job is split into; not a shard of a proofpack run`,
      );
    if (d.shard.count !== count) throw new InputError(`${files[i]} › shard.count: ${d.shard.count}, but ${files[0]} has ${count}`);
    if (d.shard.index >= count) throw new InputError(`${files[i]} › shard.index: ${d.shard.index}, but the job has shards 0 to ${count - 1}`);
  });
  const byIndex = new Map<number, T>();
  docs.forEach((d, i) => {
    const index = d.shard?.index ?? 0;
    if (byIndex.has(index)) throw new InputError(`${files[i]} › shard.index: shard ${index}/${count} given twice`);
    byIndex.set(index, d);
  });
  const sorted = [...byIndex.keys()].sort((a, b) => a - b);
  if (sorted.length < count && count % sorted.length === 0) {
    // a tree's inner merge: a whole residue class of the split
    const m = count / sorted.length;
    const r = at(sorted, 0);
    if (r < m && sorted.every((index, j) => index === r + j * m)) return { shards: sorted.map((i) => byIndex.get(i) as T), coarse: { index: r, count: m } };
  }
  const missing: number[] = [];
  for (let i = 0; i < count; i++) if (!byIndex.has(i)) missing.push(i);
  if (missing.length) {
    const shown = missing.slice(0, 10).map((i) => `${i}/${count}`);
    const more = missing.length > shown.length ? ` and ${missing.length - shown.length} more` : '';
    throw new InputError(
      `merge: shard${missing.length > 1 ? 's' : ''} ${shown.join(', ')}${more} missing; give the output of every shard (or, for a merge inside a tree, of every shard i, i+m, i+2m, … for one i)`,
    );
  }
  return { shards: Array.from({ length: count }, (_, i) => byIndex.get(i) as T) };
}

/** How many of the slots start..end-1 (end excluded) shard `index` of `count` owns (slot k is shard k mod count's). */
function owned(start: number, end: number, index: number, count: number): number {
  const upTo = (n: number) => (n <= index ? 0 : Math.floor((n - index - 1) / count) + 1);
  return upTo(end) - upTo(start);
}

/**
 * A set shard's own arithmetic, before any solving: every slot is the shard's
 * (k mod count = index), in the job's range, once and in order; its plan
 * statistics are those of the job's slots it owns (wanted), and count what its
 * levels show (found at least the levels of each entry, at most wanted; found
 * boards are its levels plus the untiered ones; a found board took a try).
 */
function shardArithmetic(file: string, s: SetFile, starts: number[], total: number): void {
  const shard = s.shard;
  if (!shard) throw new Error('merge: a set shard without its shard field');
  const slots = shard.slots;
  if (slots.length !== s.levels.length)
    throw new InputError(`${where(file, 'shard.slots')}: ${slots.length} slots for ${s.levels.length} levels (one slot per level); regenerate this shard`);
  const levelsIn = new Array<number>(s.generator.stats.length).fill(0);
  let entry = 0;
  slots.forEach((slot, i) => {
    const here = where(file, `shard.slots[${i}]`);
    if (slot >= total) throw new InputError(`${here}: slot ${slot}, but the job has slots 0 to ${total - 1}`);
    if (slot % shard.count !== shard.index)
      throw new InputError(`${here}: slot ${slot} belongs to shard ${slot % shard.count}/${shard.count}, not to this shard ${shard.index}/${shard.count}`);
    if (i > 0 && slot <= at(slots, i - 1))
      throw new InputError(`${here}: slot ${slot} after slot ${at(slots, i - 1)}; every slot is given once, in order (a duplicated or reordered slot)`);
    while (slot >= at(starts, entry + 1)) entry++;
    levelsIn[entry] = at(levelsIn, entry) + 1;
  });
  let found = 0;
  s.generator.stats.forEach((st, e) => {
    const here = where(file, `generator.stats[${e}]`);
    const wanted = owned(at(starts, e), at(starts, e + 1), shard.index, shard.count);
    const all = at(starts, e + 1) - at(starts, e);
    if (st.wanted !== wanted)
      throw new InputError(
        `${here}.wanted: ${st.wanted}, but of the ${all} slots of this plan entry, shard ${shard.index}/${shard.count} owns ${wanted}; the shards disagree: regenerate the one that was changed`,
      );
    if (st.found > st.wanted) throw new InputError(`${here}.found: ${st.found}, more than the ${st.wanted} slots wanted`);
    if (st.found < at(levelsIn, e)) throw new InputError(`${here}.found: ${st.found}, but the shard holds ${at(levelsIn, e)} levels of this entry`);
    if (st.tries < st.found) throw new InputError(`${here}.tries: ${st.tries}, fewer than the ${st.found} boards found (each took a try)`);
    found += st.found;
  });
  if (found !== s.levels.length + s.generator.untiered)
    throw new InputError(
      `${where(file, 'generator.stats')}: ${found} boards found, but the shard holds ${s.levels.length} levels and ${s.generator.untiered} untiered boards; regenerate this shard`,
    );
}

function mergeSets(files: string[], sets: SetFile[]): SetFile {
  const fileOf = new Map(sets.map((s, i) => [s, at(files, i)]));
  const { shards, coarse } = inOrder(files, sets);
  const first = at(shards, 0);
  const same = (s: SetFile) => stringify([s.kind, s.name, s.stage, s.generator.tool, s.generator.seed, s.generator.config, s.calibration]);
  for (const s of shards) {
    const file = fileOf.get(s);
    if (same(s) !== same(first))
      throw new InputError(`${where(file, 'generator')}: shard of another job than ${fileOf.get(first)} (kind, name, seed, config or tool differ)`);
    if (s.generator.stats.length !== first.generator.stats.length)
      throw new InputError(
        `${where(file, 'generator.stats')}: ${s.generator.stats.length} plan entries, but ${fileOf.get(first)} has ${first.generator.stats.length}`,
      );
  }
  // the job's slots, entry by entry: as the shards record them (shard.entries, the same in every shard), else
  // (a whole job's shards only) from their wanted counts; each shard's own wanted is checked against them
  const entries = first.shard?.entries;
  for (const s of shards) {
    if (stringify(s.shard?.entries ?? null) !== stringify(entries ?? null))
      throw new InputError(`${where(fileOf.get(s), 'shard.entries')}: other slots per plan entry than ${fileOf.get(first)}; shards of another job`);
    if (entries && entries.length !== s.generator.stats.length)
      throw new InputError(`${where(fileOf.get(s), 'shard.entries')}: ${entries.length} entries for ${s.generator.stats.length} plan entries`);
  }
  if (coarse && !entries)
    throw new InputError(
      `${fileOf.get(first)} › shard.entries: missing; a merge inside a tree needs shards of a generate that records them (regenerate the shards)`,
    );
  const starts = [0];
  first.generator.stats.forEach((_, e) =>
    starts.push(at(starts, e) + (entries ? at(entries, e) : shards.reduce((a, s) => a + at(s.generator.stats, e).wanted, 0))),
  );
  const total = at(starts, starts.length - 1);
  if (total > MAX_LEVELS_PER_RUN)
    throw new InputError(
      `${fileOf.get(first)} › generator.stats: the shards want ${total} levels together, more than the ${MAX_LEVELS_PER_RUN} one generate run makes; not shards of a proofpack run`,
    );
  const tagged: { slot: number; level: Level }[] = [];
  const boards = new Map<string, string>();
  for (const s of shards) {
    const file = fileOf.get(s) ?? '';
    shardArithmetic(file, s, starts, total);
    s.levels.forEach((level, i) => {
      const slot = at(s.shard?.slots ?? [], i);
      const twin = boards.get(level.id);
      if (twin !== undefined) throw new InputError(`${where(file, `levels[${i}] (slot ${slot})`, 'id')}: ${level.id}, the same board as ${twin}`);
      boards.set(level.id, `${file} slot ${slot}`);
      tagged.push({ slot, level });
    });
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
    // inside a tree: the coarser shard these make up, as `generate --shard i/m` writes it
    ...(coarse && entries ? { shard: { ...coarse, slots: tagged.map((t) => t.slot), entries } } : {}),
  };
}

function mergeReports(files: string[], reports: ValidateReport[]): ValidateReport {
  const fileOf = new Map(reports.map((r, i) => [r, at(files, i)]));
  const { shards, coarse } = inOrder(files, reports);
  const first = at(shards, 0);
  const layout = (r: ValidateReport) => stringify(r.files.map((f) => [f.file, f.type, f.kind, f.levels]));
  for (const r of shards) {
    if (layout(r) !== layout(first))
      throw new InputError(`${fileOf.get(r)} › files: other files (or other types, kinds or level counts) than ${fileOf.get(first)}`);
  }
  // every problem is its shard's: a level problem by the level's running number over all files, a whole-file one shard 0's
  let running = 0;
  const offsets = first.files.map((f) => {
    const o = running;
    running += f.levels;
    return o;
  });
  for (const r of shards) {
    const shard = r.shard ?? { index: 0, count: 1 };
    r.files.forEach((f, k) => {
      f.problems.forEach((p, j) => {
        if (p.index >= f.levels)
          throw new InputError(`${where(fileOf.get(r), `files[${k}].problems[${j}].index`)}: ${p.index}, but the file has ${f.levels} levels`);
        const owner = p.index >= 0 ? ownsRunning(shard, at(offsets, k) + p.index) : shard.index === 0;
        if (!owner)
          throw new InputError(
            `${where(fileOf.get(r), `files[${k}].problems[${j}]`)}: a problem of ${p.index >= 0 ? `levels[${p.index}]` : 'the whole file'}, which shard ${shard.index}/${shard.count} does not check`,
          );
      });
      if (f.error !== null && shard.index !== 0)
        throw new InputError(`${where(fileOf.get(r), `files[${k}].error`)}: a whole-file error, which only shard 0/${shard.count} reports`);
    });
  }
  const merged: FileReport[] = first.files.map((f, k) => ({ ...f, problems: sortProblems(shards.flatMap((r) => at(r.files, k).problems)) }));
  // inside a tree: the report of the coarser shard these make up, as `validate --shard i/m --json` writes it
  return summarize(merged, coarse);
}

/** Read the shard files, each as any input (at most 32 MiB), all of them together at most MAX_MERGE_BYTES: the first file past it is refused. */
function loadShards(inputs: string[]): Loaded[] {
  if (inputs.length > MAX_SHARDS) throw new InputError(`merge: ${inputs.length} files, more than the ${MAX_SHARDS} shards a job is split into`);
  let bytes = 0;
  return inputs.map((f) => {
    const text = readText(f);
    bytes += Buffer.byteLength(text);
    if (bytes > MAX_MERGE_BYTES)
      throw new InputError(
        `${f}: the shard files pass ${MAX_MERGE_BYTES / 1024 / 1024} MiB together here, more than validate reads of the merged file; split the job into smaller sets`,
      );
    return parseDocument(f, parseJson(f, text), ['set', 'validate-report']);
  });
}

/**
 * Every level of the set shards checked as validate checks it (level-checks.ts):
 * the stored config within the budgets, the id and rule checks, analyze run
 * again on the pool (Ctrl-C answered) and every stored value compared, and the
 * candidate calibration. The kind's whole-set report is a statistic of the
 * merged set, not of a shard: validate runs it on the merged file.
 */
async function checkLevels(
  files: string[],
  loaded: Loaded[],
  run: { threads: number; con: Console; budgets: BudgetLimits; ceilings: TaskCeilings },
): Promise<ValidateReport> {
  const sets = loaded.map((l, f) => {
    if (l.type !== 'set') throw new Error('merge: checkLevels is given set shards only');
    budgetProblems(at(files, f), l, run.budgets);
    return l;
  });
  const tasks: AnalyzeTask[] = [];
  const owners: { file: number; index: number }[] = [];
  sets.forEach((l, file) =>
    l.doc.levels.forEach((level, index) => {
      tasks.push({ op: 'analyze', kind: l.kind.name, puzzle: level.puzzle, config: l.doc.generator.config, calibration: l.doc.calibration });
      owners.push({ file, index });
    }),
  );
  // validate's analyses under validate's run ceilings (runCeilings, raised with --budget), summed in the same start order
  const label = (t: number) => where(at(files, at(owners, t).file), `levels[${at(owners, t).index}]`);
  let outcomes: Outcome<unknown, unknown>[];
  try {
    outcomes = await analyzeAll(tasks, { threads: run.threads, ceilings: run.ceilings }, run.con, undefined, runCeilings(run.budgets), label, new Map(), {
      command: 'merge',
      progress: 'merge: check levels',
      stopLine: (at, total, ceiling) =>
        `${at}: the merge's work passed its ceiling here (${total.toLocaleString('en-US')} ${ceiling.unit}, over ${ceiling.ceiling.toLocaleString('en-US')}); stopped, nothing merged: run with --budget ${ceiling.field}=N (more) if you trust these shards`,
    });
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, 'interrupted: merge stopped while checking the levels; nothing was written');
    throw e;
  }
  const reports: FileReport[] = sets.map((l, f) => ({
    file: at(files, f),
    type: 'set',
    kind: l.kind.name,
    levels: l.doc.levels.length,
    error: null,
    problems: [],
  }));
  // the kind's checks of each shard (its levels', then the whole set's), one step a shard on the pool
  let checked: StepOutput<'checks'>[];
  try {
    checked = await interruptible((signal) =>
      runKindSteps(
        sets.map((l, f) => ({
          step: 'checks' as const,
          kind: l.kind.name,
          input: {
            doc: l.doc,
            levels: owners.flatMap((o, t) => (o.file === f ? [{ index: o.index, outcome: at(outcomes, t) }] : [])),
            whole: true,
            report: false,
          },
          label: `merge ${at(files, f)}: the ${l.kind.name} kind's checks (canonical, ruleProblems, solutionProblems, tierOf, calibrate, difficulty)`,
        })),
        { signal, threads: run.threads, ...(run.ceilings ? { ceilings: run.ceilings } : {}) },
      ),
    );
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, 'interrupted: merge stopped while checking the levels; nothing was written');
    throw e;
  }
  checked.forEach((c, f) => {
    for (const problems of c.levels) at(reports, f).problems.push(...problems);
    at(reports, f).problems.push(...c.set);
  });
  for (const r of reports) r.problems = sortProblems(r.problems);
  return summarize(reports);
}

export async function mergeCommand(opts: MergeOptions, con: Console): Promise<number> {
  if (opts.inputs.length === 0) throw new InputError('merge: name the shard outputs to merge');
  const budgets = parseBudgetOptions(opts.budget);
  const loaded = loadShards(opts.inputs);
  const types = new Set(loaded.map((l) => l.type));
  if (types.size > 1) throw new InputError('merge: give either generate shards (set files) or validate shards (reports), not both');
  if (at(loaded, 0).type === 'set') {
    const merged = mergeSets(
      opts.inputs,
      loaded.map((l) => l.doc as SetFile),
    );
    // every level checked as validate checks it, by validate's own checks, before anything is written
    const report = await checkLevels(opts.inputs, loaded, { threads: opts.threads ?? 1, con, budgets, ceilings: ceilingsOf(opts) });
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
  const merged = mergeReports(
    opts.inputs,
    loaded.map((l) => l.doc as ValidateReport),
  );
  writeFileAtomic(opts.out, `${stringify(merged)}\n`);
  return printReport(merged, con, opts.json, ` (merged ${opts.inputs.length} shards into ${opts.out})`);
}

// `proofpack generate KIND`: rejection-sample the wanted levels of a config on
// the worker pool and write a candidate set. Every wanted level ("slot") has
// its own RNG, so the output depends only on config and seed — not on the
// thread count, the shard split, or an interruption and --resume.
import * as fs from 'node:fs';
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { formatTable } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { FORMAT_VERSION, TOOL, type PlanStats, type SetFile } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { checkWriteTarget, writeFileAtomic } from '../lib/io.ts';
import type { Level, PlanEntry, PuzzleKind, SlotResult } from '../lib/kind.ts';
import { nameProblem, readJobConfig } from './files/config.ts';
import { foundCheckpoint, writeCheckpoint, type JobSettings, type Slots } from './files/checkpoint.ts';
import { loadCheckpoint, rederiveSlots } from './run/resume.ts';
import { kindByName } from '../kinds/index.ts';
import { ceilingsOf, runPipelineTasks, type TaskCeilings } from './run/tasks.ts';
import { ownsRunning, parseShard, type Shard } from './run/shards.ts';
import type { GenerateTask, Placed, PlacedSlot } from './run/tasks.ts';
import { runKindStep } from './run/run-step.ts';
import { Interrupted, interruptible } from './run/interrupt.ts';
import { at } from '../lib/at.ts';
import { checkConfigBudgets, parseBudgetOptions } from './run/budgets.ts';

import { MAX_LEVELS_PER_RUN } from './run/caps.ts';

export { MAX_LEVELS_PER_RUN };

/** What to generate: everything the output depends on. */
export interface GenerateJob {
  kind: PuzzleKind;
  config: unknown;
  seed: number;
  name: string;
  /** Scale the plan to this many wanted levels. */
  count?: number;
  /** Only the slots k with k % count === index. */
  shard?: Shard;
}

/** How to run a job: threads, where to print, the checkpoint. */
export interface GenerateRun {
  threads: number;
  con: Console;
  /** Save finished slots to `file` every `everyMs`; with `resume`, start from what it holds. */
  checkpoint?: { file: string; everyMs: number; resume: boolean };
  /** Where the config came from, for a slot's messages: its file, or the preset (default: "<kind> config"). */
  source?: string;
  /** The runner's ceilings on each slot (--task-seconds, --max-memory-mib; default: the defaults). */
  ceilings?: TaskCeilings;
  /** Aborted: the run stops as on Ctrl-C (reason: an Interrupted), saving its checkpoint. */
  signal?: AbortSignal;
}

/** Scale the plan to `total` wanted levels, keeping its proportions (largest remainder). */
function scalePlan<G>(plan: PlanEntry<G>[], total: number): PlanEntry<G>[] {
  const sum = plan.reduce((a, e) => a + e.count, 0);
  if (sum === 0) return plan.map((e) => ({ ...e, count: 0 }));
  const exact = plan.map((e) => (e.count * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i] = at(counts, i) + 1;
  }
  return plan.map((e, i) => ({ ...e, count: at(counts, i) }));
}

/** What the job's output depends on: the checkpoint's identity. */
export function jobSettings(job: GenerateJob): JobSettings {
  return { tool: TOOL, kind: job.kind.name, config: job.config, seed: job.seed, name: job.name, count: job.count ?? null, shard: job.shard ?? null };
}

/** What a run made: the set, its plan statistics and how many slots came from the checkpoint. */
export interface GenerateReport {
  set: SetFile;
  stats: PlanStats[];
  /** Slots taken from a checkpoint instead of being run. */
  resumed: number;
}

/** A job's plan, made by the kind's code on the pool: its entries (scaled to --count), the initial calibration, every slot and the shard's own. */
interface SlotPlan {
  plan: PlanEntry[];
  calibration: unknown;
  /** Every slot of the plan, in order. */
  slots: Slot[];
  /** The slots this run makes (a shard keeps every n-th). */
  mine: Slot[];
}

/** One wanted level: its index in the plan's slots and its plan entry. */
interface Slot {
  slot: number;
  entry: number;
}

/** What the slots made: each slot's result, each found level's tier and id, and how many came from the checkpoint. */
interface SlotResults {
  done: Slots;
  placedOf: Map<number, Placed | undefined>;
  resumed: number;
}

/** Generate the job's candidate set (every slot of the plan, or the shard's). */
export async function generateSet(job: GenerateJob, run: GenerateRun): Promise<GenerateReport> {
  const slotPlan = await planSlots(job, run);
  const results = await runSlots(job, run, slotPlan);
  return { ...candidateSet(job, slotPlan, results), resumed: results.resumed };
}

/** The plan and the initial calibration (the kind's code, on the pool), held to the levels one run holds, and its slots. */
async function planSlots(job: GenerateJob, run: GenerateRun): Promise<SlotPlan> {
  const { kind, config } = job;
  const planned = await runKindStep(
    'plan',
    kind.name,
    { config },
    {
      label: `${run.source ?? `${kind.name} config`} › plan (the ${kind.name} kind's plan and initialCalibration)`,
      ...(run.ceilings ? { ceilings: run.ceilings } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
    },
  );
  if ('error' in planned) throw new InputError(`${run.source ?? 'config'} › ${planned.error}`);
  let plan: PlanEntry[] = planned.plan;
  if (job.count !== undefined && job.count > MAX_LEVELS_PER_RUN)
    throw new InputError(
      `--count ${job.count}: more than the ${MAX_LEVELS_PER_RUN} levels one run holds (a set of more passes the input limit validate reads a file with); split it into several sets`,
    );
  if (job.count !== undefined) plan = scalePlan(plan, job.count);
  const wanted = plan.reduce((a, e) => a + e.count, 0);
  if (wanted > MAX_LEVELS_PER_RUN)
    throw new InputError(
      `config › plan: wants ${wanted} levels, more than the ${MAX_LEVELS_PER_RUN} levels one run holds (a set of more passes the input limit validate reads a file with); split it into several sets`,
    );
  // every slot of the plan, in order; a shard keeps every n-th
  const slots: Slot[] = [];
  plan.forEach((entry, e) => {
    for (let j = 0; j < entry.count; j++) slots.push({ slot: slots.length, entry: e });
  });
  const shard = job.shard;
  const mine = shard ? slots.filter((s) => ownsRunning(shard, s.slot)) : slots;
  return { plan, calibration: planned.calibration, slots, mine };
}

/** Run the slots not in the checkpoint on the pool, saving it as they finish and on an interrupt. */
async function runSlots(job: GenerateJob, run: GenerateRun, { plan, calibration, slots, mine }: SlotPlan): Promise<SlotResults> {
  const { kind, config, seed } = job;
  const settings = jobSettings(job);
  const cp = run.checkpoint;
  if (cp && !cp.resume && fs.existsSync(cp.file)) throw new InputError(foundCheckpoint(cp.file));
  const done: Slots = cp?.resume
    ? await loadCheckpoint(kind, cp.file, settings, new Set(mine.map((s) => s.slot)), {
        ...(run.ceilings ? { ceilings: run.ceilings } : {}),
        ...(run.signal ? { signal: run.signal } : {}),
      })
    : new Map();
  const taskOf = (s: Slot): GenerateTask => ({
    op: 'generate',
    kind: kind.name,
    seed,
    index: s.slot,
    spec: at(plan, s.entry).spec,
    config,
    calibration,
    place: true,
  });
  // each found level's tier and id, computed on its slot's thread with the slot
  const placedOf = new Map<number, Placed | undefined>();
  if (cp && done.size > 0)
    await rederiveSlots(kind, cp.file, done, {
      taskOf: (slot) => taskOf(at(slots, slot)),
      threads: run.threads,
      con: run.con,
      ceilings: run.ceilings,
      placed: placedOf,
    });
  const resumed = done.size;
  const todo = mine.filter((s) => !done.has(s.slot));
  const tasks: GenerateTask[] = todo.map(taskOf);
  const progress = run.con.progress(`generate ${kind.name}`, mine.length, 'slots');
  progress.update(resumed);
  let lastSave = performance.now();
  try {
    await interruptible((signal) =>
      runPipelineTasks(tasks, {
        threads: run.threads,
        signal: run.signal ? AbortSignal.any([signal, run.signal]) : signal,
        ceilings: run.ceilings,
        label: (i) => `${run.source ?? `${kind.name} config`} › plan › ${JSON.stringify(at(plan, at(todo, i).entry).label)} › slot ${at(todo, i).slot}`,
        onResult: (i, result) => {
          const { placed, ...r } = result as PlacedSlot;
          placedOf.set(at(todo, i).slot, placed);
          done.set(at(todo, i).slot, r as SlotResult<unknown, unknown, unknown>);
          progress.update(done.size);
          if (cp && performance.now() - lastSave >= cp.everyMs) {
            writeCheckpoint(cp.file, settings, done);
            lastSave = performance.now();
          }
        },
      }),
    );
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    // the terminal first (cursor, line wrap), then what was done
    progress.stop();
    const saved = done.size;
    if (!cp) throw new Interrupted(e.signal, `interrupted: ${saved} of ${mine.length} slots done, none saved (no checkpoint)`);
    writeCheckpoint(cp.file, settings, done);
    throw new Interrupted(e.signal, `interrupted: ${saved} of ${mine.length} slots saved in ${cp.file}; rerun with --resume`);
  }
  progress.stop();
  return { done, placedOf, resumed };
}

/** The candidate set of the slots' results, in slot order, and each plan entry's statistics. */
function candidateSet(job: GenerateJob, { plan, calibration, mine }: SlotPlan, { done, placedOf }: SlotResults): { set: SetFile; stats: PlanStats[] } {
  const stats: PlanStats[] = plan.map((e) => ({ label: e.label, wanted: 0, found: 0, tries: 0, disagreements: 0 }));
  const levels: Level[] = [];
  const levelSlots: number[] = [];
  let untiered = 0;
  for (const { slot, entry } of mine) {
    const r = done.get(slot);
    if (!r) throw new Error(`generate: slot ${slot} has no result after the run`);
    const s = at(stats, entry);
    s.wanted++;
    s.tries += r.tries;
    s.disagreements += r.disagreements;
    if (!r.found) continue;
    s.found++;
    const placed = placedOf.get(slot);
    if (!placed) throw new Error(`generate: slot ${slot} found a level but has no tier and id`);
    const tier = placed.tier;
    if (tier === null || placed.id === undefined) {
      untiered++;
      continue;
    }
    levels.push({
      id: placed.id,
      puzzle: r.found.puzzle,
      solution: r.found.solution,
      analysis: r.found.analysis,
      tier,
    });
    levelSlots.push(slot);
  }
  const set: SetFile = {
    type: 'set',
    formatVersion: FORMAT_VERSION,
    kind: job.kind.name,
    name: job.name,
    stage: 'candidates',
    generator: { tool: TOOL, seed: job.seed, config: job.config, stats, untiered },
    curate: null,
    calibration,
    levels,
    ...(job.shard ? { shard: { ...job.shard, slots: levelSlots, entries: plan.map((e) => e.count) } } : {}),
  };
  return { set, stats };
}

/** The summary table and warnings generate prints. */
export interface GenerateSummary {
  lines: string[];
  warnings: string[];
}

function generateSummary(kind: PuzzleKind, set: SetFile): GenerateSummary {
  const stats = set.generator.stats;
  const rows = stats.map((s) => [s.label, s.wanted, s.found, s.tries, s.found ? Math.round(s.tries / s.found) : '-', s.disagreements]);
  const total = stats.reduce((a, s) => ({ wanted: a.wanted + s.wanted, found: a.found + s.found, tries: a.tries + s.tries, dis: a.dis + s.disagreements }), {
    wanted: 0,
    found: 0,
    tries: 0,
    dis: 0,
  });
  rows.push(['total', total.wanted, total.found, total.tries, total.found ? Math.round(total.tries / total.found) : '-', total.dis]);
  const lines = formatTable({ columns: ['plan entry', 'wanted', 'found', 'tries', 'tries/found', 'solver disagreements'], rows });
  const warnings: string[] = [];
  const perBoard = (set.generator.config as { triesPerBoard?: unknown }).triesPerBoard;
  const budget = typeof perBoard === 'number' ? `triesPerBoard (${perBoard} tries per wanted board)` : 'triesPerBoard';
  for (const s of stats) {
    if (s.wanted > 0 && s.found === 0)
      warnings.push(
        `warning: ${kind.name} ${s.label}: no board passed in ${s.tries} tries (${s.wanted} wanted); raise ${budget}, widen its bands or relax its target`,
      );
    else if (s.found < s.wanted)
      warnings.push(`warning: ${kind.name} ${s.label}: ${s.wanted - s.found} of ${s.wanted} wanted boards not found within ${budget}`);
  }
  if (total.dis > 0) warnings.push(`warning: the solver disagreed with the known solution on ${total.dis} boards (discarded): this is a bug, please report it`);
  if (set.generator.untiered > 0) warnings.push(`warning: ${set.generator.untiered} boards fit no tier of the config and were dropped`);
  return { lines, warnings };
}

/** What generate is asked to do, from the command line. */
export interface GenerateOptions extends TaskCeilings {
  kind: string;
  config?: string;
  preset?: string;
  count?: number;
  seed?: number;
  threads: number;
  out: string;
  name?: string;
  shard?: string;
  resume?: boolean;
  checkpointEvery?: number;
  json?: boolean;
  /** `--budget FIELD=N`: the runner's ceilings (run/budgets.ts); a config over one is refused before any work. */
  budget?: string[];
  /** See GenerateRun.signal (in-process callers; the CLI has none). */
  signal?: AbortSignal;
}

export async function generateCommand(opts: GenerateOptions, con: Console): Promise<number> {
  const kind = kindByName(opts.kind);
  if (opts.preset && opts.config) throw new InputError('generate: give --preset or --config, not both');
  const preset = opts.preset ? kind.presets?.[opts.preset] : undefined;
  if (opts.preset && !preset) {
    const known = Object.keys(kind.presets ?? {});
    throw new InputError(`--preset ${opts.preset}: ${kind.name} has ${known.length ? `the presets ${known.join(', ')}` : 'no presets'}`);
  }
  if (opts.name !== undefined && nameProblem(opts.name)) throw new InputError(`--name ${opts.name}: ${nameProblem(opts.name)}`);
  const count = opts.count ?? preset?.count;
  const file = opts.config ? readJobConfig(kind, opts.config) : undefined;
  const job: GenerateJob = {
    kind,
    config: file ? file.config : (preset?.config ?? kind.defaults.config),
    seed: opts.seed ?? file?.seed ?? kind.defaults.seed,
    name: opts.name ?? file?.name ?? opts.preset ?? kind.defaults.setName,
    ...(count !== undefined ? { count } : {}),
    ...(opts.shard ? { shard: parseShard(opts.shard) } : {}),
  };
  const source = opts.config ?? (opts.preset ? `--preset ${opts.preset}` : `the default ${kind.name} config`);
  checkConfigBudgets(kind, job.config, source, parseBudgetOptions(opts.budget));
  const checkpointFile = `${opts.out}.checkpoint.json`;
  // where it writes, refused before the work rather than after it
  checkWriteTarget(opts.out);
  checkWriteTarget(checkpointFile);
  const started = performance.now();
  const report = await generateSet(job, {
    threads: opts.threads,
    con,
    source,
    ceilings: ceilingsOf(opts),
    checkpoint: { file: checkpointFile, everyMs: (opts.checkpointEvery ?? 10) * 1000, resume: opts.resume ?? false },
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const { lines, warnings } = generateSummary(kind, report.set);
  if (report.set.levels.length === 0 && !job.shard) {
    // why nothing was found: printed whatever the flags
    for (const w of warnings) con.err(w);
    throw new InputError(`${opts.out}: not written: no ${kind.name} board passed its target test`);
  }
  writeFileAtomic(opts.out, formatDocument(report.set));
  fs.rmSync(checkpointFile, { force: true });
  if (opts.json) {
    con.out(
      stringify({
        file: opts.out,
        kind: kind.name,
        seed: job.seed,
        levels: report.set.levels.length,
        stats: report.set.generator.stats,
        untiered: report.set.generator.untiered,
        warnings,
        resumedSlots: report.resumed,
      }),
    );
    return 0;
  }
  for (const l of lines) con.out(l);
  for (const w of warnings) con.warn(w);
  const shard = job.shard ? `, shard ${job.shard.index}/${job.shard.count}` : '';
  const resumed = report.resumed ? `, ${report.resumed} slots resumed from the checkpoint, each generated again and identical` : '';
  con.out(
    `wrote ${report.set.levels.length} ${kind.name} candidates to ${opts.out} (seed ${job.seed}${shard}${resumed}, ${opts.threads} threads, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return 0;
}

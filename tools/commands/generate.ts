// `proofpack generate KIND`: rejection-sample the wanted levels of a config on
// the worker pool and write a candidate set. Output depends only on the config
// and seed, never on the thread count.
import type { Console } from '../lib/console.ts';
import { formatTable } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { FORMAT_VERSION, TOOL, type PlanStats, type SetFile } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import { levelId } from '../lib/ids.ts';
import type { Level, PlanEntry, PuzzleKind, SlotResult } from '../lib/kind.ts';
import { loadConfig } from '../lib/documents.ts';
import { kindByName } from '../lib/registry.ts';
import { runTasks } from '../lib/pool.ts';
import type { GenerateTask } from '../lib/tasks.ts';

export interface GenerateOptions {
  kind: string;
  config?: string;
  count?: number;
  seed?: number;
  threads: number;
  out: string;
  name?: string;
}

/** Scale the plan to `total` wanted levels, keeping its proportions (largest remainder). */
export function scalePlan<G>(plan: PlanEntry<G>[], total: number): PlanEntry<G>[] {
  const sum = plan.reduce((a, e) => a + e.count, 0);
  if (sum === 0) return plan.map((e) => ({ ...e, count: 0 }));
  const exact = plan.map((e) => (e.count * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return plan.map((e, i) => ({ ...e, count: counts[i]! }));
}

export interface GenerateReport {
  set: SetFile;
  stats: PlanStats[];
}

export async function generateSet(kind: PuzzleKind, config: unknown, seed: number, name: string, threads: number, con: Console, count?: number): Promise<GenerateReport> {
  let plan: PlanEntry[];
  try {
    plan = kind.plan(config);
  } catch (e) {
    throw new InputError(`config: ${(e as Error).message}`);
  }
  if (count !== undefined) plan = scalePlan(plan, count);
  const calibration = kind.initialCalibration(config);
  const tasks: GenerateTask[] = [];
  const owner: number[] = [];
  plan.forEach((entry, e) => {
    for (let j = 0; j < entry.count; j++) {
      tasks.push({ op: 'generate', kind: kind.name, seed, index: tasks.length, spec: entry.spec, config, calibration });
      owner.push(e);
    }
  });
  const progress = con.progress(`generate ${kind.name}`, tasks.length);
  const results = (await runTasks(tasks, threads, (done) => progress.update(done))) as SlotResult<unknown, unknown, unknown>[];
  progress.stop();

  const stats: PlanStats[] = plan.map((e) => ({ label: e.label, wanted: e.count, found: 0, tries: 0, disagreements: 0 }));
  const levels: Level[] = [];
  let untiered = 0;
  results.forEach((r, i) => {
    const s = stats[owner[i]!]!;
    s.tries += r.tries;
    s.disagreements += r.disagreements;
    if (!r.found) return;
    s.found++;
    const tier = kind.tierOf(r.found.analysis, calibration, config);
    if (tier === null) {
      untiered++;
      return;
    }
    levels.push({ id: levelId(kind.name, kind.canonical(r.found.puzzle)), puzzle: r.found.puzzle, solution: r.found.solution, analysis: r.found.analysis, tier });
  });
  const set: SetFile = {
    type: 'set',
    formatVersion: FORMAT_VERSION,
    kind: kind.name,
    name,
    stage: 'candidates',
    generator: { tool: TOOL, seed, config, stats, untiered },
    curate: null,
    calibration,
    levels,
  };
  return { set, stats };
}

export function generateSummary(kind: PuzzleKind, report: GenerateReport, untiered: number): { lines: string[]; warnings: string[] } {
  const rows = report.stats.map((s) => [s.label, s.wanted, s.found, s.tries, s.found ? Math.round(s.tries / s.found) : '-', s.disagreements]);
  const total = report.stats.reduce(
    (a, s) => ({ wanted: a.wanted + s.wanted, found: a.found + s.found, tries: a.tries + s.tries, dis: a.dis + s.disagreements }),
    { wanted: 0, found: 0, tries: 0, dis: 0 },
  );
  rows.push(['total', total.wanted, total.found, total.tries, total.found ? Math.round(total.tries / total.found) : '-', total.dis]);
  const lines = formatTable({ columns: ['plan entry', 'wanted', 'found', 'tries', 'tries/found', 'solver disagreements'], rows });
  const warnings: string[] = [];
  for (const s of report.stats) {
    if (s.wanted > 0 && s.found === 0) warnings.push(`warning: ${kind.name} ${s.label}: no board passed in ${s.tries} tries (${s.wanted} wanted); widen its bands or relax its target`);
    else if (s.found < s.wanted) warnings.push(`warning: ${kind.name} ${s.label}: ${s.wanted - s.found} of ${s.wanted} wanted boards not found within the try budget`);
  }
  if (total.dis > 0) warnings.push(`warning: the solver disagreed with the known solution on ${total.dis} boards (discarded): this is a bug, please report it`);
  if (untiered > 0) warnings.push(`warning: ${untiered} boards fit no tier of the config and were dropped`);
  return { lines, warnings };
}

export async function generateCommand(opts: GenerateOptions, con: Console): Promise<number> {
  const kind = kindByName(opts.kind);
  const config = opts.config ? loadConfig(kind, opts.config) : kind.defaults.config;
  const seed = opts.seed ?? kind.defaults.seed;
  const name = opts.name ?? kind.defaults.setName;
  const started = performance.now();
  const report = await generateSet(kind, config, seed, name, opts.threads, con, opts.count);
  const { lines, warnings } = generateSummary(kind, report, report.set.generator.untiered);
  if (report.set.levels.length === 0) {
    for (const w of warnings) con.err(w);
    throw new InputError(`${opts.out}: not written: no ${kind.name} board passed its target test`);
  }
  writeFileAtomic(opts.out, formatDocument(report.set));
  for (const l of lines) con.out(l);
  for (const w of warnings) con.err(w);
  con.out(`wrote ${report.set.levels.length} ${kind.name} candidates to ${opts.out} (seed ${seed}, ${opts.threads} threads, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return 0;
}

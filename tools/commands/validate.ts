// `proofpack validate`: trusts no stored value. For every level of every set or
// pack: schema, id, rule checks, then analyze() again and compare every stored
// value, the solution and the tier; for sets also the calibration and order;
// for manifests the packs' bytes and hashes. The checks themselves are in
// shared/level-checks.ts, the report in shared/report.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import type { Outcome } from '../lib/kind.ts';
import { loadDocument, type Loaded } from './shared/documents.ts';
import { runPipelineTasks, type AnalyzeTask } from './shared/tasks.ts';
import { Interrupted, interruptible } from './shared/interrupt.ts';
import type { FileReport, ValidateReport } from '../lib/files.ts';
import { parseShard } from './shared/shards.ts';
import { manifestProblems, recomputedProblems, setProblems, staticProblems } from './shared/level-checks.ts';
import { printReport, sortProblems, summarize } from './shared/report.ts';

export interface ValidateOptions {
  paths: string[];
  threads: number;
  json?: boolean;
  shard?: string;
  /** Compare the first set with this one (the kind's compareSets). */
  compare?: string;
  /** Outcomes recomputed earlier in this process (see OutcomeCache). */
  cache?: OutcomeCache;
}

/**
 * Outcomes of analyze() already recomputed in this process, by task (kind,
 * puzzle, config, calibration). `proofpack pipeline` hands one to both of its
 * validate steps, so a level that sits in a set and in a pack is recomputed
 * once per run, not twice; nothing stored in a file is ever trusted through it.
 */
export type OutcomeCache = Map<string, Outcome<unknown, unknown>>;

const taskKey = (t: AnalyzeTask) => stringify([t.kind, t.puzzle, t.config, t.calibration]);

/** Run the tasks, each distinct one once (or not at all when the cache has it). */
async function analyzeAll(
  tasks: AnalyzeTask[],
  threads: number,
  con: Console | undefined,
  cache: OutcomeCache | undefined,
): Promise<Outcome<unknown, unknown>[]> {
  const keys = tasks.map(taskKey);
  const todo: AnalyzeTask[] = [];
  const todoKeys: string[] = [];
  const queued = new Set<string>();
  keys.forEach((k, i) => {
    if (cache?.has(k) || queued.has(k)) return;
    queued.add(k);
    todo.push(tasks[i]!);
    todoKeys.push(k);
  });
  const progress = con?.progress('validate', todo.length);
  let checked = 0;
  let computed: Outcome<unknown, unknown>[];
  try {
    computed = (await interruptible((signal) =>
      runPipelineTasks(todo, {
        threads,
        signal,
        onResult: (_i, _r, done) => {
          checked = done;
          progress?.update(done);
        },
      }),
    )) as Outcome<unknown, unknown>[];
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    progress?.stop();
    throw new Interrupted(e.signal, `interrupted: validate stopped after ${checked} of ${todo.length} levels; nothing was written`);
  }
  progress?.stop();
  const fresh = new Map(todoKeys.map((k, i) => [k, computed[i]!]));
  if (cache) for (const [k, o] of fresh) cache.set(k, o);
  return keys.map((k) => fresh.get(k) ?? cache!.get(k)!);
}

/** Files named on the command line; directories are searched for *.json, sorted. */
function expandPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && entry.name.endsWith('.json')) out.push(p);
    }
  };
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = fs.statSync(p).isDirectory();
    } catch {
      // readJson reports the missing file
    }
    if (isDir) walk(p);
    else out.push(p);
  }
  return out;
}

/**
 * Validate files. With a shard, only the levels whose running number over all
 * files is ≡ index (mod count) are checked; shard 0 also reports everything
 * that concerns whole files (unreadable files, set-level checks, manifests).
 */
export interface ValidateRun {
  threads: number;
  con?: Console;
  shard?: { index: number; count: number };
  cache?: OutcomeCache;
}

export async function validateFiles(paths: readonly string[], run: ValidateRun): Promise<ValidateReport> {
  const { threads, con, shard, cache } = run;
  const files = expandPaths(paths);
  const mineFile = !shard || shard.index === 0;
  let running = 0;
  const mineLevel = () => !shard || running++ % shard.count === shard.index;
  const loaded: (Loaded | null)[] = [];
  const reports: FileReport[] = files.map((file) => {
    try {
      const l = loadDocument(file);
      loaded.push(l);
      const kind = l.type === 'set' || l.type === 'pack' ? l.kind.name : null;
      const levels = l.type === 'set' || l.type === 'pack' ? l.doc.levels.length : 0;
      return { file, type: l.type, kind, levels, error: null, problems: [] };
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      loaded.push(null);
      return { file, type: null, kind: null, levels: 0, error: mineFile ? e.message : null, problems: [] };
    }
  });
  // One pool run for the selected levels of every file.
  const tasks: AnalyzeTask[] = [];
  const owners: { file: number; index: number }[] = [];
  loaded.forEach((l, f) => {
    if (!l || (l.type !== 'set' && l.type !== 'pack')) return;
    l.doc.levels.forEach((level, index) => {
      if (!mineLevel()) return;
      tasks.push({ op: 'analyze', kind: l.kind.name, puzzle: level.puzzle, config: l.doc.generator.config, calibration: l.doc.calibration });
      owners.push({ file: f, index });
    });
  });
  const outcomes = await analyzeAll(tasks, threads, con, cache);
  const firstIndex = loaded.map((l) => {
    const m = new Map<string, number>();
    if (l && (l.type === 'set' || l.type === 'pack')) l.doc.levels.forEach((lv, i) => m.has(lv.id) || m.set(lv.id, i));
    return m;
  });
  owners.forEach(({ file, index }, t) => {
    const l = loaded[file] as Extract<Loaded, { type: 'set' | 'pack' }>;
    const level = l.doc.levels[index]!;
    reports[file]!.problems.push(...staticProblems(l.kind, level, index, firstIndex[file]!), ...recomputedProblems(l.kind, l.doc, level, index, outcomes[t]!));
  });
  loaded.forEach((l, f) => {
    if (!l || !mineFile) return;
    const report = reports[f]!;
    if (l.type === 'set') {
      report.problems.push(...setProblems(l.kind, l.doc));
      if (l.kind.setReport) {
        const sr = l.kind.setReport(l.doc.levels, l.doc.generator.config);
        report.problems.push(...sr.problems.map((p) => ({ level: 'set', index: -1, ...p })));
        report.stats = sr.stats;
        report.statLines = sr.lines;
      }
    } else if (l.type === 'pack' && l.doc.levels.length === 0) {
      report.problems.push({ level: 'pack', index: -1, field: 'levels', stored: 0, expected: 'at least one level' });
    } else if (l.type === 'manifest') {
      report.problems.push(...manifestProblems(report.file, l.doc));
    }
  });
  for (const r of reports) r.problems = sortProblems(r.problems);
  return summarize(reports, shard);
}

/** validate --compare: the kind's comparison of the first set with another, added to the report. */
function compareInto(report: ValidateReport, otherFile: string): void {
  const first = report.files.find((f) => f.type === 'set');
  if (!first) throw new InputError('--compare: no set file among the validated paths');
  const a = loadDocument(first.file, ['set']);
  const b = loadDocument(otherFile, ['set']);
  if (a.type !== 'set' || b.type !== 'set') throw new Error('unreachable');
  if (a.kind.name !== b.kind.name) throw new InputError(`${otherFile} › kind: "${b.kind.name}", but ${first.file} is "${a.kind.name}"`);
  if (!a.kind.compareSets) throw new InputError(`--compare: ${a.kind.name} sets have no comparison`);
  const cmp = a.kind.compareSets(a.doc.levels, b.doc.levels);
  first.problems.push(...cmp.problems.map((p) => ({ level: 'set', index: -1, ...p, field: `compare ${path.basename(otherFile)} › ${p.field}` })));
  first.stats = { ...(first.stats ?? {}), compare: { with: otherFile, ...cmp.stats } };
  first.statLines = [...(first.statLines ?? []), ...cmp.lines.map((l) => `compared with ${otherFile}: ${l}`)];
  report.problems += cmp.problems.length;
  report.ok = report.problems === 0 && report.errors === 0;
}

export async function validateCommand(opts: ValidateOptions, con: Console): Promise<number> {
  if (opts.paths.length === 0) throw new InputError('validate: name at least one file or directory');
  const shard = opts.shard ? parseShard(opts.shard) : undefined;
  const started = performance.now();
  const report = await validateFiles(opts.paths, { threads: opts.threads, con, shard, cache: opts.cache });
  if (report.files.length === 0) throw new InputError(`${opts.paths.join(', ')}: no .json files found`);
  if (opts.compare) compareInto(report, opts.compare);
  return printReport(report, con, opts.json, ` (${opts.threads} threads, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

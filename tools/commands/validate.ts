// `proofpack validate`: trusts no stored value. For every level of every set or
// pack: schema, id, rule checks, then analyze() again and compare every stored
// value, the solution and the tier; for sets also the calibration and order;
// for manifests the packs' bytes and hashes. The checks themselves are in
// sets/level-checks.ts, the report in sets/report.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import type { Outcome } from '../lib/kind.ts';
import { loadDocument, parseDocument, type Loaded } from './files/documents.ts';
import { linkOnPath, parseJson, readText } from '../lib/io.ts';
import { sha256Hex } from '../lib/ids.ts';
import { derivedFiles, type PagePack, type PageSet } from './sets/bundle-pages.ts';
import { isInside, ReadBudget } from '../lib/safe-read.ts';
import { budgetProblems, parseBudgetOptions, runCeilings, type BudgetLimits, type RunCeilingOf } from './run/budgets.ts';
import {
  ceilingsOf,
  pipelineStartOrder,
  runPipelineTasks,
  taskCost,
  withCosts,
  type AnalyzeTask,
  type CountedOutcome,
  type TaskCeilings,
} from './run/tasks.ts';
import { Interrupted, interruptible } from './run/interrupt.ts';
import type { FileReport, Manifest, ReportedProblem, ValidateReport } from '../lib/files.ts';
import { parseShard } from './run/shards.ts';
import { cutFromProblems, isPlainPackFile, manifestProblems } from './sets/level-checks.ts';
import { runKindStep, runKindSteps } from './run/run-step.ts';
import type { StepOutput } from './run/kind-steps.ts';
import { printReport, sortProblems, summarize } from './sets/report.ts';
import { at } from '../lib/at.ts';

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
}

/**
 * Outcomes of analyze() already recomputed in this process, by task (kind,
 * puzzle, config, calibration). `proofpack pipeline` hands one to both of its
 * validate steps, so a level that sits in a set and in a pack is recomputed
 * once per run, not twice; nothing stored in a file is ever trusted through it.
 */
export type OutcomeCache = Map<string, Outcome<unknown, unknown>>;

const taskKey = (t: AnalyzeTask) => stringify([t.kind, t.puzzle, t.config, t.calibration]);

/**
 * Run the tasks, each distinct one once (or not at all when the cache has it).
 * Each recomputed level's work (its kind's analyzeWork count) is added up per
 * kind in the order the levels start (longest first by the kind's estimate,
 * ties in level order: pipelineStartOrder), whatever order the threads finish
 * in: the first level at which a kind's sum passes its run ceiling stops the
 * run (the same level for any --threads), naming it and the flag that raises
 * the ceiling. Summing in start order, not file order, means the stop comes
 * once about the ceiling's worth of work is done, not after every level a
 * file lists before the one named.
 */
async function analyzeAll(
  tasks: AnalyzeTask[],
  pool: Pick<ValidateRun, 'threads' | 'ceilings'>,
  con: Console | undefined,
  cache: OutcomeCache | undefined,
  ceilings: ReadonlyMap<string, RunCeilingOf>,
  label: (task: number) => string,
  setWork: ReadonlyMap<string, number> = new Map(),
): Promise<Outcome<unknown, unknown>[]> {
  const keys = tasks.map(taskKey);
  const todo: AnalyzeTask[] = [];
  const todoKeys: string[] = [];
  const todoTask: number[] = [];
  const queued = new Set<string>();
  keys.forEach((k, i) => {
    if (cache?.has(k) || queued.has(k)) return;
    queued.add(k);
    todo.push({ ...at(tasks, i), counted: true });
    todoKeys.push(k);
    todoTask.push(i);
  });
  // the kinds' estimates (analyzeCost), computed on the pool like the analyses: the start order, the ETA, the ceiling's suggestion
  try {
    const costed = await interruptible((signal) =>
      withCosts(todo, {
        ...(pool.ceilings ? { ceilings: pool.ceilings } : {}),
        signal,
        label: (kind) => `validate: the ${kind} kind's analyzeCost of ${todo.length} levels`,
      }),
    );
    todo.splice(0, todo.length, ...costed);
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    throw new Interrupted(e.signal, `interrupted: validate stopped before any level was checked; nothing was written`);
  }
  // the run ceiling, decided in start order: works[i] once level i is done, order[next] the first level not yet added
  const order = pipelineStartOrder(todo);
  const works: (number | undefined)[] = [];
  const spent = new Map<string, number>(setWork);
  let next = 0;
  /** The line naming the level where the run's work passed its ceiling, once it has. */
  let stopped: string | undefined;
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  for (const t of todo) t.stop = stopFlag;
  const addInOrder = () => {
    while (next < order.length && works[at(order, next)] !== undefined) {
      const i = at(order, next);
      const kind = at(todo, i).kind;
      const total = (spent.get(kind) ?? 0) + (works[i] ?? 0);
      spent.set(kind, total);
      const ceiling = ceilings.get(kind);
      if (ceiling && total > ceiling.ceiling) {
        // the tasks not yet started return at once; aborting the pool would cut running tasks mid-message
        Atomics.store(stopFlag, 0, 1);
        stopped = ceilingLine(label(at(todoTask, i)), total, ceiling, wholeRunGuess(kind, total));
        return;
      }
      next++;
    }
  };
  /**
   * What to raise the ceiling to for the whole run, rounded up to two
   * significant digits: the work so far plus, for the kind's levels not yet
   * added, their estimate (the kind's analyzeCost) times the largest ratio of
   * work to estimate among the levels added — or, for a kind without an
   * estimate, the most one added level took, for each. Only a suggestion in
   * the message (a level not yet run may take more); the work so far alone,
   * suggested before, stopped the rerun one level later.
   */
  const wholeRunGuess = (kind: string, total: number): number => {
    let most = 0;
    let ratio = 0;
    let left = 0;
    let leftCost = 0;
    order.forEach((j, k) => {
      const task = at(todo, j);
      if (task.kind !== kind) return;
      const cost = taskCost(task);
      if (k <= next) {
        const work = works[j] ?? 0;
        most = Math.max(most, work);
        if (cost > 0) ratio = Math.max(ratio, work / cost);
      } else {
        left++;
        leftCost += cost;
      }
    });
    return roundUp2(total + (ratio > 0 ? Math.ceil(ratio * leftCost) : most * left));
  };
  // the ETA weighs each level by its kind's estimate (the costliest start first: a count of levels would promise hours for minutes);
  // a level of a kind without one weighs the least, 1
  const weights = todo.map((t) => Math.max(1, taskCost(t)));
  const progress = con?.progress(
    'validate',
    todo.length,
    'levels',
    weights.reduce((a, w) => a + w, 0),
  );
  let workDone = 0;
  let checked = 0;
  let computed: Outcome<unknown, unknown>[];
  try {
    computed = (await interruptible((signal) =>
      runPipelineTasks(todo, {
        threads: pool.threads,
        signal,
        ceilings: pool.ceilings,
        // a level may take seconds (within its budget): on the pool, the main thread answers Ctrl-C at once
        inlineMs: 0,
        label: (i) => label(at(todoTask, i)),
        onResult: (i, r, done) => {
          works[i] = (r as CountedOutcome).work ?? 0;
          if (stopped === undefined) addInOrder();
          checked = done;
          workDone += at(weights, i);
          progress?.update(done, workDone);
        },
      }),
    )) as Outcome<unknown, unknown>[];
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    progress?.stop();
    throw new Interrupted(e.signal, `interrupted: validate stopped after ${checked} of ${todo.length} levels; nothing was written`);
  }
  progress?.stop();
  // every result is in: the last levels may pass the ceiling too
  if (stopped !== undefined) throw new InputError(stopped);
  const fresh = new Map(
    todoKeys.map((k, i) => {
      const { work: _work, ...outcome } = at(computed, i) as CountedOutcome;
      return [k, outcome as Outcome<unknown, unknown>];
    }),
  );
  if (cache) for (const [k, o] of fresh) cache.set(k, o);
  return keys.map((k) => {
    const outcome = fresh.get(k) ?? cache?.get(k);
    if (outcome === undefined) throw new Error(`validate: no outcome for task ${k}`);
    return outcome;
  });
}

/** The line naming where a run's work passed its ceiling, and the ceiling it suggests (at least the work so far). */
function ceilingLine(where: string, total: number, ceiling: RunCeilingOf, suggest = total): string {
  const guess = suggest > total ? ' (the work so far and a guess at the levels not yet checked, from the ones checked)' : ' (or more)';
  return `${where}: the run's work passed its ceiling here (${total.toLocaleString('en-US')} ${ceiling.unit} so far, over ${ceiling.ceiling.toLocaleString('en-US')}); stopped, nothing checked past it is reported: run with --budget ${ceiling.field}=${suggest}${guess} if you trust these files`;
}

/** n rounded up to two significant digits (n ≥ 0). */
export function roundUp2(n: number): number {
  if (n < 100) return Math.ceil(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / unit) * unit;
}

/**
 * The work the set reports will spend beyond their levels (the kind's setReportWork, each key
 * once), per kind, summed in file order before any level is analysed; a file at which it passes
 * the run's ceiling stops the run there, naming the file.
 */
async function setReportWork(
  files: readonly { file: string; l: Loaded }[],
  ceilings: ReadonlyMap<string, RunCeilingOf>,
  run: { threads: number; ceilings?: TaskCeilings },
): Promise<Map<string, number>> {
  const spent = new Map<string, number>();
  const counted = new Set<string>();
  const sets = files.flatMap(({ file, l }) => (l.type === 'set' && l.kind.setReport && l.kind.setReportWork ? [{ file, l }] : []));
  // the kind's count, on the pool (its code, under the ceilings), one step a set in one pool
  const works = await interruptible((signal) =>
    runKindSteps(
      sets.map(({ file, l }) => ({
        step: 'reportWork' as const,
        kind: l.kind.name,
        input: { config: l.doc.generator.config },
        label: `${file} › generator.config (the ${l.kind.name} kind's setReportWork)`,
      })),
      { signal, threads: run.threads, ...(run.ceilings ? { ceilings: run.ceilings } : {}) },
    ),
  );
  for (const [i, { file, l }] of sets.entries()) {
    const counts = at(works, i);
    if (!counts) continue;
    const { key, work } = counts;
    if (counted.has(`${l.kind.name}/${key}`)) continue;
    counted.add(`${l.kind.name}/${key}`);
    const total = (spent.get(l.kind.name) ?? 0) + work;
    spent.set(l.kind.name, total);
    const ceiling = ceilings.get(l.kind.name);
    if (ceiling && total > ceiling.ceiling) throw new InputError(ceilingLine(`${file} › set report`, total, ceiling));
  }
  return spent;
}

/** A file to check: named on the command line, or found under a folder (then it must resolve inside it). */
interface Target {
  file: string;
  /** The folder given on the command line that this file was found under. */
  within?: string;
  /** Found by walking a folder (a JSON file that is not a proofpack document is then skipped, with a note). */
  walked: boolean;
  /** Refused before reading (a link out of the folder): the error to report. */
  refused?: string;
}

/**
 * Files named on the command line; directories are searched for *.json,
 * sorted. Symbolic links are followed only when they resolve inside the folder
 * given on the command line (else the entry is reported, never skipped);
 * hidden entries and node_modules are skipped with a note.
 */
function expandPaths(paths: readonly string[], note: (line: string) => void): Target[] {
  const out: Target[] = [];
  const walk = (dir: string, root: string, rootReal: string, seen: Set<string>) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch (e) {
      out.push({ file: dir, walked: false, refused: `${dir}: cannot read the folder (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
      return;
    }
    for (const entry of entries) {
      const p = path.join(dir, entry.name);
      if (entry.name.startsWith('.') || entry.name === 'node_modules') {
        if (entry.isDirectory() || entry.name.endsWith('.json'))
          note(`note: ${p}: skipped (validate does not search hidden entries or node_modules; name the file to check it)`);
        continue;
      }
      let isDir = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        let real: string;
        let st: fs.Stats;
        try {
          real = fs.realpathSync(p);
          st = fs.statSync(real);
        } catch {
          if (entry.name.endsWith('.json')) out.push({ file: p, walked: true, refused: `${p}: a symbolic link that leads nowhere; refused` });
          continue;
        }
        if (!st.isDirectory() && !entry.name.endsWith('.json')) continue;
        if (!isInside(real, rootReal)) {
          out.push({
            file: p,
            walked: true,
            refused: `${p}: a symbolic link to ${real}, outside the folder being checked (${root}); refused, not checked (bundle refuses it too: copy the file in instead)`,
          });
          continue;
        }
        isDir = st.isDirectory();
        if (isDir && seen.has(real)) continue;
      }
      if (isDir) {
        const real = fs.realpathSync(p);
        if (seen.has(real)) continue;
        seen.add(real);
        walk(p, root, rootReal, seen);
      } else if (entry.name.endsWith('.json')) out.push({ file: p, within: root, walked: true });
    }
  };
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = fs.statSync(p).isDirectory();
    } catch {
      // the read reports the missing file
    }
    if (isDir) {
      const rootReal = fs.realpathSync(p);
      // a folder named on the command line that is a link out of the current directory is not walked (levels -> /usr)
      const link = linkOnPath(p);
      if (link && !isInside(rootReal, fs.realpathSync('.'))) {
        out.push({
          file: p,
          walked: false,
          refused: `${p}: ${link.link} is a symbolic link to ${rootReal}, outside the current directory; refused, not searched (name the real folder instead)`,
        });
        continue;
      }
      walk(p, p, rootReal, new Set([rootReal]));
    } else out.push({ file: p, walked: false });
  }
  return out;
}

const DOCUMENT_TYPES: readonly string[] = ['set', 'pack', 'manifest', 'packs-config', 'validate-report', 'conformance', 'checkpoint'];

/**
 * Whether a JSON value found by walking a folder is meant as a proofpack
 * document: an object whose `type` is one of ours, or that has a
 * `formatVersion`. Others (package.json, tsconfig.json) are skipped with a note.
 */
function looksLikeDocument(raw: unknown): boolean {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const r = raw as Record<string, unknown>;
  return DOCUMENT_TYPES.includes(r['type'] as string) || Object.hasOwn(r, 'formatVersion');
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
  /** Budget ceilings given on the command line (--budget field=value). */
  budgets?: BudgetLimits;
  /** The runner's ceilings on each level's analysis (--task-seconds, --max-memory-mib; default: the defaults). */
  ceilings?: TaskCeilings;
}

export async function validateFiles(paths: readonly string[], run: ValidateRun): Promise<ValidateReport> {
  const { con, shard, cache } = run;
  const note = (line: string) => con?.warn(line);
  const targets = expandPaths(paths, note);
  const mineFile = !shard || shard.index === 0;
  let running = 0;
  const mineLevel = () => !shard || running++ % shard.count === shard.index;
  const budget = new ReadBudget();
  const overBudget: string[] = [];
  const loaded: (Loaded | null)[] = [];
  /** The SHA-256 of each loaded file's text (a manifest names its packs' sets by it). */
  const shas: (string | null)[] = [];
  const reports: FileReport[] = [];
  const seen = new Set<string>();
  const realOf = (file: string) => {
    try {
      return fs.realpathSync(file);
    } catch {
      return path.resolve(file);
    }
  };
  const add = (t: Target) => {
    const key = realOf(t.file);
    if (seen.has(key)) return;
    seen.add(key);
    try {
      if (t.refused) throw new InputError(t.refused);
      const text = readText(t.file, { ...(t.within !== undefined ? { within: t.within } : {}), budget });
      const raw = parseJson(t.file, text);
      if (t.walked && !looksLikeDocument(raw)) {
        note(`note: ${t.file}: skipped, not a proofpack document (no proofpack "type" and no "formatVersion"); name it on the command line to have it checked`);
        return;
      }
      const l = parseDocument(t.file, raw);
      try {
        budgetProblems(t.file, l, run.budgets);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        overBudget.push(e.message);
      }
      loaded.push(l);
      shas.push(sha256Hex(text));
      const kind = l.type === 'set' || l.type === 'pack' ? l.kind.name : null;
      const levels = l.type === 'set' || l.type === 'pack' ? l.doc.levels.length : 0;
      reports.push({ file: t.file, type: l.type, kind, levels, error: null, problems: [] });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      loaded.push(null);
      shas.push(null);
      reports.push({ file: t.file, type: null, kind: null, levels: 0, error: mineFile ? e.message : null, problems: [] });
    }
  };
  for (const t of targets) add(t);
  // a manifest's packs are checked too, even when only the manifest was named (never "ok" for a pack not checked)
  for (let f = 0; f < loaded.length; f++) {
    const l = loaded[f];
    if (l?.type !== 'manifest') continue;
    const dir = path.dirname(at(reports, f).file);
    for (const entry of l.doc.packs) if (isPlainPackFile(entry.file)) add({ file: path.join(dir, entry.file), within: dir, walked: false });
  }
  // a stored config over a budget stops the run before any analysis
  if (overBudget.length > 0) throw new InputError(at(overBudget, 0), overBudget);
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
  const label = (t: number) => {
    const { file, index } = at(owners, t);
    const l = loaded[file] as Extract<Loaded, { type: 'set' | 'pack' }>;
    return `${at(reports, file).file} › levels[${index}] (${at(l.doc.levels, index).id})`;
  };
  const ceilings = runCeilings(run.budgets);
  const reported = mineFile ? loaded.flatMap((l, f) => (l ? [{ file: at(reports, f).file, l }] : [])) : [];
  const outcomes = await analyzeAll(tasks, run, con, cache, ceilings, label, await setReportWork(reported, ceilings, run));
  // the kind's checks of each set or pack file (its levels', then the whole set's and its report), one step a file on the pool
  const checkedFiles = loaded.flatMap((l, f) => {
    if (!l || (l.type !== 'set' && l.type !== 'pack')) return [];
    const levels = owners.flatMap((o, t) => (o.file === f ? [{ index: o.index, outcome: at(outcomes, t) }] : []));
    if (levels.length === 0 && !(mineFile && l.type === 'set')) return [];
    return [
      {
        f,
        call: {
          step: 'checks' as const,
          kind: l.kind.name,
          input: { doc: l.doc, levels, whole: mineFile, report: true },
          label: `validate ${at(reports, f).file}: the ${l.kind.name} kind's checks (canonical, ruleProblems, solutionProblems, tierOf, calibrate, difficulty, setReport)`,
        },
      },
    ];
  });
  let checked: StepOutput<'checks'>[];
  try {
    checked = await interruptible((signal) =>
      runKindSteps(
        checkedFiles.map((c) => c.call),
        { signal, threads: run.threads, ...(run.ceilings ? { ceilings: run.ceilings } : {}) },
      ),
    );
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    throw new Interrupted(e.signal, `interrupted: validate stopped while checking the files; nothing was written`);
  }
  const checksOf = new Map(checkedFiles.map((c, k) => [c.f, at(checked, k)]));
  for (const [f, l] of loaded.entries()) {
    const c = checksOf.get(f);
    if (!l || !c) continue;
    for (const problems of c.levels) at(reports, f).problems.push(...problems);
  }
  for (const [f, l] of loaded.entries()) {
    if (!l || !mineFile) continue;
    const report = at(reports, f);
    const c = checksOf.get(f);
    if (l.type === 'set') {
      report.problems.push(...(c?.set ?? []));
      const sr = c?.report;
      if (sr) {
        report.problems.push(...sr.problems.map((p) => ({ level: 'set', index: -1, ...p })));
        report.stats = sr.stats;
        report.statLines = sr.lines;
      }
    } else if (l.type === 'pack' && l.doc.levels.length === 0) {
      report.problems.push({ level: 'pack', index: -1, field: 'levels', stored: 0, expected: 'at least one level' });
    } else if (l.type === 'validate-report') {
      // a report is checked for what it says: a failed validation is never passed on as "ok"
      const d = l.doc;
      const counted = d.problems === 0 && d.errors === 0;
      if (d.ok !== counted) report.problems.push({ level: 'report', index: -1, field: 'ok', stored: d.ok, expected: counted });
      else if (!d.ok)
        report.problems.push({
          level: 'report',
          index: -1,
          field: 'ok',
          stored: false,
          expected: `true (the report records ${d.problems} problems and ${d.errors} unreadable files)`,
        });
    } else if (l.type === 'manifest') {
      report.problems.push(...manifestProblems(report.file, l.doc, budget));
      report.problems.push(...(await derivedProblems(report.file, l.doc, budget)));
    }
  }
  for (const r of reports) r.problems = sortProblems(r.problems);
  return summarize(reports, shard);

  /**
   * The files bundle derives (pages, conformance vectors) recomputed from the
   * manifest's packs and sets with bundle's own builders, each compared byte
   * for byte with the file beside the manifest. The play-test page needs the
   * sets: found among the files validated by the SHA-256 the manifest gives
   * (validate levels and dist together); without them it is noted, not checked.
   */
  async function derivedProblems(file: string, m: Manifest, readBudget: ReadBudget): Promise<ReportedProblem[]> {
    const dir = path.dirname(file);
    const find = (test: (l: Loaded, f: number) => boolean) => loaded.findIndex((l, f) => l !== null && test(l, f));
    const packs: PagePack[] = [];
    for (const entry of m.packs) {
      if (!isPlainPackFile(entry.file)) return [];
      const real = realOf(path.join(dir, entry.file));
      const f = find((l, i) => l.type === 'pack' && realOf(at(reports, i).file) === real);
      const l = loaded[f];
      if (l?.type !== 'pack') return []; // the manifest's own checks name the pack
      packs.push({ name: entry.name, kind: l.kind, pack: l.doc });
      // the pack against the set it says it was cut from, when that set is among the files validated
      const s = loaded[find((x, i) => x.type === 'set' && shas[i] === l.doc.source.sha256)];
      if (s?.type === 'set' && mineFile) at(reports, f).problems.push(...cutFromProblems(l.doc, s.doc));
    }
    const sets: PageSet[] = [];
    let missing: string | undefined;
    for (const entry of m.packs) {
      if (sets.some((s) => s.file === entry.source.set)) continue;
      const l = loaded[find((x, i) => x.type === 'set' && shas[i] === entry.source.sha256)];
      if (l?.type !== 'set') {
        missing ??= entry.source.set;
        continue;
      }
      sets.push({ file: entry.source.set, kind: l.kind, doc: l.doc });
    }
    if (missing !== undefined)
      note(
        `note: ${path.join(dir, 'preview', 'play.html')}: not checked (its set ${missing} is not among the files validated; validate the levels folder and the dist folder together to check it)`,
      );
    const problems: ReportedProblem[] = [];
    // the kinds' preview data and vectors on the pool, under the run's ceilings
    const derived = await interruptible((signal) =>
      derivedFiles(packs, missing === undefined ? sets : undefined, {
        signal,
        threads: run.threads,
        ...(run.ceilings ? { ceilings: run.ceilings } : {}),
        label: `validate ${file}`,
      }),
    );
    for (const [rel, text] of derived.files) {
      let found: string;
      try {
        found = readText(path.join(dir, ...rel.split('/')), { within: dir, budget: readBudget });
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        problems.push({ level: rel, index: -1, field: 'file', stored: e.message, expected: 'the file bundle writes' });
        continue;
      }
      if (found !== text)
        problems.push({ level: rel, index: -1, field: 'sha256', stored: sha256Hex(found), expected: `${sha256Hex(text)} (what bundle writes; rerun bundle)` });
    }
    return problems;
  }
}

/**
 * validate --compare: the kind's comparison of the first set with another, added to the report.
 * A set of another kind, or a set without levels on either side, is refused: a comparison with
 * no boards finds no difference (p = 1), which would read as "the same distribution".
 */
async function compareInto(report: ValidateReport, otherFile: string, ceilings: TaskCeilings): Promise<void> {
  const first = report.files.find((f) => f.type === 'set');
  if (!first) throw new InputError('--compare: no set file among the validated paths');
  const a = loadDocument(first.file, ['set']);
  const b = loadDocument(otherFile, ['set']);
  if (a.type !== 'set' || b.type !== 'set') throw new Error('unreachable');
  if (a.kind.name !== b.kind.name)
    throw new InputError(`${otherFile} › kind: "${b.kind.name}", but ${first.file} is "${a.kind.name}"; --compare needs a set of the same kind`);
  if (!a.kind.compareSets) throw new InputError(`--compare: ${a.kind.name} sets have no comparison`);
  for (const [file, doc] of [
    [otherFile, b.doc],
    [first.file, a.doc],
  ] as const)
    if (doc.levels.length === 0)
      throw new InputError(
        `${file} › levels: none; --compare needs levels on both sides (with none it finds no difference): compare with a set that has levels`,
      );
  // the kind's comparison, on the pool under the ceilings
  const cmp = await runKindStep(
    'compare',
    a.kind.name,
    { a: a.doc.levels, b: b.doc.levels },
    { ceilings, label: `validate --compare ${otherFile}: the ${a.kind.name} kind's compareSets` },
  );
  first.problems.push(...cmp.problems.map((p) => ({ level: 'set', index: -1, ...p, field: `compare ${path.basename(otherFile)} › ${p.field}` })));
  first.stats = { ...(first.stats ?? {}), compare: { with: otherFile, ...cmp.stats } };
  first.statLines = [...(first.statLines ?? []), ...cmp.lines.map((l) => `compared with ${otherFile}: ${l}`)];
  report.problems += cmp.problems.length;
  report.ok = report.problems === 0 && report.errors === 0;
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
  });
  if (report.files.length === 0) throw new InputError(`${opts.paths.join(', ')}: no .json files found`);
  if (opts.compare) await compareInto(report, opts.compare, ceilingsOf(opts));
  return printReport(report, con, opts.json, ` (${opts.threads} threads, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

// `proofpack validate`: trusts no stored value. For every level of every set or
// pack: schema, id, rule checks, then analyze() again and compare every stored
// value, the solution and the tier; for sets also the calibration and order;
// for manifests the packs' bytes and hashes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError, show, where } from '../lib/errors.ts';
import { sha256Hex, levelId } from '../lib/ids.ts';
import type { Level, Outcome, Problem, PuzzleKind } from '../lib/kind.ts';
import { loadDocument, type Loaded } from '../lib/documents.ts';
import { compareFields } from '../lib/compare.ts';
import { runTasks } from '../lib/pool.ts';
import type { AnalyzeTask } from '../lib/tasks.ts';
import type { Manifest, PackFile, SetFile } from '../lib/files.ts';
import { orderLevels } from './curate.ts';

export interface ValidateOptions {
  paths: string[];
  threads: number;
  json?: boolean;
}

export interface FileReport {
  file: string;
  type: string | null;
  kind: string | null;
  levels: number;
  /** Unreadable or schema-invalid: the file could not be checked further. */
  error: string | null;
  problems: (Problem & { level: string })[];
  /** The kind's whole-set statistics, where it has any. */
  stats?: Record<string, unknown>;
  statLines?: string[];
}

export interface ValidateReport {
  ok: boolean;
  files: FileReport[];
  levels: number;
  problems: number;
  errors: number;
}

/** Files named on the command line; directories are searched for *.json, sorted. */
export function expandPaths(paths: readonly string[]): string[] {
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

type LevelDoc = SetFile | PackFile;

/** Problems found without solving: ids, duplicates, rule checks. */
function staticProblems(kind: PuzzleKind, doc: LevelDoc): (Problem & { level: string })[] {
  const problems: (Problem & { level: string })[] = [];
  const seen = new Set<string>();
  for (const level of doc.levels) {
    const id = levelId(kind.name, kind.canonical(level.puzzle));
    if (id !== level.id) problems.push({ level: level.id, field: 'id', stored: level.id, expected: id });
    if (seen.has(level.id)) problems.push({ level: level.id, field: 'id', stored: level.id, expected: 'unique within the file' });
    seen.add(level.id);
    for (const p of kind.ruleProblems(level.puzzle, level.solution, level.analysis)) problems.push({ level: level.id, ...p });
  }
  return problems;
}

/** Problems found by recomputing: analysis, solution, tier. */
function recomputedProblems(kind: PuzzleKind, doc: LevelDoc, outcomes: Outcome<unknown, unknown>[]): (Problem & { level: string })[] {
  const problems: (Problem & { level: string })[] = [];
  const config = doc.generator.config;
  doc.levels.forEach((level, i) => {
    const outcome = outcomes[i]!;
    if (outcome.status !== 'proven') {
      problems.push({ level: level.id, field: 'analysis', stored: 'a proven level', expected: `${outcome.status}: ${outcome.reason}` });
      return;
    }
    for (const p of compareFields('analysis', level.analysis, outcome.analysis, kind.tolerances)) problems.push({ level: level.id, ...p });
    for (const p of kind.solutionProblems(level.puzzle, level.solution, outcome)) problems.push({ level: level.id, ...p });
    const tier = kind.tierOf(outcome.analysis, doc.calibration, config);
    if (tier !== level.tier) problems.push({ level: level.id, field: 'tier', stored: level.tier, expected: tier ?? 'no tier (fits none)' });
  });
  return problems;
}

/** Set-level checks: calibration and order of a curated set, initial calibration of candidates. */
function setProblems(kind: PuzzleKind, doc: SetFile, outcomes: Outcome<unknown, unknown>[]): (Problem & { level: string })[] {
  const problems: (Problem & { level: string })[] = [];
  const config = doc.generator.config;
  if (doc.stage === 'candidates') {
    for (const p of compareFields('calibration', doc.calibration, kind.initialCalibration(config))) problems.push({ level: 'set', ...p });
    return problems;
  }
  // Recalibrate from the recomputed analyses, tiered as curate would tier them.
  const recomputed: Level[] = [];
  doc.levels.forEach((level, i) => {
    const o = outcomes[i]!;
    if (o.status !== 'proven') return;
    const tier = kind.tierOf(o.analysis, doc.calibration, config);
    if (tier !== null) recomputed.push({ ...level, analysis: o.analysis, tier });
  });
  const calibration = kind.calibrate(recomputed, config);
  for (const p of compareFields('calibration', doc.calibration, calibration)) problems.push({ level: 'set', ...p });
  const ordered = orderLevels(kind, doc.levels).map((l) => l.id);
  const firstOut = doc.levels.findIndex((l, i) => l.id !== ordered[i]);
  if (firstOut >= 0) problems.push({ level: 'set', field: `levels[${firstOut}]`, stored: doc.levels[firstOut]!.id, expected: `${ordered[firstOut]} (easiest first)` });
  return problems;
}

function manifestProblems(file: string, m: Manifest): (Problem & { level: string })[] {
  const problems: (Problem & { level: string })[] = [];
  const dir = path.dirname(file);
  m.packs.forEach((entry, i) => {
    const packFile = path.join(dir, entry.file);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(packFile);
    } catch {
      problems.push({ level: entry.name, field: `packs[${i}].file`, stored: entry.file, expected: 'an existing pack file' });
      return;
    }
    if (bytes.length !== entry.bytes) problems.push({ level: entry.name, field: `packs[${i}].bytes`, stored: entry.bytes, expected: bytes.length });
    const sha = sha256Hex(bytes);
    if (sha !== entry.sha256) problems.push({ level: entry.name, field: `packs[${i}].sha256`, stored: entry.sha256, expected: sha });
    try {
      const pack = JSON.parse(bytes.toString('utf8')) as { levels?: unknown[] };
      const n = Array.isArray(pack.levels) ? pack.levels.length : 0;
      if (n !== entry.levels) problems.push({ level: entry.name, field: `packs[${i}].levels`, stored: entry.levels, expected: n });
    } catch {
      problems.push({ level: entry.name, field: `packs[${i}].file`, stored: entry.file, expected: 'a JSON pack' });
    }
  });
  return problems;
}

export async function validateFiles(paths: readonly string[], threads: number, con?: Console): Promise<ValidateReport> {
  const files = expandPaths(paths);
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
      return { file, type: null, kind: null, levels: 0, error: e.message, problems: [] };
    }
  });
  // One pool run for every level of every file.
  const tasks: AnalyzeTask[] = [];
  const firstTask: number[] = [];
  for (const l of loaded) {
    firstTask.push(tasks.length);
    if (l && (l.type === 'set' || l.type === 'pack')) {
      for (const level of l.doc.levels) {
        tasks.push({ op: 'analyze', kind: l.kind.name, puzzle: level.puzzle, config: l.doc.generator.config, calibration: l.doc.calibration });
      }
    }
  }
  const progress = con?.progress('validate', tasks.length);
  const outcomes = (await runTasks(tasks, threads, (d) => progress?.update(d))) as Outcome<unknown, unknown>[];
  progress?.stop();
  loaded.forEach((l, f) => {
    if (!l) return;
    const report = reports[f]!;
    if (l.type === 'set' || l.type === 'pack') {
      const mine = outcomes.slice(firstTask[f], firstTask[f]! + l.doc.levels.length);
      report.problems.push(...staticProblems(l.kind, l.doc), ...recomputedProblems(l.kind, l.doc, mine));
      if (l.type === 'set') report.problems.push(...setProblems(l.kind, l.doc, mine));
      if (l.type === 'set' && l.kind.setReport) {
        const sr = l.kind.setReport(l.doc.levels, l.doc.generator.config);
        report.problems.push(...sr.problems.map((p) => ({ level: 'set', ...p })));
        report.stats = sr.stats;
        report.statLines = sr.lines;
      }
    } else if (l.type === 'manifest') {
      report.problems.push(...manifestProblems(report.file, l.doc));
    }
  });
  const problems = reports.reduce((a, r) => a + r.problems.length, 0);
  const errors = reports.filter((r) => r.error).length;
  return { ok: problems === 0 && errors === 0, files: reports, levels: reports.reduce((a, r) => a + r.levels, 0), problems, errors };
}

export function problemLine(file: string, p: Problem & { level: string }): string {
  return `${where(file, p.level, p.field)}: stored ${show(p.stored)}, recomputed ${show(p.expected)}`;
}

export async function validateCommand(opts: ValidateOptions, con: Console): Promise<number> {
  if (opts.paths.length === 0) throw new InputError('validate: name at least one file or directory');
  const started = performance.now();
  const report = await validateFiles(opts.paths, opts.threads, con);
  if (report.files.length === 0) throw new InputError(`${opts.paths.join(', ')}: no .json files found`);
  if (opts.json) {
    con.out(stringify(report));
  } else {
    for (const r of report.files) {
      if (r.error) con.err(r.error);
      for (const line of r.statLines ?? []) con.out(`${r.file}: ${line}`);
      for (const p of r.problems) con.out(problemLine(r.file, p));
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    con.out(
      `${report.ok ? 'ok' : 'FAILED'}: ${report.files.length} files, ${report.levels} levels, ${report.problems} problems, ${report.errors} unreadable (${opts.threads} threads, ${seconds} s)`,
    );
  }
  return report.errors > 0 ? 2 : report.problems > 0 ? 1 : 0;
}

// validate's report: problems in file order, the summary (also what merge
// builds from shard reports), and the printed form with its exit code.
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../../lib/console.ts';
import { EXIT_INPUT, EXIT_OK, EXIT_PROBLEMS, oneLine, show, where } from '../../lib/errors.ts';
import { FORMAT_VERSION, type FileReport, type ReportedProblem, type ValidateReport } from '../../lib/files.ts';

/** Problems in file order: levels by index, then the whole-file problems. Stable. */
export function sortProblems(problems: ReportedProblem[]): ReportedProblem[] {
  const key = (p: ReportedProblem) => (p.index < 0 ? Infinity : p.index);
  return problems
    .map((p, i) => [p, i] as const)
    .sort((a, b) => key(a[0]) - key(b[0]) || a[1] - b[1])
    .map(([p]) => p);
}

export function summarize(files: FileReport[], shard?: { index: number; count: number }): ValidateReport {
  const problems = files.reduce((a, r) => a + r.problems.length, 0);
  const errors = files.filter((r) => r.error).length;
  return {
    type: 'validate-report',
    formatVersion: FORMAT_VERSION,
    ...(shard ? { shard } : {}),
    ok: problems === 0 && errors === 0,
    files,
    levels: files.reduce((a, r) => a + r.levels, 0),
    problems,
    errors,
  };
}

/** `1 problem`, `2 problems`. */
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function problemLine(file: string, p: ReportedProblem): string {
  return `${where(file, p.level, p.field)}: stored ${show(p.stored)}, recomputed ${show(p.expected)}`;
}

/**
 * Print a report (for people, or `json`); the exit code it stands for. Every
 * unreadable file, problem line and a failure's summary are printed whatever
 * the flags (con.err, con.problem); the statistics and an ok summary are results.
 */
export function printReport(report: ValidateReport, con: Console, json: boolean | undefined, tail: string): number {
  if (json) con.out(stringify(report));
  for (const r of report.files) {
    if (r.error) con.err(oneLine(r.error));
    if (!json) for (const line of r.statLines ?? []) con.out(`${r.file}: ${line}`);
    for (const p of r.problems) con.problem(problemLine(r.file, p));
  }
  const shard = report.shard ? ` (shard ${report.shard.index}/${report.shard.count})` : '';
  const summary = `${report.ok ? 'ok' : 'FAILED'}${shard}: ${count(report.files.length, 'file')}, ${count(report.levels, 'level')}, ${count(report.problems, 'problem')}, ${report.errors} unreadable${tail}`;
  if (!report.ok) con.problem(summary);
  else if (!json) con.out(summary);
  return report.errors > 0 ? EXIT_INPUT : report.problems > 0 ? EXIT_PROBLEMS : EXIT_OK;
}

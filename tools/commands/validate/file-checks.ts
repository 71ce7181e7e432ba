// validate's checks of each file once its levels are analysed: the kind's
// checks of every set or pack (its levels', then the whole set's and its
// report: one step a file on the pool), and what concerns a whole file (a set's
// report, an empty pack, a validate report's verdict, a manifest and its dist).
import { at } from '../../lib/at.ts';
import type { Outcome } from '../../lib/kind.ts';
import { Interrupted, interruptible } from '../run/interrupt.ts';
import type { PlayersCheck, StepOutput } from '../run/kind-steps.ts';
import { runKindSteps } from '../run/run-step.ts';
import { manifestProblems } from '../sets/level-checks.ts';
import { derivedProblems, type DistRun } from './dist.ts';
import type { LoadedFiles } from './load.ts';

/** A level analysed: the file it is in (index into LoadedFiles) and its index there. */
export interface LevelOwner {
  file: number;
  index: number;
}

/** The kind's checks of each file, by file index (level problems already added to the reports). */
export type FileChecks = Map<number, StepOutput<'checks'>>;

/**
 * The kind's checks of each set or pack file with levels analysed here (or a
 * set, on the shard that reports whole files), on the pool; each level's
 * problems go into its file's report.
 */
export async function kindChecks(
  files: LoadedFiles,
  owners: readonly LevelOwner[],
  outcomes: readonly Outcome<unknown, unknown>[],
  mineFile: boolean,
  run: Pick<DistRun, 'threads' | 'ceilings'>,
  players: ReadonlyMap<number, PlayersCheck> = new Map(),
): Promise<FileChecks> {
  const { loaded, reports } = files;
  const checkedFiles = loaded.flatMap((l, f) => {
    if (!l || (l.type !== 'set' && l.type !== 'pack')) return [];
    const levels = owners.flatMap((o, t) => (o.file === f ? [{ index: o.index, outcome: at(outcomes, t) }] : []));
    if (levels.length === 0 && !(mineFile && l.type === 'set')) return [];
    const check = players.get(f);
    return [
      {
        f,
        call: {
          step: 'checks' as const,
          kind: l.kind.name,
          input: { doc: l.doc, levels, whole: mineFile, report: true, ...(check ? { players: check } : {}) },
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
  return checksOf;
}

/** What concerns a whole file, on the shard that reports them: added to each file's report. */
export async function wholeFileChecks(files: LoadedFiles, checksOf: FileChecks, mineFile: boolean, run: Omit<DistRun, 'mineFile'>): Promise<void> {
  const { loaded, reports, budget } = files;
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
      report.problems.push(...(await derivedProblems(report.file, l.doc, files, { ...run, mineFile })));
    }
  }
}

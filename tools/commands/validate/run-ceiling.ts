// validate's run ceiling (--budget) for the set reports: the work they add
// before any level is analysed, each key once, stopped at the file where a
// kind's sum passes its ceiling (the line: run/budgets.ts ceilingLine).
import { InputError } from '../../lib/errors.ts';
import type { Loaded } from '../files/documents.ts';
import { ceilingLine, type RunCeilingOf } from '../run/budgets.ts';
import type { TaskCeilings } from '../run/tasks.ts';
import { interruptible } from '../run/interrupt.ts';
import { runKindSteps } from '../run/run-step.ts';
import { at } from '../../lib/at.ts';

/**
 * The work the set reports will spend beyond their levels (the kind's setReport.work, each key
 * once), per kind, summed in file order before any level is analysed; a file at which it passes
 * the run's ceiling stops the run there, naming the file.
 */
export async function setReportWork(
  files: readonly { file: string; l: Loaded }[],
  ceilings: ReadonlyMap<string, RunCeilingOf>,
  run: { threads: number; ceilings?: TaskCeilings },
): Promise<Map<string, number>> {
  const spent = new Map<string, number>();
  const counted = new Set<string>();
  const sets = files.flatMap(({ file, l }) => (l.type === 'set' && l.kind.setReport?.work ? [{ file, l }] : []));
  // the kind's count, on the pool (its code, under the ceilings), one step a set in one pool
  const works = await interruptible((signal) =>
    runKindSteps(
      sets.map(({ file, l }) => ({
        step: 'reportWork' as const,
        kind: l.kind.name,
        input: { config: l.doc.generator.config },
        label: `${file} › generator.config (the ${l.kind.name} kind's setReport.work)`,
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

// validate --compare: the kind's comparison of the first set validated with
// another set of the same kind, run on the pool and added to the report.
import * as path from 'node:path';
import { InputError } from '../../lib/errors.ts';
import type { ValidateReport } from '../../lib/files.ts';
import { loadDocument } from '../files/documents.ts';
import { runKindStep } from '../run/run-step.ts';
import type { TaskCeilings } from '../run/tasks.ts';

/**
 * validate --compare: the kind's comparison of the first set with another, added to the report.
 * A set of another kind, or a set without levels on either side, is refused: a comparison with
 * no boards finds no difference (p = 1), which would read as "the same distribution".
 */
export async function compareInto(report: ValidateReport, otherFile: string, ceilings: TaskCeilings): Promise<void> {
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

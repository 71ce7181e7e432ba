// `proofpack curate`: dedup by canonical id, calibrate, tier, order easiest
// first, print the tier table, write the curated set. The kind's code (the
// curation and the tier table) runs as one step on the worker pool, under
// --task-seconds and --max-memory-mib, Ctrl-C answered while it runs.
import type { Console } from '../lib/console.ts';
import { formatTable } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { formatDocument, stableJson } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import { loadDocument } from './files/documents.ts';
import { runKindStep } from './run/run-step.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';

// the curation itself (check-kind and the tests call it directly)
export { curateSet } from './sets/curation.ts';

export interface CurateOptions extends TaskCeilings {
  input: string;
  out: string;
  json?: boolean;
  /** The caller's stop signal (pipeline's); default: curate's own Ctrl-C handler. */
  signal?: AbortSignal;
}

export async function curateCommand(opts: CurateOptions, con: Console): Promise<number> {
  const loaded = loadDocument(opts.input, ['set']);
  if (loaded.type !== 'set') throw new InputError(`${opts.input}: expected a set file`);
  const started = performance.now();
  const { curated, table } = await runKindStep(
    'curate',
    loaded.kind.name,
    { set: loaded.doc, file: opts.input },
    {
      label: `curate ${opts.input} (the ${loaded.kind.name} kind's canonical, tierOf, calibrate, recalibrate, difficulty and tierTable)`,
      ceilings: ceilingsOf(opts),
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
  );
  writeFileAtomic(opts.out, formatDocument(curated));
  const c = curated.curate;
  if (opts.json) {
    con.out(stableJson({ file: opts.out, kind: loaded.kind.name, levels: curated.levels.length, ...c, calibration: curated.calibration, tiers: table }));
    return 0;
  }
  for (const line of formatTable(table)) con.out(line);
  for (const line of table.notes ?? []) con.out(line);
  con.out(`calibration: ${stableJson(curated.calibration)}`);
  con.out(
    `curated ${curated.levels.length} of ${c.candidates} ${loaded.kind.name} candidates (${c.duplicates} duplicates, ${c.untiered} untiered) into ${opts.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

// `proofpack import KIND FILE`: read puzzles recorded from another game, prove
// each one with the kind's analyze(), and write a candidate set that validate
// and curate accept. Malformed records are named one per line. The analysis
// always uses the kind's built-in default config: nothing read sets a budget.
// The kind's code (importText, then analyze, tierOf and canonical of each
// record) runs on the worker pool, under --task-seconds and --max-memory-mib.
// The file's size and record count are capped (caps.ts; --max-mib and
// --max-records raise them) and checked before any record is analysed.
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
import { InputError, oneLine, where } from '../lib/errors.ts';
import { FORMAT_VERSION, TOOL, type SetFile } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { MAX_INPUT_BYTES, readText, writeFileAtomic } from '../lib/io.ts';
import { IMPORT_MIB, IMPORT_RECORDS, MAX_LEVELS_PER_RUN } from './run/caps.ts';
import type { Level, Outcome, PuzzleKind } from '../lib/kind.ts';
import { kindByName } from '../kinds/index.ts';
import { ceilingsOf, runPipelineTasks, type TaskCeilings } from './run/tasks.ts';
import type { AnalyzeTask, Placed } from './run/tasks.ts';
import { runKindStep } from './run/run-step.ts';
import type { StepOutput } from './run/kind-steps.ts';
import { Interrupted, interruptible } from './run/interrupt.ts';

/** What import is asked to do, from the command line. */
export interface ImportOptions extends TaskCeilings {
  kind: string;
  file: string;
  out: string;
  name?: string;
  threads: number;
  skipMalformed?: boolean;
  /** The most records the file may hold (default IMPORT_RECORDS). */
  maxRecords?: number;
  /** The largest the file may be, in MiB (default IMPORT_MIB). */
  maxMib?: number;
}

const MIB = 1024 * 1024;

/** Each record analysed on the pool (so that Ctrl-C is answered at once; nothing is written when interrupted): the proven ones as levels, a warning for each other. */
async function provenLevels(
  opts: ImportOptions,
  kind: PuzzleKind,
  config: unknown,
  { puzzles, calibration }: StepOutput<'import'>,
  con: Console,
): Promise<{ levels: Level[]; untiered: number }> {
  const tasks: AnalyzeTask[] = puzzles.map((puzzle) => ({ op: 'analyze', kind: kind.name, puzzle, config, calibration, place: true }));
  let outcomes: (Outcome<unknown, unknown> & { placed?: Placed })[];
  try {
    outcomes = (await interruptible((signal) =>
      runPipelineTasks(tasks, { threads: opts.threads, signal, inlineMs: 0, ceilings: ceilingsOf(opts), label: (i) => where(opts.file, `record ${i + 1}`) }),
    )) as (Outcome<unknown, unknown> & { placed?: Placed })[];
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, `interrupted: import stopped; nothing was written to ${opts.out}`);
    throw e;
  }
  const levels: Level[] = [];
  let untiered = 0;
  outcomes.forEach((o, i) => {
    if (o.status !== 'proven') {
      con.warn(`warning: ${where(opts.file, `record ${i + 1}`)}: not imported: ${o.status}: ${o.reason}`);
      return;
    }
    // its tier and id, computed with its analysis on the pool
    const { tier, id } = o.placed ?? { tier: null };
    if (tier === null || id === undefined) {
      untiered++;
      return;
    }
    levels.push({ id, puzzle: puzzles[i], solution: o.solution, analysis: o.analysis, tier });
  });
  return { levels, untiered };
}

/** Import the file's records into a candidate set; its exit code. */
export async function importCommand(opts: ImportOptions, con: Console): Promise<number> {
  const kind = kindByName(opts.kind);
  if (!kind.importText) throw new InputError(`import: ${kind.name} has no import format`);
  const maxMib = opts.maxMib ?? IMPORT_MIB;
  const maxRecords = opts.maxRecords ?? IMPORT_RECORDS;
  const text = readText(opts.file);
  const bytes = Buffer.byteLength(text);
  if (bytes > maxMib * MIB)
    throw new InputError(
      `${opts.file}: ${bytes} bytes, over import's size cap of ${maxMib} MiB; nothing imported: raise it with --max-mib N (at most ${MAX_INPUT_BYTES / MIB}) if you mean to import all of it`,
    );
  // the kind's reading of the records and its initial calibration, on the pool
  let read: StepOutput<'import'>;
  try {
    read = await runKindStep(
      'import',
      kind.name,
      { text },
      { label: `import ${opts.file}: the ${kind.name} kind's importText and initialCalibration`, ceilings: ceilingsOf(opts) },
    );
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, `interrupted: import stopped; nothing was written to ${opts.out}`);
    throw e;
  }
  const { puzzles, problems, calibration } = read;
  const found = puzzles.length + problems.length;
  if (found > maxRecords)
    throw new InputError(
      `${opts.file}: ${found} records, over import's cap of ${maxRecords} (each is analysed like a generated level); nothing imported: raise it with --max-records N (at most ${MAX_LEVELS_PER_RUN}) if you mean to import them all`,
    );
  for (const p of problems) con.err(oneLine(`${where(opts.file, p.where)}: ${p.message}`));
  if (problems.length && !opts.skipMalformed) {
    throw new InputError(
      `${opts.file}: ${problems.length} malformed record${problems.length > 1 ? 's' : ''}, nothing written (--skip-malformed imports the others)`,
    );
  }
  if (puzzles.length === 0) throw new InputError(`${opts.file}: no ${kind.name} record to import`);
  const config = kind.defaults.config;
  const { levels, untiered } = await provenLevels(opts, kind, config, read, con);
  const records = puzzles.length + problems.length;
  const set: SetFile = {
    type: 'set',
    formatVersion: FORMAT_VERSION,
    kind: kind.name,
    name: opts.name ?? 'imported',
    stage: 'candidates',
    generator: {
      tool: TOOL,
      seed: 0,
      config,
      stats: [{ label: `imported from ${path.basename(opts.file)}`, wanted: records, found: levels.length, tries: records, disagreements: 0 }],
      untiered,
      imported: { file: path.basename(opts.file), records, skipped: problems.length },
    },
    curate: null,
    calibration,
    levels,
  };
  writeFileAtomic(opts.out, formatDocument(set));
  con.out(
    `imported ${levels.length} of ${records} ${kind.name} records from ${opts.file} into ${opts.out}${problems.length ? ` (${problems.length} malformed, skipped)` : ''}`,
  );
  return 0;
}

// `proofpack calibrate SET --log FILE... --out F`: a curated set fitted to its
// players' attempts (docs/players.md). The logs are read as untrusted input
// (files/attempt-logs.ts), the set's levels fitted (players/fit-set.ts, no
// kind code), then the kind's tierOf and difficulty give the solver tiers,
// the re-tiering (--retier) and the order, as one step on the worker pool.
// The set is written again with each fitted level's `players` and the set's
// provenance, so validate can fit it again from the same logs.
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import type { SetFile } from '../lib/files.ts';
import { formatDocument, stableJson } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import { readAttemptLogs } from './files/attempt-logs.ts';
import { loadDocument } from './files/documents.ts';
import { FIT_DEFAULTS, fitSet, type SetFit } from './sets/players-fit.ts';
import { Interrupted, interruptible } from './run/interrupt.ts';
import { runKindStep } from './run/run-step.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';

/** The command line of `proofpack calibrate` (and what pipeline hands it per set). */
export interface CalibrateOptions extends TaskCeilings {
  input: string;
  logs: string[];
  out: string;
  retier?: boolean;
  minAttempts?: number;
  skipMalformed?: boolean;
  /** An attempt naming a level not in the set fails the run (default: counted and reported). */
  strict?: boolean;
  maxLogMib?: number;
  json?: boolean;
  signal?: AbortSignal;
}

/** The set `input` fitted to `logs`: the document calibrate writes and the fit behind it. */
export async function calibrateSet(opts: CalibrateOptions, con: Console): Promise<{ set: SetFile; fit: SetFit }> {
  const loaded = loadDocument(opts.input, ['set']);
  if (loaded.type !== 'set') throw new InputError(`${opts.input}: expected a set file`);
  const set = loaded.doc;
  if (set.stage !== 'curated') throw new InputError(`${opts.input}: a candidate set; calibrate a curated one (run proofpack curate first)`);
  if (opts.logs.length === 0) throw new InputError('calibrate: name at least one attempt log with --log FILE');
  // the logs are stored relative to the written set
  const outDir = path.dirname(path.resolve(opts.out));
  const files = opts.logs.map((file) => ({ path: file, name: path.relative(outDir, path.resolve(file)).split(path.sep).join('/') }));
  const progress = con.progress('reading attempt logs', 100, '%');
  const read = await readAttemptLogs(files, {
    ...(opts.maxLogMib !== undefined ? { maxMib: opts.maxLogMib } : {}),
    skipMalformed: opts.skipMalformed ?? false,
    ...(opts.signal ? { signal: opts.signal } : {}),
    onProblem: (line) => con.err(line),
    onBytes: (done, total) => progress.update(Math.floor((100 * done) / Math.max(1, total))),
  }).finally(() => progress.stop());
  const retier = opts.retier ?? FIT_DEFAULTS.retier;
  const fit = await fitSet(
    set.levels.map((l) => l.id),
    read,
    { ...FIT_DEFAULTS, retier, minAttempts: opts.minAttempts ?? FIT_DEFAULTS.minAttempts },
    opts.signal,
  );
  const unknown = fit.provenance.attempts.unknownLevels;
  if (unknown > 0) {
    const line = `${opts.logs.join(', ')}: ${unknown} attempts name a level that is not in ${opts.input}`;
    if (opts.strict) throw new InputError(`${line}; nothing written (--strict)`);
    con.warn(`warning: ${line} (counted in the set, not fitted)`);
  }
  if (fit.unsettled) throw new InputError(`${opts.input}: the players' fit did not settle in ${fit.provenance.iterations} rounds; nothing written`);
  const levels = await runKindStep(
    'players',
    set.kind,
    { set, players: [...fit.players], retier },
    {
      label: `calibrate ${opts.input} (the ${set.kind} kind's tierOf and difficulty)`,
      ceilings: ceilingsOf(opts),
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
  );
  return { set: { ...set, levels, players: fit.provenance }, fit };
}

export async function calibrateCommand(opts: CalibrateOptions, con: Console): Promise<number> {
  const started = performance.now();
  let result: Awaited<ReturnType<typeof calibrateSet>>;
  try {
    result = opts.signal ? await calibrateSet(opts, con) : await interruptible((signal) => calibrateSet({ ...opts, signal }, con));
  } catch (e) {
    if (e instanceof Interrupted) throw new Interrupted(e.signal, `interrupted: calibrate stopped; nothing was written to ${opts.out}`);
    throw e;
  }
  const { set, fit } = result;
  writeFileAtomic(opts.out, formatDocument(set));
  const p = fit.provenance;
  if (opts.json) {
    con.out(stableJson({ file: opts.out, kind: set.kind, levels: set.levels.length, fitted: fit.players.size, ...p }));
    return 0;
  }
  con.out(
    `calibrated ${fit.players.size} of ${set.levels.length} ${set.kind} levels from ${p.attempts.count} attempts (${p.belowMinAttempts} below ${p.params.minAttempts} attempts keep their solver tier${p.params.retier ? '; tiers recut by players' : ''}) in ${p.iterations} rounds into ${opts.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

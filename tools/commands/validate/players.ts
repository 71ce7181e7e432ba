// validate's recomputation of players' figures: for each set that names
// attempt logs, the logs read again (relative to the set; no line of them printed),
// their digests compared with the stored ones (a changed log is named), the
// fit made again with the stored parameters and its provenance compared; the
// fit goes to the set's checks step, which compares every level's figures,
// tier and order. A pack whose source set is validated too gets that set's
// tiers, so a tier from players is checked through its set.
import { InputError } from '../../lib/errors.ts';
import type { ReportedProblem, SetFile } from '../../lib/files.ts';
import { compareFields } from '../../lib/compare.ts';
import { at } from '../../lib/at.ts';
import { logPath, readAttemptLogs } from '../files/attempt-logs.ts';
import { fitSet } from '../sets/players-fit.ts';
import type { PlayersCheck } from '../run/kind-steps.ts';
import type { LoadedFiles } from './load.ts';

/** The fit of one set from its logs, with the problems of its provenance; fit null when the logs cannot be read. */
async function refit(
  file: string,
  doc: SetFile,
  maxLogMib: number | undefined,
  note: (line: string) => void,
): Promise<{ check: PlayersCheck; problems: ReportedProblem[] }> {
  const stored = doc.players;
  if (!stored) throw new Error('refit: the set has no players');
  const whole = { level: 'set', index: -1 };
  let read: Awaited<ReturnType<typeof readAttemptLogs>>;
  try {
    const files = stored.logs.map((l) => ({ path: logPath(file, l.file), name: l.file }));
    read = await readAttemptLogs(files, {
      skipMalformed: true,
      withoutValues: true,
      onProblem: (line) => note(`note: ${line}`),
      ...(maxLogMib !== undefined ? { maxMib: maxLogMib } : {}),
    });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return {
      check: { fit: null, retier: stored.params.retier },
      // the reason in the field, which is never shortened: the log's path and what is wrong with it
      problems: [
        {
          ...whole,
          field: `players.logs (${e.message}; restore the log, or calibrate again)`,
          stored: stored.logs.map((l) => l.file),
          expected: 'logs that can be read',
        },
      ],
    };
  }
  const fit = await fitSet(
    doc.levels.map((l) => l.id),
    read,
    stored.params,
  );
  const problems: ReportedProblem[] = [];
  // a changed log is named; the rest of the provenance compared field by field
  stored.logs.forEach((log, i) => {
    const now = read.logs.find((l) => l.file === log.file);
    if (now && now.sha256 !== log.sha256)
      problems.push({
        ...whole,
        field: `players.logs[${i}].sha256 (${log.file} changed since the set was calibrated: run proofpack calibrate again)`,
        stored: log.sha256,
        expected: now.sha256,
      });
  });
  const rest = (p: typeof stored) => ({ ...p, logs: p.logs.map(({ sha256: _, ...l }) => l) });
  for (const p of compareFields('players', rest(stored), rest(fit.provenance))) problems.push({ ...whole, ...p });
  return { check: { fit: [...fit.players], retier: stored.params.retier }, problems };
}

/**
 * The players' checks of every loaded set with logs (their provenance
 * problems added to the set's report on the shard that reports whole files)
 * and of every pack cut from such a set; by file index.
 */
export async function playersChecks(
  files: LoadedFiles,
  mineFile: boolean,
  maxLogMib: number | undefined,
  note: (line: string) => void,
): Promise<Map<number, PlayersCheck>> {
  const { loaded, reports, shas } = files;
  const out = new Map<number, PlayersCheck>();
  for (const [f, l] of loaded.entries()) {
    if (l?.type !== 'set' || !l.doc.players) continue;
    const { check, problems } = await refit(at(reports, f).file, l.doc, maxLogMib, note);
    out.set(f, check);
    if (mineFile) at(reports, f).problems.push(...problems);
  }
  for (const [f, l] of loaded.entries()) {
    if (l?.type !== 'pack') continue;
    const s = loaded.findIndex((x, i) => x?.type === 'set' && x.doc.players !== undefined && shas[i] === l.doc.source.sha256);
    const set = loaded[s];
    if (set?.type === 'set') out.set(f, { setTiers: set.doc.levels.map((level) => [level.id, level.tier] as [string, string]) });
  }
  return out;
}

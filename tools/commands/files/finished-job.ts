// What `pipeline --resume` reads of a kind's candidate set left in the work
// folder: whether it is this job's finished output (then the kind is checked,
// not generated again), and which of its plan entries found fewer boards than
// wanted. The file is read as any input; its levels are never trusted here:
// the run's validate step recomputes every one of them.
import { InputError, show } from '../../lib/errors.ts';
import { stableJson } from '../../lib/json.ts';
import type { JobSettings } from './checkpoint.ts';
import { loadDocument, type Loaded } from './documents.ts';

/**
 * Why the candidate set `file` is not the finished output of the job
 * `settings` wanting `wanted` boards in all: its kind, stage, name, seed, tool,
 * effective config, boards wanted, or a shard — the first that differs, as
 * `field: the candidates' X, this run's Y`; or unreadable. Undefined when none differs.
 */
export function notThisJob(file: string, settings: JobSettings, wanted: number): string | undefined {
  let loaded: Loaded;
  try {
    loaded = loadDocument(file, ['set']);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return `unreadable (${e.message})`;
  }
  if (loaded.type !== 'set') throw new Error('unreachable');
  const set = loaded.doc;
  const fields: [string, unknown, unknown][] = [
    ['kind', loaded.kind.name, settings.kind],
    ['stage', set.stage, 'candidates'],
    ['name', set.name, settings.name],
    ['generator.seed', set.generator.seed, settings.seed],
    ['generator.tool', set.generator.tool, settings.tool],
    ['shard', set.shard ?? null, null],
    ['generator.config', set.generator.config, settings.config],
    ['boards wanted', set.generator.stats.reduce((a, x) => a + x.wanted, 0), wanted],
  ];
  const differs = fields.find(([, a, b]) => stableJson(a) !== stableJson(b));
  return differs ? `${differs[0]}: the candidates' ${show(differs[1])}, this run's ${show(differs[2])}` : undefined;
}

/** A candidate set's plan entries that found fewer boards than wanted: each one's label and index, and how many entries the set has. */
export interface ShortEntries {
  short: { label: string; index: number }[];
  entries: number;
}

/** The plan entries of candidate set `file` that found fewer boards than wanted (none when it cannot be read). */
export function shortEntries(file: string): ShortEntries {
  try {
    const loaded = loadDocument(file, ['set']);
    if (loaded.type !== 'set') return { short: [], entries: 0 };
    const stats = loaded.doc.generator.stats;
    return { short: stats.flatMap((s, index) => (s.found < s.wanted ? [{ label: s.label, index }] : [])), entries: stats.length };
  } catch {
    return { short: [], entries: 0 };
  }
}

// `proofpack curate`: dedup by canonical id, calibrate, tier, order easiest
// first, print the tier table, write the curated set.
import type { Console } from '../lib/console.ts';
import { formatTable } from '../lib/console.ts';
import { InputError, where } from '../lib/errors.ts';
import type { SetFile } from '../lib/files.ts';
import { formatDocument, stableJson } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import { levelId } from '../lib/ids.ts';
import type { Level, PuzzleKind } from '../lib/kind.ts';
import { loadDocument } from './shared/documents.ts';
import { orderLevels } from './shared/ordering.ts';

export interface CurateOptions {
  input: string;
  out: string;
  json?: boolean;
}

/** The curated set; its `curate` stats are always there (a candidate set's are null). */
export function curateSet(kind: PuzzleKind, set: SetFile, file: string): SetFile & { curate: NonNullable<SetFile['curate']> } {
  const config = set.generator.config;
  const seen = new Set<string>();
  let duplicates = 0;
  let untiered = 0;
  const unique: Level[] = [];
  for (const level of set.levels) {
    const id = levelId(kind.name, kind.canonical(level.puzzle));
    if (id !== level.id) throw new InputError(`${where(file, level.id, 'id')}: stored ${level.id}, recomputed ${id} (run proofpack validate)`);
    if (seen.has(id)) {
      duplicates++;
      continue;
    }
    seen.add(id);
    const tier = kind.tierOf(level.analysis, set.calibration, config);
    if (tier === null) {
      untiered++;
      continue;
    }
    unique.push({ ...level, tier });
  }
  const calibration = kind.calibrate(unique, config);
  const tiered: Level[] = [];
  for (const level of unique) {
    const analysis = kind.recalibrate(level.analysis, calibration);
    const tier = kind.tierOf(analysis, calibration, config);
    if (tier === null) {
      untiered++;
      continue;
    }
    tiered.push({ ...level, analysis, tier });
  }
  return {
    ...set,
    stage: 'curated',
    curate: { candidates: set.levels.length, duplicates, untiered },
    calibration,
    levels: orderLevels(kind, tiered),
  };
}

export function curateCommand(opts: CurateOptions, con: Console): number {
  const loaded = loadDocument(opts.input, ['set']);
  if (loaded.type !== 'set') throw new InputError(`${opts.input}: expected a set file`);
  const started = performance.now();
  const curated = curateSet(loaded.kind, loaded.doc, opts.input);
  writeFileAtomic(opts.out, formatDocument(curated));
  const table = loaded.kind.tierTable(curated.levels);
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

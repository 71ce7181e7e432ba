// One candidate set curated: dedup by canonical id, calibrate, tier, order
// easiest first. Pure kind code on plain data: curate runs it as one step on
// the worker pool (kind-steps.ts), check-kind through its member harness.
import { InputError, where } from '../../lib/errors.ts';
import type { SetFile } from '../../lib/files.ts';
import { levelId } from '../../lib/ids.ts';
import type { Level, PuzzleKind } from '../../lib/kind.ts';
import { orderLevels } from './ordering.ts';

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

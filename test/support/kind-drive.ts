// A kind that no registry lists yet (the template under templates/, the
// example game's under examples/) driven through the pipeline's steps in this
// process, member by member as generate and curate call them: plan, each
// slot's generateSlot from its own rng, ids from canonical, tiers, calibrate,
// recalibrate. For the unit tests of those kinds; the commands run them once
// kinds are loaded from a game's kinds.json.
import { rngFor } from '../../tools/lib/rng.ts';
import { levelId } from '../../tools/lib/ids.ts';
import type { Level, PuzzleKind } from '../../tools/lib/kind.ts';

/** What driving a kind gave: its candidate levels (tiered ones only, deduplicated by id, ordered as curate orders), the calibration, and the slots' counts. */
export interface Driven<P, S, A, K> {
  levels: Level<P, S, A>[];
  calibration: K;
  tries: number;
  disagreements: number;
  empty: number;
}

export function drive<P, S, A, C, K, G>(kind: PuzzleKind<P, S, A, C, K, G>, config: C, seed: number): Driven<P, S, A, K> {
  const initial = kind.initialCalibration(config);
  const found = new Map<string, Level<P, S, A>>();
  let slot = 0;
  let tries = 0;
  let disagreements = 0;
  let empty = 0;
  for (const entry of kind.plan(config))
    for (let j = 0; j < entry.count; j++) {
      const r = kind.generateSlot(config, entry.spec, rngFor(seed, kind.name, slot++), { config, calibration: initial });
      tries += r.tries;
      disagreements += r.disagreements;
      if (!r.found) {
        empty++;
        continue;
      }
      const tier = kind.tierOf(r.found.analysis, initial, config);
      const id = levelId(kind.name, kind.canonical(r.found.puzzle));
      if (tier !== null && !found.has(id)) found.set(id, { id, ...r.found, tier });
    }
  const unique = [...found.values()];
  const calibration = kind.calibrate(unique, config);
  const levels = unique
    .map((l) => ({
      ...l,
      analysis: kind.recalibrate(l.analysis, calibration),
      tier: kind.tierOf(kind.recalibrate(l.analysis, calibration), calibration, config) ?? '',
    }))
    .filter((l) => l.tier !== '')
    .sort(
      (a, b) => kind.tiers.indexOf(a.tier) - kind.tiers.indexOf(b.tier) || kind.difficulty(a.analysis) - kind.difficulty(b.analysis) || (a.id < b.id ? -1 : 1),
    );
  return { levels, calibration, tries, disagreements, empty };
}

// Grading: a level's tier from its solve (probes needed, rounds of line
// logic) against the config's thresholds, so a tier never depends on the set;
// its difficulty inside the tier; the set's calibration (its median
// difficulty, order-independent) and curate's table.
import { median, type Level, type TierTable } from 'proofpack/kind';
import { TIERS, type Analysis, type Calibration, type Config } from './schema.ts';

/** Probes weigh more than any number of rounds: a puzzle that needs one is harder than any that does not. */
export const difficulty = (a: Analysis): number => a.probes * 1000 + a.rounds;

export const tierOf = (a: Analysis, config: Config): string | null =>
  config.tiers.find((t) => a.probes <= t.maxProbes && a.rounds <= t.maxRounds)?.tier ?? null;

export const calibrate = (levels: Level<unknown, unknown, Analysis>[]): Calibration => ({
  medianDifficulty: levels.length > 0 ? median(levels.map((l) => difficulty(l.analysis))) : null,
});

export function tierTable(levels: Level<unknown, unknown, Analysis>[]): TierTable {
  const rows = TIERS.map((tier) => {
    const a = levels.filter((l) => l.tier === tier).map((l) => l.analysis);
    if (a.length === 0) return [tier, 0, '-', '-', '-'];
    return [tier, a.length, median(a.map((x) => x.rounds)), Math.max(...a.map((x) => x.probes)), median(a.map((x) => x.filled))];
  });
  return { columns: ['tier', 'count', 'median rounds', 'most probes', 'median filled'], rows };
}

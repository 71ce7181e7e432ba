// Grading: a level's tier by its fewest presses (the config's thresholds, so a
// tier never depends on the set), its difficulty inside the tier, the set's
// calibration (its median presses, order-independent) and curate's table.
import { median, type Level, type TierTable } from 'proofpack/kind';
import { TIERS, type Analysis, type Calibration, type Config } from './schema.ts';

export const tierOf = (a: Analysis, config: Config): string | null => config.tiers.find((t) => a.presses <= t.maxPresses)?.tier ?? null;

export const calibrate = (levels: Level<unknown, unknown, Analysis>[]): Calibration => ({
  medianPresses: levels.length ? median(levels.map((l) => l.analysis.presses)) : null,
});

export function tierTable(levels: Level<unknown, unknown, Analysis>[]): TierTable {
  const rows = TIERS.map((tier) => {
    const p = levels.filter((l) => l.tier === tier).map((l) => l.analysis.presses);
    return [tier, p.length, p.length ? `${Math.min(...p)}-${Math.max(...p)}` : '-', p.length ? median(p) : '-'];
  });
  return { columns: ['tier', 'count', 'presses', 'median presses'], rows };
}

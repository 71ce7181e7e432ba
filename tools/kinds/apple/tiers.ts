// Apple tiers (curate): a label by greedyScore, never a filter. The seed's
// point is that boards differ in difficulty by luck and that this is part of
// the game, so every board keeps its place in the set and only gets a name.
// The thresholds are fixed in the config (cut at quantiles of the model's
// greedyScore distribution, measured once on 20,000 simulated boards), so a
// board's tier does not depend on the set it is in; the calibration records
// where the set's own greedy scores fall.
import { type Level, type TierTable, median, quantile, round } from 'proofpack/kind';
import { CELLS } from './bounds.ts';
import { APPLE_TIERS, type AppleAnalysis, type AppleCalibration, type AppleConfig } from './schema.ts';

/** The first tier (easiest first) whose minGreedy the level's greedyScore reaches. */
export function appleTierOf(a: Pick<AppleAnalysis, 'greedyScore'>, config: AppleConfig): string | null {
  return config.tiers.find((t) => a.greedyScore >= t.minGreedy)?.tier ?? null;
}

export function initialAppleCalibration(): AppleCalibration {
  return { greedyQuantiles: null };
}

export function calibrateApple(levels: readonly Level<unknown, unknown, AppleAnalysis>[]): AppleCalibration {
  if (levels.length === 0) return initialAppleCalibration();
  const g = levels.map((l) => l.analysis.greedyScore);
  const q = (p: number) => round(quantile(g, p), 2);
  return { greedyQuantiles: { p10: q(0.1), p25: q(0.25), p50: q(0.5), p75: q(0.75), p90: q(0.9) } };
}

/** Harder = fewer cells for the greedy; easiest first inside a tier. */
export function appleDifficulty(a: AppleAnalysis): number {
  return CELLS - a.greedyScore;
}

export function appleTierTable(levels: readonly Level<unknown, unknown, AppleAnalysis>[]): TierTable {
  const rows = APPLE_TIERS.map((tier) => {
    const ls = levels.filter((l) => l.tier === tier);
    if (ls.length === 0) return [tier, 0, '0%', '-', '-', '-', '-'];
    const med = (f: (a: AppleAnalysis) => number) => median(ls.map((l) => f(l.analysis)));
    const gs = ls.map((l) => l.analysis.greedyScore);
    return [
      tier,
      ls.length,
      `${Math.round((100 * ls.length) / levels.length)}%`,
      `${Math.min(...gs)}-${Math.max(...gs)}`,
      med((a) => a.greedyScore),
      med((a) => a.bestScore),
      med((a) => a.upperBound),
    ];
  });
  return { columns: ['tier', 'count', 'share', 'greedy range', 'median greedy', 'median best', 'median upper bound'], rows };
}

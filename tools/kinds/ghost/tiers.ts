// Ghost tiers and calibration (docs/ghost.md, tiers; curate): the ladder maps a
// level's solve mode and round counts to one of ten tiers; calibration picks the
// logicDepth weights whose tier medians rise most evenly.
import { type Level, type TierTable, median, round, mean, sd, at } from 'proofpack/kind';
import { GHOST_TIERS, type GhostAnalysis, type GhostCalibration, type GhostConfig, type GhostMode } from './schema.ts';
import { logicDepth, type Weights } from './logic-depth.ts';

type Counts = Pick<GhostAnalysis, 'direct' | 'pair' | 'contradiction'>;
type Rule = GhostConfig['ladder'][number];

/** The generator mode a solve corresponds to: the deepest layer it needed. */
function modeOf(a: Counts): GhostMode {
  return a.contradiction > 0 ? 'contradiction' : a.pair > 0 ? 'pair' : 'direct';
}

const within = (v: number, r: readonly [number, number] | undefined) => !r || (v >= r[0] && v <= r[1]);

function matchesRule(a: Counts, rule: Pick<Rule, 'mode' | 'rounds'>): boolean {
  const r = rule.rounds ?? {};
  return modeOf(a) === rule.mode && within(a.direct, r.direct) && within(a.pair, r.pair) && within(a.contradiction, r.contradiction);
}

/** First ladder rule that matches wins; null when none does. */
export function ghostTierOf(a: Counts, ladder: GhostConfig['ladder']): string | null {
  return ladder.find((rule) => matchesRule(a, rule))?.tier ?? null;
}

/** The original's weights (the default), in which the reference ladder is stated; the calibration starts here. */
export const ORIGINAL_WEIGHTS: Weights = { pair: 2, contradiction: 2 };

export function initialGhostCalibration(): GhostCalibration {
  return { weights: { ...ORIGINAL_WEIGHTS }, tierMedians: null, spacing: null };
}

function tierMedians(levels: readonly Level<unknown, unknown, GhostAnalysis>[], w: Weights): (number | null)[] {
  return GHOST_TIERS.map((tier) => {
    const depths = levels.filter((l) => l.tier === tier).map((l) => logicDepth(l.analysis, w));
    return depths.length ? median(depths) : null;
  });
}

/** Evenness of the gaps between consecutive medians: sd / mean (lower is more even). */
function spacingOf(medians: readonly number[]): { descents: number; spacing: number } {
  const gaps = medians.slice(1).map((m, i) => m - at(medians, i));
  const descents = gaps.filter((g) => g < 0).length;
  const m = mean(gaps);
  return { descents, spacing: gaps.length === 0 ? 0 : m > 0 ? sd(gaps) / m : Infinity };
}

/**
 * Try every (wPair, wContra) in weightChoices², keep the pair whose populated
 * tiers' median logicDepth rises monotonically (never falls) with the most even
 * spacing: fewest falling steps first, then lowest sd/mean of the gaps, then
 * the smaller weights. Spacing is compared after rounding to 4 decimals.
 */
export function calibrateGhost(levels: readonly Level<unknown, unknown, GhostAnalysis>[], config: GhostConfig): GhostCalibration {
  const choices = [...new Set(config.weightChoices)].sort((a, b) => a - b);
  let best: { key: [number, number, number, number]; cal: GhostCalibration } | null = null;
  for (const pair of choices) {
    for (const contradiction of choices) {
      const w = { pair, contradiction };
      const medians = tierMedians(levels, w);
      const populated = medians.filter((m): m is number => m !== null);
      const { descents, spacing } = spacingOf(populated);
      const spacingRounded = Number.isFinite(spacing) ? round(spacing, 4) : null;
      const key: [number, number, number, number] = [descents, spacingRounded ?? Infinity, pair, contradiction];
      if (!best || lexLess(key, best.key)) best = { key, cal: { weights: w, tierMedians: medians, spacing: spacingRounded } };
    }
  }
  if (!best) throw new Error('calibrateGhost: the config has no weightChoices');
  return best.cal;
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return at(a, i) < at(b, i);
  return false;
}

export function ghostTierTable(levels: readonly Level<{ size: number }, unknown, GhostAnalysis>[]): TierTable {
  const pct = (k: number, n: number) => `${Math.round((100 * k) / n)}%`;
  const at22 = (l: Level<unknown, unknown, GhostAnalysis>) => logicDepth(l.analysis, ORIGINAL_WEIGHTS);
  const rows = GHOST_TIERS.map((tier) => {
    const ls = levels.filter((l) => l.tier === tier);
    if (ls.length === 0) return [tier, 0, '-', '-', '-', '-', '-'];
    const sizes = [...new Set(ls.map((l) => l.puzzle.size))].sort().join(',');
    return [
      tier,
      ls.length,
      median(ls.map((l) => l.analysis.logicDepth)),
      median(ls.map(at22)),
      pct(ls.filter((l) => l.analysis.pair > 0).length, ls.length),
      pct(ls.filter((l) => l.analysis.contradiction > 0).length, ls.length),
      sizes,
    ];
  });
  // deepest at 2/2; ties go to the first in the set's order
  let deepest: Level<{ size: number }, unknown, GhostAnalysis> | null = null;
  for (const l of levels) if (!deepest || at22(l) > at22(deepest)) deepest = l;
  const notes = deepest
    ? [
        `deepest level at weights 2/2: ${deepest.id} logicDepth ${at22(deepest)} (direct ${deepest.analysis.direct}, pair ${deepest.analysis.pair}, contradiction ${deepest.analysis.contradiction}; ${deepest.puzzle.size}x${deepest.puzzle.size}, ${deepest.tier})`,
      ]
    : [];
  return {
    columns: ['tier', 'count', 'median logicDepth', 'median at 2/2', 'needs pair', 'needs contradiction', 'sizes'],
    rows,
    notes,
  };
}

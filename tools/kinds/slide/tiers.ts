// Slide tiers and their calibration (docs/slide.md, tiers). A level's tier
// comes from its stored score and the set's four thresholds. Before curate the
// thresholds are the default thresholds (43 / 56 / 67 / 77); curate replaces them by
// score quantiles of the set (the config's cumulative tierShares), each placed
// half-way between two neighbouring distinct scores, so no stored score (one
// decimal) ever equals a threshold (two decimals).
import { type Level, type TierTable, median, round, at } from 'proofpack/kind';
import { DEFAULT_THRESHOLDS, SLIDE_TIERS, type SlideAnalysis, type SlideCalibration, type SlideConfig } from './schema.ts';

export function initialSlideCalibration(): SlideCalibration {
  return { method: 'default', thresholds: [...DEFAULT_THRESHOLDS] };
}

export function slideTierOf(a: Pick<SlideAnalysis, 'score'>, c: SlideCalibration): string {
  const i = c.thresholds.findIndex((t) => a.score < t);
  return at(SLIDE_TIERS, i < 0 ? 4 : i);
}

/**
 * Thresholds from the set's scores: with the n scores sorted, threshold k
 * wants round(share_k · n) levels below it; the cut moves to the nearest
 * place between two different scores (the lower one on a tie in distance),
 * never before the previous cut + 1 nor past n - (remaining tiers), so every
 * tier keeps a level while the set has enough distinct scores. The threshold
 * is the midpoint of the two scores around the cut, rounded to 2 decimals.
 * Fewer than 5 distinct scores: the default thresholds stay.
 */
export function calibrateSlide(levels: readonly Level<unknown, unknown, SlideAnalysis>[], config: SlideConfig): SlideCalibration {
  const s = levels.map((l) => l.analysis.score).sort((a, b) => a - b);
  const n = s.length;
  if (new Set(s).size < 5) return initialSlideCalibration();
  // cuts c: s[c - 1] < s[c]
  const cuts: number[] = [];
  for (let c = 1; c < n; c++) if (at(s, c - 1) < at(s, c)) cuts.push(c);
  const chosen: number[] = [];
  for (let k = 0; k < 4; k++) {
    const want = Math.round(at(config.tierShares, k) * n);
    const lo = k === 0 ? 1 : at(chosen, k - 1) + 1;
    const allowed = cuts.filter((c) => c >= lo && cuts.filter((x) => x > c).length >= 3 - k);
    let best = at(allowed, 0);
    for (const c of allowed) if (Math.abs(c - want) < Math.abs(best - want)) best = c;
    chosen.push(best);
  }
  const thresholds = chosen.map((c) => round((at(s, c - 1) + at(s, c)) / 2, 2)) as [number, number, number, number];
  return { method: 'quantiles', thresholds };
}

export function slideTierTable(levels: readonly Level<{ board: string[] }, unknown, SlideAnalysis>[]): TierTable {
  const rows = SLIDE_TIERS.map((tier) => {
    const ls = levels.filter((l) => l.tier === tier);
    if (ls.length === 0) return [tier, 0, '-', '-', '-', '-', '-', '-'];
    const a = ls.map((l) => l.analysis);
    const sizes = [...new Set(ls.map((l) => `${at(l.puzzle.board, 0).length}x${l.puzzle.board.length}`))].sort().join(',');
    const scores = a.map((x) => x.score);
    const med = (v: number[]) => round(median(v), 3);
    return [
      tier,
      ls.length,
      med(scores),
      `${Math.min(...scores)}-${Math.max(...scores)}`,
      med(a.map((x) => x.minMoves)),
      med(a.map((x) => x.deadEndRatio)),
      med(a.map((x) => x.openingAccuracy)),
      sizes,
    ];
  });
  return {
    columns: ['tier', 'count', 'median score', 'score range', 'median minMoves', 'median deadEndRatio', 'median openingAccuracy', 'sizes'],
    rows,
  };
}

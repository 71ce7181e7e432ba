// The built-in default apple config: the standard set that `npm start` makes.
// Tier thresholds are quantiles of the model's greedyScore distribution
// (20,000 boards drawn exactly as generate draws them: mean 112.9, sd 14.7;
// 10% / 35% / 65% / 90% quantiles 94 / 107 / 119 / 132), fixed here so a
// board's tier never depends on its set. The search budget (2,000,000 strip
// scans) is about 90 ms per board on one thread (docs/apple.md, "Strong
// solver").
import type { AppleConfig } from './schema.ts';

export const APPLE_DEFAULT_CONFIG: AppleConfig = {
  boards: 200,
  triesPerBoard: 600,
  search: {
    iterations: 1_000_000,
    work: 2_000_000,
    runs: 16,
    completions: 2,
    leftoverBias: 205,
    pairBias: 64,
    windowRows: 2,
    windowCols: 3,
    cellShift: 3,
    digitGrowth: 135,
  },
  tiers: [
    { tier: 'LUCKY', minGreedy: 132 },
    { tier: 'EASY', minGreedy: 119 },
    { tier: 'NORMAL', minGreedy: 107 },
    { tier: 'HARD', minGreedy: 94 },
    { tier: 'BRUTAL', minGreedy: 0 },
  ],
  fidelity: { referenceBoards: 20_000, referenceSeed: 17, alpha: 0.001 },
};

export const APPLE_DEFAULT_SEED = 20261201;

/** The lists a partial apple config may change entry by entry: a tier threshold by its tier (`HARD`). */
export const APPLE_KEYED_LISTS = {
  tiers: (t: AppleConfig['tiers'][number]) => t.tier,
};

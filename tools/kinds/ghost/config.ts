// The built-in default ghost config: the standard set that `npm start` makes.
// Ghost bands are the original's (5×5 4–7 … 9×9 18–26); the clue bands, the
// ladder and the plan were tuned on 150,000 random boards per size so that
// every tier fills within the 600-try budget and the tier medians of
// logicDepth can rise monotonically (docs/ghost.md, "Generation" and "Tiers and the ladder").
import type { GhostConfig } from './schema.ts';

type Entry = GhostConfig['plan'][number];
type Tier = NonNullable<Entry['tier']>;
type Rule = GhostConfig['ladder'][number];
const MANY = 200;

const want = (tier: Tier, mode: Entry['mode'], counts: Record<number, number>, deepen = 0): Entry[] =>
  Object.entries(counts).map(([size, count]) => ({ size: Number(size), mode, count, tier, ...(deepen ? { deepen } : {}) }));

const rule = (tier: Tier, mode: Rule['mode'], rounds: NonNullable<Rule['rounds']>): Rule => ({ tier, mode, rounds });

export const GHOST_DEFAULT_CONFIG: GhostConfig = {
  triesPerBoard: 600,
  maxZeroTargets: 3,
  bands: [
    { size: 5, ghosts: [4, 7], clues: [4, 10] },
    { size: 6, ghosts: [7, 11], clues: [8, 14] },
    { size: 7, ghosts: [10, 15], clues: [10, 18] },
    { size: 8, ghosts: [14, 20], clues: [14, 24] },
    { size: 9, ghosts: [18, 26], clues: [20, 28] },
  ],
  // Easiest first; the first rule a level matches gives its tier.
  ladder: [
    rule('EASY', 'direct', { direct: [0, 3] }),
    rule('NORMAL', 'direct', { direct: [4, 5] }),
    rule('HARD', 'direct', { direct: [6, 7] }),
    rule('HARD', 'pair', { pair: [1, 1], direct: [0, 5] }),
    rule('EXPERT', 'direct', { direct: [8, 9] }),
    rule('MASTER', 'pair', { pair: [1, 1], direct: [6, 9] }),
    rule('MASTER', 'direct', { direct: [10, MANY] }),
    rule('EXTREME', 'pair', { pair: [1, 1], direct: [10, MANY] }),
    rule('EXTREME', 'pair', { pair: [2, 2], direct: [0, 9] }),
    // a board that needs L3 but never L2 stays at EXTREME or below, whatever its length,
    // so that every tier from EXTREME II up needs L2 (as in the original game's set)
    rule('EXTREME', 'contradiction', { contradiction: [1, MANY], pair: [0, 0] }),
    rule('EXTREME', 'contradiction', { contradiction: [1, 1], pair: [1, 1], direct: [0, 5] }),
    rule('EXTREME II', 'pair', { pair: [2, 2], direct: [10, MANY] }),
    rule('EXTREME II', 'pair', { pair: [3, MANY], direct: [0, 9] }),
    rule('ULTIMATE', 'contradiction', { contradiction: [1, 1], pair: [1, 1], direct: [6, MANY] }),
    rule('ULTIMATE II', 'pair', { pair: [3, MANY], direct: [10, MANY] }),
    rule('ULTIMATE II', 'contradiction', { contradiction: [1, 1], pair: [2, 2] }),
    rule('ULTIMATE+', 'contradiction', { contradiction: [1, 1], pair: [3, MANY] }),
    rule('ULTIMATE+', 'contradiction', { contradiction: [2, MANY], pair: [1, MANY] }),
  ],
  weightChoices: [2, 3, 4, 6, 8],
  // Exact score DP up to this many ghosts (docs/ghost.md, "Score": time and memory per G).
  scoreGhostLimit: 26,
  plan: [
    ...want('EASY', 'direct', { 5: 24, 6: 16, 7: 4 }),
    ...want('NORMAL', 'direct', { 5: 10, 6: 12, 7: 12, 8: 8 }),
    ...want('HARD', 'direct', { 5: 6, 6: 10, 7: 10, 8: 10, 9: 4 }),
    ...want('EXPERT', 'direct', { 6: 8, 7: 10, 8: 12, 9: 12 }),
    ...want('MASTER', 'pair', { 5: 4, 6: 8, 7: 8, 8: 8, 9: 8 }),
    ...want('MASTER', 'direct', { 8: 4, 9: 6 }),
    ...want('EXTREME', 'pair', { 6: 6, 7: 6, 8: 8, 9: 8 }),
    ...want('EXTREME', 'contradiction', { 5: 4, 6: 6, 7: 4 }),
    ...want('EXTREME II', 'pair', { 7: 10, 8: 14, 9: 18 }),
    // the top tiers are deepened after sampling (docs/ghost-deepening.md)
    ...want('ULTIMATE', 'contradiction', { 8: 16, 9: 28 }, 40),
    ...want('ULTIMATE II', 'contradiction', { 8: 10, 9: 20 }, 60),
    ...want('ULTIMATE II', 'pair', { 9: 10 }, 60),
    // two boards for long pair chains: each the deepest of 24 sampled boards climbed to the top
    // (a sample takes ~150–300 sampling tries, hence the entry's own budget of 8,000 tries)
    { size: 9, mode: 'pair', count: 2, tier: 'ULTIMATE II', deepen: 4000, starts: 24, tries: 8000 },
    ...want('ULTIMATE+', 'contradiction', { 8: 12, 9: 50 }, 150),
  ],
};

export const GHOST_DEFAULT_SEED = 20261130;

/**
 * The lists a partial ghost config may change entry by entry, and each entry's
 * key: a plan entry by size, mode and tier (`9x9 pair ULTIMATE II`; the second
 * entry with the same key is `… #2`), a band by size (`7x7`), a ladder rule by
 * tier and mode (`HARD pair`).
 */
/** The tiers a set of this config can have: those its plan entries name (undefined when an entry names none). */
export function ghostPlannedTiers(config: GhostConfig): readonly string[] | undefined {
  if (config.plan.some((e) => e.tier === undefined)) return undefined;
  return [...new Set(config.plan.flatMap((e) => (e.count > 0 && e.tier !== undefined ? [e.tier] : [])))];
}

export const GHOST_KEYED_LISTS = {
  plan: (e: Entry) => `${e.size}x${e.size} ${e.mode}${e.tier ? ` ${e.tier}` : ''}`,
  bands: (b: GhostConfig['bands'][number]) => `${b.size}x${b.size}`,
  ladder: (r: Rule) => `${r.tier} ${r.mode}`,
};

/**
 * The original shipped 2,000 boards: the standard plan scaled to 2,250 wanted
 * boards (misses leave a little over 2,000), all ten tiers.
 */
/**
 * 9×9 boards with 26–32 ghosts, every one with exact score assets: past 28
 * ghosts the score DP runs layer by layer (docs/score-layered.md), up to about
 * 10 GB and a few minutes of one core for a G = 32 board.
 */
export const GHOST_DENSE_CONFIG: GhostConfig = {
  ...GHOST_DEFAULT_CONFIG,
  bands: [{ size: 9, ghosts: [26, 32], clues: [20, 28] }],
  scoreGhostLimit: 32,
  plan: [
    ...want('HARD', 'direct', { 9: 4 }),
    ...want('EXPERT', 'direct', { 9: 4 }),
    ...want('MASTER', 'pair', { 9: 4 }),
    ...want('EXTREME II', 'pair', { 9: 4 }),
    ...want('ULTIMATE', 'contradiction', { 9: 4 }),
    ...want('ULTIMATE+', 'contradiction', { 9: 4 }),
  ],
};

export const GHOST_PRESETS = {
  full: { description: 'the original game size: 2,000+ boards over all ten tiers', config: GHOST_DEFAULT_CONFIG, count: 2250 },
  dense: { description: '9x9 boards with 26-32 ghosts, exact scores for all (minutes and up to 10 GB per G = 32 board)', config: GHOST_DENSE_CONFIG },
};

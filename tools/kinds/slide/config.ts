// The built-in default slide config: the standard set that `npm start` makes.
// Bands follow the issue (sizes 5×5–8×8, 2–5 colours, 2–3 blocks per colour,
// 0–2 fixed blocks, minMoves 2–6); the wall bands and the plan were tuned so
// every entry fills within its try budget and `npm start` stays fast
// (docs/slide.md, "Generation").
import type { SlideConfig } from './schema.ts';

export const SLIDE_DEFAULT_CONFIG: SlideConfig = {
  triesPerBoard: 10000,
  nodeLimit: 2_000_000,
  metricBudget: 20_000_000,
  maxStates: 300_000,
  minMoves: [2, 6],
  bands: [
    { size: 5, walls: [0, 5], colours: [2, 3], blocksPerColour: [2, 3], fixed: [0, 1] },
    { size: 6, walls: [2, 8], colours: [2, 4], blocksPerColour: [2, 3], fixed: [0, 2] },
    { size: 7, walls: [4, 12], colours: [2, 4], blocksPerColour: [2, 3], fixed: [0, 2] },
    { size: 8, walls: [6, 16], colours: [3, 5], blocksPerColour: [2, 3], fixed: [0, 2] },
  ],
  // Mostly the size bands as they come; a few entries ask for 4 and 5 colours
  // (5 colours as pairs on boards with more walls), which random draws rarely
  // give within 6 moves.
  plan: [
    { size: 5, count: 40, minMoves: [2, 4] },
    { size: 6, count: 36, minMoves: [3, 5] },
    { size: 6, count: 20, minMoves: [5, 6] },
    { size: 6, count: 8, minMoves: [4, 6], colours: [4, 4], blocksPerColour: [2, 2] },
    { size: 6, count: 6, minMoves: [5, 6], colours: [5, 5], blocksPerColour: [2, 2], walls: [8, 14] },
    { size: 7, count: 44, minMoves: [4, 6] },
    { size: 7, count: 6, minMoves: [4, 6], colours: [4, 4] },
    { size: 7, count: 6, minMoves: [5, 6], colours: [5, 5], blocksPerColour: [2, 2], walls: [14, 22] },
    { size: 8, count: 52, minMoves: [4, 6] },
    { size: 8, count: 16, minMoves: [6, 6] },
  ],
  tierShares: [0.15, 0.4, 0.65, 0.85],
};

export const SLIDE_DEFAULT_SEED = 20261206;

type Range = readonly [number, number] | undefined;
const range = (name: string, r: Range) => (r ? ` ${name} ${r[0]}-${r[1]}` : '');

/**
 * The lists a partial slide config may change entry by entry, and each entry's
 * key: a plan entry by size, minMoves and colours where it names them
 * (`6x6 minMoves 5-6 colours 5-5`; a repeated key gets ` #2`), a band by size (`7x7`).
 */
export const SLIDE_KEYED_LISTS = {
  plan: (e: SlideConfig['plan'][number]) => `${e.size}x${e.size}${range('minMoves', e.minMoves)}${range('colours', e.colours)}`,
  bands: (b: SlideConfig['bands'][number]) => `${b.size}x${b.size}`,
};

/**
 * The original shipped 400 stages: the standard plan scaled to 410 wanted
 * boards (the few duplicates curate drops leave about 400), all five tiers.
 */
export const SLIDE_PRESETS = {
  full: { description: 'the original game size: about 400 stages over all five tiers', config: SLIDE_DEFAULT_CONFIG, count: 410 },
};

// The built-in default slide config: the standard set that `npm start` makes.
// Bands follow the issue (sizes 5×5–8×8, 2–5 colours, 2–3 blocks per colour,
// 0–2 fixed blocks, minMoves 2–6); the wall bands and the plan were tuned so
// every entry fills within its try budget and `npm start` stays fast
// (README, "slide: bands and plan").
import type { SlideConfig } from './schema.ts';

export const SLIDE_DEFAULT_CONFIG: SlideConfig = {
  triesPerBoard: 4000,
  nodeLimit: 2_000_000,
  metricBudget: 20_000_000,
  maxGraphStates: 3_000_000,
  minMoves: [2, 6],
  bands: [
    { size: 5, walls: [0, 5], colours: [2, 3], blocksPerColour: [2, 3], fixed: [0, 1] },
    { size: 6, walls: [2, 8], colours: [2, 4], blocksPerColour: [2, 3], fixed: [0, 2] },
    { size: 7, walls: [4, 12], colours: [2, 4], blocksPerColour: [2, 3], fixed: [0, 2] },
    { size: 8, walls: [6, 16], colours: [3, 5], blocksPerColour: [2, 3], fixed: [0, 2] },
  ],
  plan: [
    { size: 5, count: 40, minMoves: [2, 4] },
    { size: 6, count: 40, minMoves: [3, 5] },
    { size: 6, count: 20, minMoves: [5, 6] },
    { size: 7, count: 40, minMoves: [4, 6] },
    { size: 8, count: 40, minMoves: [4, 6] },
    { size: 8, count: 40, minMoves: [6, 6] },
  ],
  tierShares: [0.15, 0.4, 0.65, 0.85],
};

export const SLIDE_DEFAULT_SEED = 20261206;

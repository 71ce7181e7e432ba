// The score assets of a solved ghost board (docs/ghost.md): exact best and worst
// score over all catching orders, the free ghosts, and the two "still on
// course for the medal" assets (course.ts) — or the explicit value "unknown"
// for each when the board has more ghosts than the set's configured exact limit.
import type { GhostPuzzle, GhostSolution } from './schema.ts';
import { scoreModel, type ScoreModel } from './score-model.ts';
import { dpModel, optimalStates, scoreTables, totalScore, DP_MAX_GHOSTS, KERNEL_MAX_GHOSTS } from './score-dp.ts';
import { layeredOptima } from './score-layered.ts';
import { buildCourse, candidateOrders, courseOf, ORDER_TRY_BYTES } from './course.ts';

export const UNKNOWN = 'unknown';
export type Unknown = typeof UNKNOWN;

export interface ScoreAssets {
  maxScore: number | Unknown;
  minScore: number | Unknown;
  /** [row, col] of every free ghost, row-major. */
  freeGhosts: [number, number][] | Unknown;
  /** The course assets (course.ts), base64. */
  maxCourse: string | Unknown;
  minCourse: string | Unknown;
}

export const UNKNOWN_SCORES: ScoreAssets = { maxScore: UNKNOWN, minScore: UNKNOWN, freeGhosts: UNKNOWN, maxCourse: UNKNOWN, minCourse: UNKNOWN };

export interface ScoreRun {
  assets: ScoreAssets;
  /** Transitions the DP evaluated (0 when skipped). */
  transitions: number;
  /** States on an optimal play, for max and min. */
  maxStates: number;
  minStates: number;
}

/** Everything above for a board whose ghosts are where `solution` says; "unknown" above `ghostLimit`. */
export function scoreAssets(puzzle: GhostPuzzle, solution: GhostSolution, ghostLimit: number): ScoreRun {
  const model = scoreModel(puzzle, solution);
  if (model.ghosts > Math.min(ghostLimit, DP_MAX_GHOSTS)) return { assets: UNKNOWN_SCORES, transitions: 0, maxStates: 0, minStates: 0 };
  return exactScores(model);
}

export function exactScores(model: ScoreModel): ScoreRun {
  const G = model.ghosts;
  if (G > KERNEL_MAX_GHOSTS) return layeredScores(model);
  const t = scoreTables(dpModel(model));
  const best = optimalStates(t, 'max');
  const worst = optimalStates(t, 'min');
  const maxScore = totalScore(G, t.fmax[0]!);
  const minScore = totalScore(G, t.fmin[0]!);
  const transitions = t.transitions;
  const orders = candidateOrders(model.ghostCell, model.n);
  const maxCourse = buildCourse(G, t.fmax, t.ck, best.states, orders);
  const minCourse = buildCourse(G, t.fmin, t.ck, worst.states, orders);
  return {
    assets: { maxScore, minScore, freeGhosts: freeGhostCells(model, best.notFree), maxCourse, minCourse },
    transitions,
    maxStates: best.count,
    minStates: worst.count,
  };
}

/**
 * Past KERNEL_MAX_GHOSTS ghosts (the layered DP, docs/score-layered.md): the
 * same values, with the course assets built from the W values the layered
 * marking keeps for the states on an optimal play — except a course asset
 * whose states on an optimal play do not fit the memory the DP allows them
 * (score-layered.ts courseFits; seen on worst medals at G = 32): that one is "unknown",
 * explicitly, never guessed. Any G ≤ DP_MAX_GHOSTS; `lowBits` (blocks of
 * 2^lowBits states) is for tests.
 */
export function layeredScores(model: ScoreModel, lowBits?: number): ScoreRun {
  const G = model.ghosts;
  const orders = candidateOrders(model.ghostCell, model.n);
  const { maxBonus, minBonus, best, worst, transitions, courses, release } = layeredOptima(
    dpModel(model),
    lowBits,
    undefined,
    (_which, keys, ws, alloc, rowMajorOnly) => courseOf(G, keys, ws, rowMajorOnly ? [] : orders, ORDER_TRY_BYTES, alloc),
  );
  release();
  const assets: ScoreAssets = {
    maxScore: totalScore(G, maxBonus),
    minScore: totalScore(G, minBonus),
    freeGhosts: freeGhostCells(model, best.notFree),
    maxCourse: courses!.max ?? UNKNOWN,
    minCourse: courses!.min ?? UNKNOWN,
  };
  return { assets, transitions, maxStates: best.count, minStates: worst.count };
}

function freeGhostCells(model: ScoreModel, notFree: number): [number, number][] {
  const out: [number, number][] = [];
  for (let g = 0; g < model.ghosts; g++) {
    if (((notFree >>> g) & 1) === 0) {
      const cell = model.ghostCell[g]!;
      out.push([Math.floor(cell / model.n), cell % model.n]);
    }
  }
  return out;
}

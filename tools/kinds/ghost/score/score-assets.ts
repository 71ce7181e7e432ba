// The score assets of a solved ghost board (docs/ghost.md): exact best and worst
// score over all catching orders, the free ghosts, and the two "still on
// course for the medal" assets (course-build.ts) — or the explicit value
// "unknown" for each when the board has more ghosts than the set's configured
// exact limit. One path: the DP that fits G (dp-single.ts up to
// KERNEL_MAX_GHOSTS, dp-layered.ts past it, dp-medal.ts past COURSE_MAX_GHOSTS) gives the optima and the states on
// optimal plays with their W, and the assets are built from those alike
// (course-build.ts courseAssets).
import { type Resources, type Scratch, type Threads, memoryScratch } from 'proofpack/kind';
import type { GhostPuzzle, GhostSolution } from '../schema.ts';
import { scoreModel, type ScoreModel } from '../score-rule.ts';
import { COURSE_MAX_GHOSTS, DP_MAX_GHOSTS, KERNEL_MAX_GHOSTS } from '../limits.ts';
import { dpModel, wholeMap } from './dp-kernel.ts';
import { singleOptima, totalScore } from './dp-single.ts';
import { layeredDisk, layeredMemory, layeredOptima } from './dp-layered.ts';
import { medalNeeds, medalOptima, medalStreams } from './dp-medal.ts';
import { checkRoom, type DpNeeds } from './dp-room.ts';
import { courseAssets } from './course-build.ts';

export const UNKNOWN = 'unknown';
export type Unknown = typeof UNKNOWN;

export interface ScoreAssets {
  maxScore: number | Unknown;
  minScore: number | Unknown;
  /** [row, col] of every free ghost, row-major. */
  freeGhosts: [number, number][] | Unknown;
  /** The course assets (course-format.ts), base64. */
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

/**
 * Everything above for a board whose ghosts are where `solution` says; "unknown" above `ghostLimit`.
 * A DP that `machine` (the command layer's reading; absent: no check) has not the room for is
 * refused first with a ResourceError (dp-room.ts).
 */
export function scoreAssets(
  puzzle: GhostPuzzle,
  solution: GhostSolution,
  ghostLimit: number,
  scratch: Scratch = memoryScratch(),
  machine?: Resources,
  team?: Threads,
): ScoreRun {
  const model = scoreModel(puzzle, solution);
  if (model.ghosts > Math.min(ghostLimit, DP_MAX_GHOSTS)) return { assets: UNKNOWN_SCORES, transitions: 0, maxStates: 0, minStates: 0 };
  const G = model.ghosts;
  checkRoom(G, dpNeeds(G, machine), machine);
  return exactScores(model, scratch, undefined, team, G > COURSE_MAX_GHOSTS && medalStreams(G, machine));
}

/** What the DP exactScores runs for G ghosts needs: the kernel's memory (dp-single.ts), or the layered DPs' arena, bitsets and scratch files (past COURSE_MAX_GHOSTS streamed where two layers do not fit `machine`). */
export function dpNeeds(G: number, machine?: Resources): DpNeeds {
  if (G > COURSE_MAX_GHOSTS) return medalNeeds(G, medalStreams(G, machine));
  if (G > KERNEL_MAX_GHOSTS) return { memory: layeredMemory(G), disk: layeredDisk(G) };
  return { memory: wholeMap(2 ** G).bytes, disk: 0 };
}

/**
 * The exact assets of any G ≤ DP_MAX_GHOSTS. `layeredLowBits` runs the layered
 * DP whatever G, with blocks of 2^layeredLowBits states (for tests). `team`:
 * threads for the blocks of a layer past COURSE_MAX_GHOSTS (dp-medal-blocks.ts);
 * `stream`: that DP reads the layer being read from its scratch file (dp-stream.ts).
 */
export function exactScores(model: ScoreModel, scratch: Scratch = memoryScratch(), layeredLowBits?: number, team?: Threads, stream = false): ScoreRun {
  const G = model.ghosts;
  const d = dpModel(model);
  // past COURSE_MAX_GHOSTS one medal a pass, course assets "unknown" (dp-medal.ts)
  const dp =
    G > COURSE_MAX_GHOSTS
      ? medalOptima(d, scratch, { ...(layeredLowBits === undefined ? {} : { lowBits: layeredLowBits }), ...(team ? { team } : {}), stream })
      : G > KERNEL_MAX_GHOSTS || layeredLowBits !== undefined
        ? layeredOptima(d, scratch, layeredLowBits)
        : singleOptima(d);
  try {
    const freeGhosts = freeGhostCells(model, dp.best.notFree);
    const courses = courseAssets(dp, model.ghostCell, model.n);
    return {
      assets: {
        maxScore: totalScore(G, dp.maxBonus),
        minScore: totalScore(G, dp.minBonus),
        freeGhosts,
        maxCourse: courses.max ?? UNKNOWN,
        minCourse: courses.min ?? UNKNOWN,
      },
      transitions: dp.transitions,
      maxStates: dp.best.count,
      minStates: dp.worst.count,
    };
  } finally {
    dp.release();
  }
}

/** [row, col] of the ghosts not in `notFree`, row-major. */
function freeGhostCells(model: ScoreModel, notFree: number): [number, number][] {
  const out: [number, number][] = [];
  model.ghostCell.forEach((cell, g) => {
    if (Math.floor(notFree / 2 ** g) % 2 === 0) out.push([Math.floor(cell / model.n), cell % model.n]);
  });
  return out;
}

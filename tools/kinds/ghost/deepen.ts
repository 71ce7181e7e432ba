// The deepening pass (docs/ghost-deepening.md): after rejection sampling found a
// board that passes its target test, try changes to its clue cells — remove
// one, or move one to another empty cell — drawn from the slot's own RNG, and
// keep a change only when the changed board still passes the same target test
// (layers L1–L3, mode, round limits, tier, at most maxZeroTargets zero
// constraints), the solver agrees with the known solution, and the board gets
// deeper. Ghosts never move; every number (clues, row and column counts) is
// recomputed from the known solution after each change. The pass adds no rule:
// the result is an ordinary board, analysed and verified like any other.
import { type Rng, popcount, at } from 'proofpack/kind';
import type { GhostPuzzle, GhostSolution } from './schema.ts';
import { buildLevel, zeroTargetCount } from './rules.ts';
import { compileBoard, isClue, WORDS } from './board.ts';
import { solveLayered } from './solver.ts';
import { agreesWithSolution, limitsFor, passesTarget, type GhostSpec } from './target-test.ts';

/** The depth the pass climbs: logicDepth at the original's weights (direct + 2·pair + 2·contradiction). */
export function deepenDepth(r: { direct: number; pair: number; contradiction: number }): number {
  return r.direct + 2 * r.pair + 2 * r.contradiction;
}

export interface DeepenResult {
  puzzle: GhostPuzzle;
  /** deepenDepth of the board before and after the pass. */
  before: number;
  after: number;
  /** The rank the pass climbs (deepenDepth, then the tail), after the pass. */
  rank: number;
  /** Changes tried and kept. */
  tries: number;
  kept: number;
  /** Changed boards thrown away because the solver disagreed with the known solution (a bug to report). */
  disagreements: number;
}

/** How many of the last rounds count toward the tie-break. */
export const TAIL_ROUNDS = 5;

/**
 * The pass's verdict on one board: its rank when it passes the target test,
 * -1 when not, null on a disagreement with the known solution. The rank is
 * deepenDepth, ties broken by the number of cells the last TAIL_ROUNDS rounds
 * decide (a longer tail of the chain).
 */
function judge(puzzle: GhostPuzzle, solution: GhostSolution, spec: GhostSpec, maxZeroTargets: number): number | null {
  if (zeroTargetCount(puzzle) > maxZeroTargets) return -1;
  const board = compileBoard(puzzle);
  const r = solveLayered(board, { ...limitsFor(spec), trace: true });
  if (!agreesWithSolution(board, r, solution)) return null;
  if (!passesTarget(r, spec)) return -1;
  let tail = 0;
  for (let i = Math.max(0, r.rounds.length - TAIL_ROUNDS); i < r.rounds.length; i++) {
    const round = at(r.rounds, i);
    for (let w = 0; w < WORDS; w++) tail += popcount(at(round.ghosts, w)) + popcount(at(round.empties, w));
  }
  return deepenDepth(r) * RANK + tail;
}

const RANK = 1024;

/**
 * Deepen a board that passes spec's target test by first-improvement hill
 * climbing: the changes of the current board (remove clue cell f, or move it
 * to cell t that holds neither a ghost nor a clue) are drawn uniformly without
 * repetition from rng; the first that keeps the board valid for the spec and
 * raises deepenDepth is kept, and drawing starts again from the new board's
 * changes. "Deeper" is judge's rank: deepenDepth, ties broken by the cells the
 * last rounds decide. Stops after `tries` changes, or when no change of the current board
 * is left (no single change makes it deeper).
 */
export function deepenBoard(puzzle: GhostPuzzle, solution: GhostSolution, spec: GhostSpec, maxZeroTargets: number, tries: number, rng: Rng): DeepenResult {
  const n = puzzle.size;
  const ghost = new Uint8Array(n * n);
  const clue = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (at(solution, r)[c] === 'G') ghost[r * n + c] = 1;
      if (isClue(at(at(puzzle.grid, r), c))) clue[r * n + c] = 1;
    }
  }
  const start = judge(puzzle, solution, spec, maxZeroTargets);
  if (start === null || start < 0) throw new Error('deepenBoard: the starting board does not pass its target test');
  let best = puzzle;
  let rank = start;
  let kept = 0;
  let disagreements = 0;
  // the untried changes of the current board, k = f·128 + t + 1 (k = f·128: remove f), in cell order
  const changes: number[] = [];
  const untried = () => {
    changes.length = 0;
    for (let f = 0; f < n * n; f++) {
      if (!clue[f]) continue;
      changes.push(f * 128);
      for (let t = 0; t < n * n; t++) if (!clue[t] && !ghost[t]) changes.push(f * 128 + t + 1);
    }
  };
  untried();
  let t = 0;
  for (; t < tries && changes.length > 0; t++) {
    const j = rng.int(0, changes.length - 1);
    const k = at(changes, j);
    changes[j] = at(changes, changes.length - 1);
    changes.pop();
    const from = k >> 7;
    const to = (k & 127) - 1;
    clue[from] = 0;
    if (to >= 0) clue[to] = 1;
    const candidate = buildLevel(n, ghost, clue).puzzle;
    const d = judge(candidate, solution, spec, maxZeroTargets);
    if (d === null) disagreements++;
    if (d !== null && d > rank) {
      best = candidate;
      rank = d;
      kept++;
      untried();
    } else {
      clue[from] = 1;
      if (to >= 0) clue[to] = 0;
    }
  }
  return { puzzle: best, before: Math.floor(start / RANK), after: Math.floor(rank / RANK), rank, tries: t, kept, disagreements };
}

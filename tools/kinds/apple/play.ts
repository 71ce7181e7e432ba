// The apple rules as a game client uses them: start a play on a board, take a
// rectangle (its remaining digits must sum to exactly 10; removed cells count
// 0), the score so far, whether any move is left, and replay a level's stored
// plays. The same rules code (rects.ts) the pipeline proves levels with.
import type { AppleAnalysis as Analysis, ApplePuzzle as Puzzle, AppleSolution as Solution, AppleRect } from './schema.ts';
import { parseBoard } from './board.ts';
import { COLS, ROWS } from './bounds.ts';
import { MAX_MOVES, TARGET, clearRect, enumerateMoves, packRect, replay, sumIn } from './rects.ts';
import type { Level, ReplayReport } from 'proofpack/face';

/** An apple level as stored in a pack: `puzzle.board` (10 rows of 17 digits), `solution` the best known play, `analysis` the scores and the greedy play. */
export type AppleLevel = Level<Puzzle, Solution, Analysis>;

/** An apple play in progress. Change it only with takeRect. */
export interface ApplePlayState {
  /** Remaining digits, row-major (index row * 17 + col); 0 where removed. */
  readonly cells: Uint8Array;
  /** Cells removed so far (the score). */
  readonly score: number;
  /** Rectangles taken so far. */
  readonly moves: number;
}

/** What one rectangle did: `{ ok: true, cleared }` (digits removed = points) or `{ ok: false, why }` (not taken; nothing changed). */
export type TakeResult = { ok: true; cleared: number } | { ok: false; why: string };

/** The medals of an apple play (compare the score with the level's two stored plays). */
export interface AppleMedals {
  /** Removed at least as many cells as the baseline greedy play (`analysis.greedyScore`). */
  greedy: boolean;
  /** Removed at least as many cells as the level's best known play (`analysis.bestScore`; not always the optimum: `upperBound` caps it). */
  best: boolean;
}

/** Start a play on an apple level's `puzzle`. Throws on a board that is not 10 rows of 17 digits 1..9. */
export function startApplePlay(puzzle: Puzzle): ApplePlayState {
  return { cells: parseBoard(puzzle.board), score: 0, moves: 0 };
}

/**
 * Take the rectangle `[top, left, bottom, right]` (inclusive, 0-based, row 0 at
 * the top) when its remaining digits sum to exactly 10 (removed cells count 0):
 * its digits are removed and the score grows by their number. Returns
 * `{ ok: true, cleared }`, or `{ ok: false, why }` (not a rectangle on the
 * board, or another sum), which changes nothing. Never throws.
 */
export function takeRect(play: ApplePlayState, rect: AppleRect): TakeResult {
  const sum = rectSumOf(play, rect);
  if (sum === null) return { ok: false, why: 'not a rectangle on the 10x17 board' };
  const [t, l, b, r] = rect;
  const m = packRect(t, l, b, r);
  if (sum !== TARGET) return { ok: false, why: `the remaining digits sum to ${sum}, not 10` };
  const cleared = clearRect(play.cells, m);
  const p = play as { score: number; moves: number };
  p.score += cleared;
  p.moves++;
  return { ok: true, cleared };
}

/**
 * The sum of the remaining digits in `[top, left, bottom, right]` (inclusive,
 * 0-based; removed cells count 0) — what a game shows under a drag — or null
 * when that is not a rectangle on the board (whole numbers, top ≤ bottom,
 * left ≤ right, inside 10 × 17).
 */
export function rectSumOf(play: Pick<ApplePlayState, 'cells'>, rect: AppleRect): number | null {
  if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((v) => Number.isInteger(v))) return null;
  const [t, l, b, r] = rect;
  if (!(t >= 0 && t <= b && b < ROWS && l >= 0 && l <= r && r < COLS)) return null;
  return sumIn(play.cells, packRect(t, l, b, r));
}

/** True while some rectangle still sums to 10. */
export function hasMove(play: ApplePlayState): boolean {
  return enumerateMoves(play.cells, new Int32Array(MAX_MOVES)) > 0;
}

/** True when no rectangle sums to 10 any more: the level is over. */
export function isAppleOver(play: ApplePlayState): boolean {
  return !hasMove(play);
}

/** The medals the score so far has earned (the score only grows, so a medal once earned stays). */
export function appleMedalsEarned(play: ApplePlayState, analysis: Analysis): AppleMedals {
  return { greedy: play.score >= analysis.greedyScore, best: play.score >= analysis.bestScore };
}

/** Replay the level's stored solution and greedy play: every rectangle valid, the scores as stored. `score` is bestScore. Never throws. */
export function replayApple(level: AppleLevel): ReplayReport {
  const problems: string[] = [];
  const board = parseBoard(level.puzzle.board);
  for (const [name, play, want] of [
    ['solution', level.solution, level.analysis.bestScore],
    ['greedy play', level.analysis.greedyPlay, level.analysis.greedyScore],
  ] as const) {
    const r = replay(board, play);
    if (!r.ok) problems.push(`${name}: move ${r.index}: ${r.reason}`);
    else if (r.score !== want) problems.push(`${name} clears ${r.score} cells, the level says ${want}`);
  }
  return { ok: problems.length === 0, problems, moves: level.solution.length, score: level.analysis.bestScore };
}

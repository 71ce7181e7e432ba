// The slide rules as a game client uses them: start a play, flick a block
// (slide until blocked, then same-coloured neighbours vanish), know when the
// board is clear, award stars from the level's stored thresholds, and replay a
// level's stored solution. The same rules code the pipeline proves levels with.
import type { Direction } from './schema.ts';
import type { SlideAnalysis as Analysis, SlidePuzzle as Puzzle, SlideSolution as Solution } from './schema.ts';
import { charOfValue, compileBoard, cellOf, type SlideBoard } from './board.ts';
import { blocksLeft, playMove, startGrid, type MoveResult } from './rules.ts';
import { starsFor } from './stars.ts';
import { type Level, type ReplayReport, at } from 'proofpack/face';

/** A slide level as stored in a pack: `puzzle.board` rows, `solution` a shortest list of flicks, `analysis` with minMoves and stars. */
export type SlideLevel = Level<Puzzle, Solution, Analysis>;

/** What one flick did: `{ ok: true, vanished }` (blocks that vanished after it, 0 or more) or `{ ok: false, why }` (illegal; nothing changed). */
export type FlickResult = MoveResult;

/** A slide play in progress. Read it through slideBoardNow / isCleared / starsEarned; change it only with flick. */
export interface SlidePlay {
  /** The compiled level (terrain; internal layout). */
  readonly board: SlideBoard;
  /** The blocks now, in the compiled layout (internal; slideBoardNow gives the rows). */
  readonly grid: Uint8Array;
  /** Legal flicks played so far. */
  readonly moves: number;
}

/** Start a play of a slide level on its `puzzle` (e.g. `level.puzzle` of a loaded pack). Throws on a board that is not in the level encoding. */
export function startSlidePlay(puzzle: Puzzle): SlidePlay {
  const board = compileBoard(puzzle);
  return { board, grid: startGrid(board), moves: 0 };
}

/**
 * Flick the movable block at column `col`, row `row` (0-based, row 0 at the top)
 * in direction `dir` ('U', 'D', 'L', 'R'): it slides until the next cell is off
 * the board, a wall or a block, then every block next to a block of its own
 * colour vanishes. Returns `{ ok: true, vanished }`, or `{ ok: false, why }`
 * for an illegal flick (off the board, a wall, no block, a fixed block, a
 * block that cannot move that way), which changes nothing. Never throws.
 */
export function flick(play: SlidePlay, col: number, row: number, dir: Direction): FlickResult {
  const r = playMove(play.board, play.grid, [col, row, dir]);
  if (r.ok) (play as { moves: number }).moves++;
  return r;
}

/** True when no block is left (fixed blocks included): the level is won. */
export function isCleared(play: SlidePlay): boolean {
  return blocksLeft(play.board, play.grid) === 0;
}

/** The board as row strings in the level encoding ('#', '.', 'a'..'o', 'A'..'O'). */
export function slideBoardNow(play: SlidePlay): string[] {
  const rows: string[] = [];
  for (let r = 0; r < play.board.h; r++) {
    let line = '';
    for (let c = 0; c < play.board.w; c++) line += charOfValue(at(play.grid, cellOf(play.board, r, c)));
    rows.push(line);
  }
  return rows;
}

/**
 * The stars this play has earned, from the level's stored thresholds
 * (`analysis.stars`): 0 until the board is clear, then 3 for a clear in at most
 * `stars.three` flicks (the proven minimum), 2 within `stars.two`, 1 within
 * `stars.one`, 0 beyond.
 */
export function starsEarned(play: SlidePlay, analysis: Analysis): 0 | 1 | 2 | 3 {
  return isCleared(play) ? starsFor(play.moves, analysis.stars) : 0;
}

/**
 * @deprecated the old name of starsEarned.
 * @alias kept in proofpack/client for games written against it (knip: not a duplicate export)
 */
export const slideStars = starsEarned;

/** Replay the level's stored solution: every flick legal, the board clear, minMoves flicks, 3 stars. `score` is the stars. Never throws. */
export function replaySlide(level: SlideLevel): ReplayReport {
  const play = startSlidePlay(level.puzzle);
  const problems: string[] = [];
  for (const [i, [col, row, dir]] of level.solution.entries()) {
    const r = flick(play, col, row, dir);
    if (!r.ok) {
      problems.push(`move ${i}: ${r.why}`);
      break;
    }
  }
  if (problems.length === 0 && !isCleared(play)) problems.push(`${blocksLeft(play.board, play.grid)} blocks left after the solution`);
  if (play.moves !== level.analysis.minMoves) problems.push(`the solution has ${play.moves} moves, minMoves is ${level.analysis.minMoves}`);
  const stars = starsEarned(play, level.analysis);
  if (problems.length === 0 && stars !== 3) problems.push(`the stored solution earns ${stars} stars, not 3`);
  return { ok: problems.length === 0, problems, moves: play.moves, score: stars };
}

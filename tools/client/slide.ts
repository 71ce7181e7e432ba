// The slide rules as a game client uses them: start a play, flick a block
// (slide until blocked, then same-coloured neighbours vanish), know when the
// board is clear, award stars from the level's stored thresholds, and replay a
// level's stored solution. The same rules code the pipeline proves levels with.
import { SLIDE_TIERS, SlideAnalysis, SlideCalibration, SlideConfig, SlidePuzzle, SlideSolution, type Direction } from '../kinds/slide/schema.ts';
import type { SlideAnalysis as Analysis, SlidePuzzle as Puzzle, SlideSolution as Solution } from '../kinds/slide/schema.ts';
import { charOfValue, compileBoard, cellOf, type SlideBoard } from '../kinds/slide/board.ts';
import { blocksLeft, playMove, startGrid, type MoveResult } from '../kinds/slide/rules.ts';
import { starsFor } from '../kinds/slide/stars.ts';
import type { Level } from '../lib/kind.ts';
import type { ClientKind, ReplayReport } from './kinds.ts';

export type SlideLevel = Level<Puzzle, Solution, Analysis>;

export interface SlidePlay {
  readonly board: SlideBoard;
  readonly grid: Uint8Array;
  moves: number;
}

export function startSlidePlay(puzzle: Puzzle): SlidePlay {
  const board = compileBoard(puzzle);
  return { board, grid: startGrid(board), moves: 0 };
}

/** Flick the movable block at (col, row) in direction dir; an illegal move changes nothing. */
export function flick(play: SlidePlay, col: number, row: number, dir: Direction): MoveResult {
  const r = playMove(play.board, play.grid, [col, row, dir]);
  if (r.ok) play.moves++;
  return r;
}

export function isCleared(play: SlidePlay): boolean {
  return blocksLeft(play.board, play.grid) === 0;
}

/** The board as row strings in the level encoding ('#', '.', 'a'..'o', 'A'..'O'). */
export function slideBoardNow(play: SlidePlay): string[] {
  const rows: string[] = [];
  for (let r = 0; r < play.board.h; r++) {
    let line = '';
    for (let c = 0; c < play.board.w; c++) line += charOfValue(play.grid[cellOf(play.board, r, c)]!);
    rows.push(line);
  }
  return rows;
}

/** Stars for the play so far (0 until the board is clear). */
export function slideStars(play: SlidePlay, analysis: Analysis): 0 | 1 | 2 | 3 {
  return isCleared(play) ? starsFor(play.moves, analysis.stars) : 0;
}

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
  const stars = slideStars(play, level.analysis);
  if (problems.length === 0 && stars !== 3) problems.push(`the stored solution earns ${stars} stars, not 3`);
  return { ok: problems.length === 0, problems, moves: play.moves, score: stars };
}

export const slideClient: ClientKind<SlideLevel> = {
  formats: {
    name: 'slide',
    tiers: SLIDE_TIERS,
    schemas: { puzzle: SlidePuzzle, solution: SlideSolution, analysis: SlideAnalysis, config: SlideConfig, calibration: SlideCalibration },
  },
  replay: replaySlide,
};

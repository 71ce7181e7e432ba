// The nonogram as the game client knows it (KindFace): the reading of a level
// of a pack, the replay of its stored solution, and the game loop over
// plain-JSON states: mark a cell filled, crossed or blank; the game is won
// when every row and column has its clue. Browser-safe: `proofpack/face`, the
// rules (board.ts) and the bounds the schemas read too (bounds.ts) only.
import { arr, int, obj, str, type KindFace, type Level } from 'proofpack/face';
import { NAME, firstWrongLine } from './board.ts';
import { MAX_CELLS, MAX_ROUNDS, MAX_RUNS, MAX_SIDE, MIN_SIDE } from './bounds.ts';
import type { Analysis, Puzzle, Solution } from './schema.ts';

/** A nonogram level. */
export type NonogramLevel = Level<Puzzle, Solution, Analysis>;
/** A cell's mark: '#' filled, 'x' crossed (the player's note that it is empty), '-' blank. */
export type Mark = '#' | 'x' | '-';
/** A game: the marks, row by row, and whether the filled cells solve the puzzle. */
export interface GameState {
  readonly level: string;
  readonly marks: readonly string[];
  readonly solved: boolean;
}
/** Mark a cell, or start again. */
export type Action = { readonly type: 'mark'; readonly row: number; readonly col: number; readonly mark: Mark } | { readonly type: 'restart' };
/** What an action did. */
export type GameEvent =
  | { readonly kind: 'marked'; readonly solved: boolean }
  | { readonly kind: 'restarted' }
  | { readonly kind: 'refused'; readonly why: string };

const clues = arr(arr(int(1, MAX_SIDE), 0, MAX_RUNS), MIN_SIDE, MAX_SIDE);
const shape = obj({
  puzzle: obj({ rows: clues, cols: clues }),
  solution: arr(str(new RegExp(`^[#.]{${MIN_SIDE},${MAX_SIDE}}$`), `${MIN_SIDE}-${MAX_SIDE} of '#' or '.'`), MIN_SIDE, MAX_SIDE),
  analysis: obj({ rounds: int(1, MAX_ROUNDS), probes: int(0, MAX_CELLS), filled: int(0, MAX_CELLS) }),
});

function levelProblem(level: Record<string, unknown>): string | null {
  const problem = shape(level, '');
  if (problem !== null) return problem;
  const l = level as unknown as NonogramLevel;
  return firstWrongLine(l.puzzle, l.solution) === 'size' ? '.solution: expected a row per puzzle row, a cell per puzzle column' : null;
}

const solves = (level: NonogramLevel, marks: readonly string[]) => firstWrongLine(level.puzzle, marks) === null;

export function start(level: NonogramLevel): GameState {
  return { level: level.id, marks: level.puzzle.rows.map(() => '-'.repeat(level.puzzle.cols.length)), solved: false };
}

export function step(level: NonogramLevel, state: GameState, action: Action): { state: GameState; event: GameEvent } {
  const refuse = (why: string) => ({ state, event: { kind: 'refused' as const, why } });
  if (action.type === 'restart') return { state: start(level), event: { kind: 'restarted' } };
  if (action.type !== 'mark') return refuse('unknown action');
  const { row, col, mark } = action;
  if (state.solved) return refuse('the puzzle is solved');
  if (!['#', 'x', '-'].includes(mark)) return refuse(`a mark is '#', 'x' or '-', not ${JSON.stringify(mark)}`);
  const cell = Number.isInteger(row) && Number.isInteger(col) && row >= 0 && col >= 0 && row < state.marks.length && col < level.puzzle.cols.length;
  if (!cell) return refuse('not a cell');
  const marks = state.marks.map((line, r) => (r === row ? line.slice(0, col) + mark + line.slice(col + 1) : line));
  const solved = solves(level, marks);
  return { state: { level: level.id, marks, solved }, event: { kind: 'marked', solved } };
}

/** A saved game rebuilt from its marks (the only thing it records of play; `solved` is recomputed), or why not. */
export function restore(level: NonogramLevel, saved: unknown): { ok: true; state: GameState } | { ok: false; why: string } {
  const s = saved as Partial<GameState> | null;
  if (s === null || typeof s !== 'object' || s.level !== level.id) return { ok: false, why: `saved game: not a game of ${level.id}` };
  const fresh = start(level);
  const marks = s.marks;
  if (
    !Array.isArray(marks) ||
    marks.length !== fresh.marks.length ||
    !marks.every((m) => typeof m === 'string' && /^[-#x]*$/.test(m) && m.length === level.puzzle.cols.length)
  )
    return { ok: false, why: `saved game: marks: expected ${fresh.marks.length} rows of ${level.puzzle.cols.length} of '-', '#', 'x'` };
  return { ok: true, state: { level: level.id, marks: [...marks], solved: solves(level, marks) } };
}

export const face: KindFace<NonogramLevel, typeof NAME, GameState, Action, GameEvent> = {
  name: NAME,
  levelProblem,
  replay: (level) => {
    const wrong = firstWrongLine(level.puzzle, level.solution);
    const filled = level.solution.join('').replaceAll('.', '').length;
    const problems = [
      ...(wrong === null ? [] : [`the solution does not solve the puzzle (${wrong === 'size' ? 'size' : `${wrong.side}[${wrong.index}]`})`]),
      ...(filled === level.analysis.filled ? [] : [`the solution fills ${filled} cells, the level says ${level.analysis.filled}`]),
    ];
    return { ok: problems.length === 0, problems, moves: filled, score: filled };
  },
  start,
  step,
  restore,
  // solved: every row and column has its clue; a mistake: a cell filled now that the stored solution leaves empty
  outcome: (level, state) => ({
    solved: state.solved,
    mistakes: state.marks.reduce((n, line, r) => n + [...line].filter((m, c) => m === '#' && level.solution[r]?.[c] !== '#').length, 0),
  }),
};

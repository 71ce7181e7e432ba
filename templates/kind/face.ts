// The rules of Lights Out, once, and the kind as the game client knows it (KindFace): a board is rows of '0' (off) and '1' (on);
// a press toggles a cell and its four neighbours; all off wins; a mistake (outcome) is a press beyond the fewest. Browser-safe.
import { arr, int, obj, replayReport, restoreByReplay, str, type KindFace, type Level } from 'proofpack/face';

/** The kind's name: the `kind` of its files, the prefix of its level ids (`proofpack init --kind NAME` writes it). */
export const NAME = 'lights';

/** A level of this kind: schema.ts's Puzzle, Solution and Analysis, as plain types (defineKind holds them equal). */
export type LightsLevel = Level<{ size: number; lights: string[] }, number[], { presses: number; solutions: number }>;
/** A game: its level's id, the board now and the cells pressed so far (row-major indexes, in order). */
export type State = { level: string; lights: string[]; pressed: number[] };
/** Press a cell (its row-major index). */
export type Action = { type: 'press'; cell: number };
/** What a press did. */
export type Event = { kind: 'pressed'; lit: number } | { kind: 'refused'; why: string };

/** The action of a press of cell `cell`. */
export const pressOf = (cell: number): Action => ({ type: 'press', cell });
/** Whether the board is `size` rows of `size` cells. */
export const square = (p: { size: number; lights: readonly string[] }): boolean => p.lights.length === p.size && p.lights.every((r) => r.length === p.size);
/** How many lights of a board are on. */
export const lit = (rows: readonly string[]): number => rows.join('').split('1').length - 1;
/** The board after a press of cell `i` (row-major index): the cell and its neighbours toggled. */
export function press(rows: readonly string[], i: number): string[] {
  const [r, c] = [Math.floor(i / rows.length), i % rows.length];
  return rows.map((row, y) => row.replace(/./g, (v, x: number) => (Math.abs(y - r) + Math.abs(x - c) > 1 ? v : v === '1' ? '0' : '1')));
}

const shape = obj({ puzzle: obj({ size: int(3, 9), lights: arr(str(/^[01]{3,9}$/, "3-9 of '0'/'1'"), 3, 9) }), solution: arr(int(0, 80), 0, 81) });
export const face: KindFace<LightsLevel, typeof NAME, State, Action, Event> = {
  name: NAME,
  levelProblem: (level) =>
    shape(level, '') ?? (square((level as unknown as LightsLevel).puzzle) ? null : '.puzzle.lights: expected `size` rows of `size` cells'),
  replay: (level) => replayReport(face, level, level.solution.map(pressOf), (end) => (lit(end.lights) ? `${lit(end.lights)} lights left on` : null)),
  start: (level) => ({ level: level.id, lights: level.puzzle.lights, pressed: [] }),
  step: (level, state, { cell }) => {
    const onBoard = Number.isInteger(cell) && cell >= 0 && cell < level.puzzle.size ** 2;
    if (!onBoard || lit(state.lights) === 0) return { state, event: { kind: 'refused', why: onBoard ? 'every light is off' : 'not a cell' } };
    const lights = press(state.lights, cell);
    return { state: { ...state, lights, pressed: [...state.pressed, cell] }, event: { kind: 'pressed', lit: lit(lights) } };
  },
  restore: (level, saved) => restoreByReplay(face, level, saved, 'pressed', arr(int(0, level.puzzle.size ** 2 - 1), 0, 10_000), pressOf),
  outcome: (level, state) => ({ solved: lit(state.lights) === 0, mistakes: Math.max(0, state.pressed.length - level.analysis.presses) }),
};

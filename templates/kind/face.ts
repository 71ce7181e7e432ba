// The kind as the game client knows it (KindFace): the reading of a level of
// a pack, the replay of its stored solution, and the game loop over plain-JSON
// states. Browser-safe: it imports `proofpack/face` and the rules only.
import { arr, int, obj, str, type KindFace, type Level } from 'proofpack/face';
import { after, count, format, pressesOf } from './board.ts';
import { NAME } from './name.ts';
import type { Analysis, Puzzle, Solution } from './schema.ts';

/** A level of this kind. */
export type LightsLevel = Level<Puzzle, Solution, Analysis>;
/** A game: the cells pressed so far (row-major indexes, in order), the board now and the lights still on. */
export type State = { level: string; pressed: number[]; lights: string[]; lit: number };
/** Press a cell, or start again. */
export type Action = { type: 'press'; row: number; col: number } | { type: 'restart' };
/** What an action did. */
export type Event = { kind: 'pressed'; lit: number } | { kind: 'restarted' } | { kind: 'refused'; why: string };

const rows = arr(str(/^[01]{3,9}$/, "3-9 of '0'/'1'"), 3, 9);
const shape = obj({ puzzle: obj({ size: int(3, 9), lights: rows }), solution: rows, analysis: obj({ presses: int(0, 81), solutions: int(1, 256) }) });
const fits = ({ puzzle, solution }: LightsLevel) => pressesOf(puzzle.lights, puzzle.size) !== null && pressesOf(solution, puzzle.size) !== null;
const start = (level: LightsLevel): State => ({ level: level.id, pressed: [], lights: level.puzzle.lights, lit: count(after(level.puzzle.lights, [])) });

function step(level: LightsLevel, state: State, action: Action): { state: State; event: Event } {
  if (action.type === 'restart') return { state: start(level), event: { kind: 'restarted' } };
  const n = level.puzzle.size;
  const cell = [action.row, action.col].every((v) => Number.isInteger(v) && v >= 0 && v < n);
  if (state.lit === 0 || !cell) return { state, event: { kind: 'refused', why: cell ? 'every light is off' : 'not a cell' } };
  const cells = after(state.lights, [action.row * n + action.col]);
  const lit = count(cells);
  return {
    state: { level: level.id, pressed: [...state.pressed, action.row * n + action.col], lights: format(cells, n), lit },
    event: { kind: 'pressed', lit },
  };
}

export const face: KindFace<LightsLevel, typeof NAME, State, Action, Event> = {
  name: NAME,
  levelProblem: (level) => shape(level, '') ?? (fits(level as unknown as LightsLevel) ? null : '.solution: expected the rows and cells of the puzzle'),
  replay: (level) => {
    const presses = pressesOf(level.solution, level.puzzle.size) ?? [];
    const lit = count(after(level.puzzle.lights, presses));
    const want = level.analysis.presses;
    const problems = [lit ? `the solution leaves ${lit} lights on` : '', presses.length === want ? '' : `${presses.length} presses, the level says ${want}`];
    return { ok: !problems.join(''), problems: problems.filter(Boolean), moves: presses.length, score: presses.length };
  },
  start,
  step,
  restore: (level, saved) => {
    const s = saved as Partial<State> | null;
    if (s?.level !== level.id || !Array.isArray(s.pressed) || s.pressed.length > 10_000) return { ok: false, why: `saved game: not a game of ${level.id}` };
    let state = start(level);
    for (const p of s.pressed) {
      const i = Number.isInteger(p) ? p : -1;
      const out = step(level, state, { type: 'press', row: Math.floor(i / level.puzzle.size), col: i % level.puzzle.size });
      if (out.event.kind === 'refused') return { ok: false, why: `saved game: press ${JSON.stringify(p)} refused (${out.event.why})` };
      state = out.state;
    }
    return { ok: true, state };
  },
};

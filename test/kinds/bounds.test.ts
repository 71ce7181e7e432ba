// Each kind's bounds (tools/kinds/<kind>/bounds.ts, and the example game's
// nonogram's) mean the same to its zod schemas and to its client face: for
// every constant, a shipped level bent just past it is refused by both at the
// same field, and bent to the bound itself is refused by neither for that
// bound. The values come from the
// constants, so a face or a schema that states a bound of its own (or forgets
// one) fails here; a constant without a probe fails too.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/helpers.ts';
import { kindByName } from '../../tools/kinds/index.ts';
import { packSchema } from '../../tools/lib/formats.ts';
import * as ghost from '../../tools/kinds/ghost/bounds.ts';
import * as slide from '../../tools/kinds/slide/bounds.ts';
import * as apple from '../../tools/kinds/apple/bounds.ts';
import * as nonogram from '../../examples/pixel-garden/proofpack/kinds/nonogram/bounds.ts';
import { kind as nonogramKind } from '../../examples/pixel-garden/proofpack/kinds/nonogram/index.ts';
import type { PuzzleKind } from '../../tools/lib/kind.ts';

type Level = Record<string, any>;
/** One use of a bound: the field (dotted, indexes as numbers) and the level bent to `inside` (the bound itself) or `outside` (just past it). */
interface Probe {
  field: string;
  bend: (level: Level, side: 'inside' | 'outside') => void;
}

const letter = (base: 'a' | 'A', n: number) => String.fromCharCode(base.charCodeAt(0) + n - 1);
const setChar = (row: string, i: number, ch: string) => row.slice(0, i) + ch + row.slice(i + 1);
/** `n` copies of the level's first move. */
const moves = (level: Level, key: 'solution', n: number) => Array.from({ length: n }, () => structuredClone(level[key][0]));

const GHOST: Record<keyof typeof ghost, Probe[]> = {
  MIN_SIZE: [{ field: 'puzzle.size', bend: (l, s) => (l.puzzle.size = s === 'inside' ? ghost.MIN_SIZE : ghost.MIN_SIZE - 1) }],
  MAX_SIZE: [{ field: 'puzzle.size', bend: (l, s) => (l.puzzle.size = s === 'inside' ? ghost.MAX_SIZE : ghost.MAX_SIZE + 1) }],
  MAX_CLUE: [
    {
      field: 'puzzle.grid.0',
      bend: (l, s) => (l.puzzle.grid[0] = setChar(l.puzzle.grid[0], 0, String(s === 'inside' ? ghost.MAX_CLUE : ghost.MAX_CLUE + 1))),
    },
  ],
  MAX_GHOSTS: [{ field: 'analysis.ghosts', bend: (l, s) => (l.analysis.ghosts = s === 'inside' ? ghost.MAX_GHOSTS : ghost.MAX_GHOSTS + 1) }],
  MAX_STORED_NUMBER: ['logicDepth', 'maxScore', 'minScore'].map((k) => ({
    field: `analysis.${k}`,
    bend: (l: Level, s: string) => (l.analysis[k] = s === 'inside' ? ghost.MAX_STORED_NUMBER : ghost.MAX_STORED_NUMBER + 1),
  })),
  HINTS_MAX_CHARS: [
    { field: 'analysis.hints', bend: (l, s) => (l.analysis.hints = 'A'.repeat(s === 'inside' ? ghost.HINTS_MAX_CHARS : ghost.HINTS_MAX_CHARS + 4)) },
  ],
  COURSE_MAX_CHARS: [
    { field: 'analysis.maxCourse', bend: (l, s) => (l.analysis.maxCourse = 'A'.repeat(s === 'inside' ? ghost.COURSE_MAX_CHARS : ghost.COURSE_MAX_CHARS + 4)) },
  ],
};

const SLIDE: Record<keyof typeof slide, Probe[]> = {
  MIN_SIDE: [{ field: 'puzzle.board', bend: (l, s) => (l.puzzle.board = l.puzzle.board.slice(0, s === 'inside' ? slide.MIN_SIDE : slide.MIN_SIDE - 1)) }],
  MAX_SIDE: [
    {
      field: 'puzzle.board',
      bend: (l, s) =>
        (l.puzzle.board = Array.from({ length: s === 'inside' ? slide.MAX_SIDE : slide.MAX_SIDE + 1 }, (_, i) => l.puzzle.board[i % l.puzzle.board.length])),
    },
    { field: 'solution.0.0', bend: (l, s) => (l.solution[0][0] = s === 'inside' ? slide.MAX_SIDE - 1 : slide.MAX_SIDE) },
  ],
  MAX_COLOUR: [
    {
      field: 'puzzle.board.0',
      bend: (l, s) => (l.puzzle.board[0] = setChar(l.puzzle.board[0], 0, letter('a', s === 'inside' ? slide.MAX_COLOUR : slide.MAX_COLOUR + 1))),
    },
  ],
  ROW_CHARS: [
    {
      field: 'puzzle.board.0',
      bend: (l, s) => (l.puzzle.board[0] = setChar(l.puzzle.board[0], 0, letter('A', s === 'inside' ? slide.MAX_COLOUR : slide.MAX_COLOUR + 1))),
    },
  ],
  MAX_SOLUTION_MOVES: [
    { field: 'solution', bend: (l, s) => (l.solution = moves(l, 'solution', s === 'inside' ? slide.MAX_SOLUTION_MOVES : slide.MAX_SOLUTION_MOVES + 1)) },
    { field: 'analysis.minMoves', bend: (l, s) => (l.analysis.minMoves = s === 'inside' ? slide.MAX_SOLUTION_MOVES : slide.MAX_SOLUTION_MOVES + 1) },
  ],
  MAX_STAR_MOVES: [{ field: 'analysis.stars.one', bend: (l, s) => (l.analysis.stars.one = s === 'inside' ? slide.MAX_STAR_MOVES : slide.MAX_STAR_MOVES + 1) }],
};

const APPLE: Record<keyof typeof apple, Probe[]> = {
  ROWS: [
    { field: 'puzzle.board', bend: (l, s) => s === 'outside' && l.puzzle.board.push(l.puzzle.board[0]) },
    { field: 'solution.0.2', bend: (l, s) => (l.solution[0] = [0, 0, s === 'inside' ? apple.ROWS - 1 : apple.ROWS, 0]) },
  ],
  COLS: [
    { field: 'puzzle.board.0', bend: (l, s) => s === 'outside' && (l.puzzle.board[0] += '1') },
    { field: 'solution.0.3', bend: (l, s) => (l.solution[0] = [0, 0, 0, s === 'inside' ? apple.COLS - 1 : apple.COLS]) },
  ],
  CELLS: ['greedyScore', 'bestScore', 'upperBound'].map((k) => ({
    field: `analysis.${k}`,
    bend: (l: Level, s: string) => (l.analysis[k] = s === 'inside' ? apple.CELLS : apple.CELLS + 1),
  })),
  MAX_PLAY_MOVES: [
    { field: 'solution', bend: (l, s) => (l.solution = moves(l, 'solution', s === 'inside' ? apple.MAX_PLAY_MOVES : apple.MAX_PLAY_MOVES + 1)) },
  ],
};

const NONOGRAM: Record<keyof typeof nonogram, Probe[]> = {
  MIN_SIDE: [{ field: 'puzzle.rows', bend: (l, s) => (l.puzzle.rows = l.puzzle.rows.slice(0, s === 'inside' ? nonogram.MIN_SIDE : nonogram.MIN_SIDE - 1)) }],
  MAX_SIDE: [
    {
      field: 'puzzle.cols',
      bend: (l, s) =>
        (l.puzzle.cols = Array.from({ length: s === 'inside' ? nonogram.MAX_SIDE : nonogram.MAX_SIDE + 1 }, (_, i) => l.puzzle.cols[i % l.puzzle.cols.length])),
    },
    { field: 'puzzle.rows.0.0', bend: (l, s) => (l.puzzle.rows[0] = [s === 'inside' ? nonogram.MAX_SIDE : nonogram.MAX_SIDE + 1]) },
  ],
  MAX_RUNS: [{ field: 'puzzle.rows.0', bend: (l, s) => (l.puzzle.rows[0] = Array(s === 'inside' ? nonogram.MAX_RUNS : nonogram.MAX_RUNS + 1).fill(1)) }],
  MAX_CELLS: ['probes', 'filled'].map((k) => ({
    field: `analysis.${k}`,
    bend: (l: Level, s: string) => (l.analysis[k] = s === 'inside' ? nonogram.MAX_CELLS : nonogram.MAX_CELLS + 1),
  })),
  MAX_ROUNDS: [{ field: 'analysis.rounds', bend: (l, s) => (l.analysis.rounds = s === 'inside' ? nonogram.MAX_ROUNDS : nonogram.MAX_ROUNDS + 1) }],
};

/** A face's refusal of a field's shape or range (not a rule's "found …, expected …"). */
const SHAPE = /^expected (a whole number|a list of|a row of|base64 of at most|\d+ (items|digits))/;

/** The field a face's problem names, dotted as zod paths are (`.solution[0][3]: …` → `solution.0.3`), and its message. */
function faceField(problem: string | null): { field: string; message: string } | null {
  const m = problem && /^((?:\.[A-Za-z]+|\[\d+\])+): (.*)$/.exec(problem);
  return m ? { field: m[1]!.replace(/\[(\d+)\]/g, '.$1').slice(1), message: m[2]! } : null;
}

const GAME = 'examples/pixel-garden';
describe.each([
  ['ghost', kindByName('ghost'), ['dist/ghost-free.json', 'dist/ghost-extreme.json', 'dist/ghost-ultimate.json'], ghost, GHOST],
  ['slide', kindByName('slide'), ['dist/slide-free.json', 'dist/slide-plus.json', 'dist/slide-expert.json'], slide, SLIDE],
  ['apple', kindByName('apple'), ['dist/apple-gentle.json'], apple, APPLE],
  ["the example game's nonogram", nonogramKind as PuzzleKind, [`${GAME}/dist/sprouts.json`, `${GAME}/dist/thicket.json`], nonogram, NONOGRAM],
] as const)('%s: its schemas and its face read one bounds.ts', (_name, kind, files, bounds, probes) => {
  const schema = packSchema(kind);
  // The shipped level on the largest board: a bound at the board's size is then inside for every field.
  const packs = files.map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8')));
  const sizeOf = (l: Level) =>
    (l.puzzle.size ?? l.puzzle.board?.length ?? l.puzzle.rows.length) * 100 + (l.puzzle.board?.[0]?.length ?? l.puzzle.cols?.length ?? 0);
  const pack = packs[0];
  pack.levels = [packs.flatMap((p) => p.levels).reduce((a: Level, b: Level) => (sizeOf(b) > sizeOf(a) ? b : a))];

  /** What each side says of the level bent by `probe`: the fields zod names, and the face's problem. */
  function judge(probe: Probe, side: 'inside' | 'outside') {
    const copy = structuredClone(pack);
    probe.bend(copy.levels[0], side);
    const zod = schema.safeParse(copy);
    const zodFields = zod.success ? [] : zod.error.issues.map((i) => i.path.slice(2).join('.'));
    return { zodFields, face: faceField(kind.face.levelProblem(copy.levels[0])) };
  }

  it('the shipped level passes both', () => {
    expect(schema.safeParse(pack).success).toBe(true);
    expect(kind.face.levelProblem(pack.levels[0])).toBeNull();
  });

  it('every constant of bounds.ts has a probe', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(bounds).sort());
  });

  for (const [constant, list] of Object.entries(probes as Record<string, Probe[]>))
    for (const probe of list)
      it(`${constant} at ${probe.field}: past it both refuse the field; at it neither does`, () => {
        const outside = judge(probe, 'outside');
        expect(outside.zodFields).toContain(probe.field);
        expect(outside.face?.field).toBe(probe.field);
        expect(outside.face?.message).toMatch(SHAPE);
        const inside = judge(probe, 'inside');
        expect(inside.zodFields).not.toContain(probe.field);
        if (inside.face?.field === probe.field) expect(inside.face.message).not.toMatch(SHAPE);
      });
});

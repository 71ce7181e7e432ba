// The template kind (templates/kind/, Lights Out), which `proofpack init
// --kind` copies into a game (the kind contract: check-kind, run on the copy
// from the packed tarball by test/pipeline/game-repo.test.ts): its solver
// against brute force, its tiers for any seed, its budget, its rule checks,
// its face and view, its type-check with the SDK alone, and its size (issue
// 51: written with defineKind, index.ts a third shorter than its 44 lines of
// contract version 1, so it cannot grow back silently).
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mod from '../../templates/kind/index.ts';
import { templateFiles } from '../../tools/commands/init-kind.ts';
import { drive } from '../support/kind-drive.ts';

const { kind, face, view } = mod;
const ROOT = path.resolve(import.meta.dirname, '../..');
const config = kind.defaults.config;
const ctx = { config, calibration: kind.initialCalibration(config) };
const ones = (x: number) => x.toString(2).replaceAll('0', '').length;

/** The cells (a bit mask) a press of cell i toggles on an n×n board, written apart from the template's rules. */
const reach = (i: number, n: number) =>
  [
    [0, 0],
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ].reduce((m, [dr = 0, dc = 0]) => {
    const [r, c] = [Math.floor(i / n) + dr, (i % n) + dc];
    return r >= 0 && r < n && c >= 0 && c < n ? m | (1 << (r * n + c)) : m;
  }, 0);
/** Every board of an n×n game: the presses (as bit masks) that clear it, by brute force over all 2^(n·n) press patterns. */
function bruteForce(n: number): Map<number, number[]> {
  const by = new Map<number, number[]>();
  for (let p = 0; p < 2 ** (n * n); p++) {
    const board = [...Array(n * n).keys()].filter((i) => p & (1 << i)).reduce((b, i) => b ^ reach(i, n), 0);
    by.set(board, [...(by.get(board) ?? []), p]);
  }
  return by;
}
const rowsOf = (board: number, n: number) => Array.from({ length: n }, (_, r) => [...Array(n).keys()].map((c) => (board >> (r * n + c)) & 1).join(''));

describe('the template kind', () => {
  it('proves what brute force finds: every 3x3 board, and every 7th 4x4 board (clearable or not: rejected, never unknown)', () => {
    for (const n of [3, 4]) {
      const by = bruteForce(n);
      for (let board = 0; board < 2 ** (n * n); board += n === 3 ? 1 : 7) {
        const out = kind.analyze({ size: n, lights: rowsOf(board, n) }, ctx).outcome;
        const sols = by.get(board);
        if (!sols) {
          expect(out.status, rowsOf(board, n).join('/')).toBe('rejected');
          continue;
        }
        expect(out.status).toBe('proven');
        if (out.status !== 'proven') continue;
        expect(out.analysis).toEqual({ presses: Math.min(...sols.map(ones)), solutions: sols.length });
        expect(out.solution.length).toBe(out.analysis.presses);
        expect(sols.map((m) => [...Array(n * n).keys()].filter((i) => m & (1 << i)))).toContainEqual(out.solution);
        expect(kind.ruleProblems({ size: n, lights: rowsOf(board, n) }, out.solution, out.analysis)).toEqual([]);
      }
    }
  });

  it('fills every tier from its default config whatever the seed (init --kind writes a random one, and its pack asks for every tier)', () => {
    for (const seed of [1, 2, 3, 99, 123456]) {
      const set = drive(kind, config, seed);
      expect(set.empty).toBe(0);
      for (const tier of kind.tiers)
        expect(
          set.levels.some((l) => l.tier === tier),
          `seed ${seed} ${tier}`,
        ).toBe(true);
    }
  });

  it('counts its work, says unknown (never rejected) past the work budget, and solves the largest board within the default budget', () => {
    const puzzle = { size: 9, lights: Array(9).fill('101010101') };
    const full = kind.analyze(puzzle, ctx);
    expect(full.outcome.status).not.toBe('unknown');
    expect(full.work).toBe(81 * 2 ** 9);
    expect(full.work).toBeLessThanOrEqual(config.work);
    const small = kind.analyze(puzzle, { ...ctx, config: { ...config, work: full.work - 1 } });
    expect(small.outcome.status).toBe('unknown');
    expect(kind.budgets.map((b) => [b.field, b.ceiling])).toEqual([['work', config.work]]);
  });

  it("names the field of a stored level that the rules refute (defineKind's ruleProblems: the face's replay)", () => {
    const puzzle = { size: 3, lights: ['010', '111', '010'] };
    const out = kind.analyze(puzzle, ctx).outcome;
    if (out.status !== 'proven') throw new Error('not proven');
    expect(out.solution).toEqual([4]);
    expect(kind.ruleProblems(puzzle, [], out.analysis).map((p) => p.field)).toEqual(['solution']);
    expect(kind.ruleProblems(puzzle, [9], out.analysis).map((p) => p.field)).toEqual(['solution']);
    expect(kind.ruleProblems(puzzle, [4, 4], out.analysis).map((p) => p.stored)).toEqual(['action 2 ({"type":"press","cell":4}) refused: every light is off']);
    expect(kind.ruleProblems(puzzle, out.solution, out.analysis)).toEqual([]);
    expect(kind.solutionProblems(puzzle, [1], out).map((p) => p.field)).toEqual(['solution']);
  });

  it('plays a level to a clear through its face and view, refuses presses once clear or off the board, and restores a saved game by replaying it', () => {
    const puzzle = { size: 3, lights: ['110', '100', '000'] };
    const out = kind.analyze(puzzle, ctx).outcome;
    if (out.status !== 'proven') throw new Error('not proven');
    const level = { id: 'lights-000000000000', puzzle, solution: out.solution, analysis: out.analysis, tier: 'EASY' };
    let state = face.start(level);
    let ui = view.ui(level);
    expect(view.view(level, state, ui).picture.fill).toEqual([1, 1, 0, 1, 0, 0, 0, 0, 0]);
    const answer = view.input(level, state, ui, { type: 'click', row: 0, col: 0, count: 1 });
    expect(answer.actions).toEqual([{ type: 'press', cell: 0 }]);
    const stepped = face.step(level, state, answer.actions[0] ?? { type: 'press', cell: -1 });
    state = stepped.state;
    ui = view.noted(ui, { type: 'press', cell: 0 }, stepped.event);
    expect(stepped.event).toEqual({ kind: 'pressed', lit: 0 });
    expect(view.view(level, state, ui).status[0]).toEqual(['status', 'game-status', 'solved']);
    expect(face.step(level, state, { type: 'press', cell: 4 }).event).toEqual({ kind: 'refused', why: 'every light is off' });
    expect(face.step(level, face.start(level), { type: 'press', cell: 9 }).event).toEqual({ kind: 'refused', why: 'not a cell' });
    expect(face.replay(level)).toEqual({ ok: true, problems: [], moves: 1, score: 1 });
    expect(face.replay({ ...level, solution: [0, 0] }).problems).toEqual(['action 2 ({"type":"press","cell":0}) refused: every light is off']);
    expect(face.replay({ ...level, solution: [] })).toEqual({ ok: false, problems: ['3 lights left on'], moves: 0, score: 0 });
    expect(face.restore(level, JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, state });
    const id = level.id;
    expect(face.restore(level, { level: id, pressed: [0], lights: ['111', '111', '111'] })).toEqual({ ok: true, state });
    expect(face.restore(level, { level: id, pressed: [[0, 0]] }).ok).toBe(false);
    expect(face.restore(level, { level: id, pressed: [9] })).toEqual({ ok: false, why: 'pressed[0]: expected a whole number 0..8, found 9' });
    expect(face.restore(level, 'nonsense').ok).toBe(false);
    expect(face.restore(level, null).ok).toBe(false);
    // a save of another level (of the same size: its presses would replay here) is refused, as the built-in kinds refuse one
    expect(face.restore(level, { level: 'lights-111111111111', pressed: [0] })).toEqual({
      ok: false,
      why: 'a save of level "lights-111111111111", not lights-000000000000',
    });
    expect(face.restore(level, { pressed: [0] }).ok).toBe(false);
    // what a save says of the board is never trusted: it is rebuilt from the presses
    expect(face.restore(level, { level: id, pressed: [], lights: ['000', '000', '000'] })).toEqual({ ok: true, state: face.start(level) });
    const long = face.restore(level, { level: id, pressed: Array(10_000).fill(8) });
    expect(long.ok && long.state.lights).toEqual(puzzle.lights);
    expect(face.restore(level, { level: id, pressed: Array(10_001).fill(8) }).ok).toBe(false);
  });

  it('type-checks with the SDK entries alone (templates/tsconfig.json)', () => {
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', path.join(ROOT, 'templates/tsconfig.json'), '--noEmit'], { cwd: ROOT, stdio: 'pipe' });
  });

  it('is at most 200 lines, every file init --kind copies counted as `wc -l` counts them, its index.ts at most 29 (a third under 44)', () => {
    const lines = templateFiles('lights').map(([file, text]) => [file, text.split('\n').length - 1] as const);
    expect(lines.map(([file]) => file)).toContain('package.json');
    const total = lines.reduce((sum, [, n]) => sum + n, 0);
    expect(total, lines.map(([f, n]) => `${f} ${n}`).join(', ')).toBeLessThanOrEqual(200);
    expect(lines.find(([file]) => file === 'index.ts')?.[1]).toBeLessThanOrEqual(29);
  });
});

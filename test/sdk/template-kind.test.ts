// The template kind (templates/kind/, Lights Out), which `proofpack init
// --kind` copies into a game (the kind contract: check-kind, run on the copy
// from the packed tarball by test/pipeline/game-repo.test.ts): its solver
// against brute force, its tiers for any seed, its budget, its rule checks,
// its face and view, and its type-check with the SDK alone.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mod from '../../templates/kind/index.ts';
import { after, parse } from '../../templates/kind/board.ts';
import { drive } from '../support/kind-drive.ts';

const { kind, face, view } = mod;
const ROOT = path.resolve(import.meta.dirname, '../..');
const config = kind.defaults.config;
const ctx = { config, calibration: kind.initialCalibration(config) };
const ones = (x: number) => x.toString(2).replaceAll('0', '').length;

/** Every board of an n×n game: the presses (as bit masks) that clear it, by brute force over all 2^(n·n) press patterns. */
function bruteForce(n: number): Map<number, number[]> {
  const by = new Map<number, number[]>();
  for (let p = 0; p < 2 ** (n * n); p++) {
    const cells = after(
      Array(n).fill('0'.repeat(n)),
      [...Array(n * n).keys()].filter((i) => p & (1 << i)),
    );
    const board = cells.reduce((b, v, i) => b | (v << i), 0);
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
        const out = kind.analyze({ size: n, lights: rowsOf(board, n) }, ctx);
        const sols = by.get(board);
        if (!sols) {
          expect(out.status, rowsOf(board, n).join('/')).toBe('rejected');
          continue;
        }
        expect(out.status).toBe('proven');
        if (out.status !== 'proven') continue;
        expect(out.analysis).toEqual({ presses: Math.min(...sols.map(ones)), solutions: sols.length });
        expect(parse(out.solution).filter(Boolean).length).toBe(out.analysis.presses);
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
    const full = kind.analyzeWork?.(puzzle, ctx);
    expect(full?.outcome.status).not.toBe('unknown');
    expect(full?.work).toBeLessThanOrEqual(config.work);
    const small = kind.analyzeWork?.(puzzle, { ...ctx, config: { ...config, work: (full?.work ?? 2) - 1 } });
    expect(small?.outcome.status).toBe('unknown');
    expect(kind.budgets.map((b) => [b.field, b.ceiling])).toEqual([['work', config.work]]);
  });

  it('names the field of a stored level that the rules refute', () => {
    const puzzle = { size: 3, lights: ['010', '111', '010'] };
    const out = kind.analyze(puzzle, ctx);
    if (out.status !== 'proven') throw new Error('not proven');
    expect(out.solution).toEqual(['000', '010', '000']);
    expect(kind.ruleProblems(puzzle, ['000', '000', '000'], out.analysis).map((p) => p.field)).toEqual(['solution']);
    expect(kind.ruleProblems(puzzle, ['00', '00'], out.analysis).map((p) => p.field)).toEqual(['solution']);
    expect(kind.ruleProblems(puzzle, out.solution, { ...out.analysis, presses: 2 }).map((p) => p.field)).toEqual(['analysis.presses']);
    expect(kind.solutionProblems(puzzle, ['010', '000', '000'], out).map((p) => p.field)).toEqual(['solution']);
  });

  it('plays a level to a clear through its face and view, refuses presses once clear or off the board, and restores a saved game by replaying it', () => {
    const puzzle = { size: 3, lights: ['110', '100', '000'] };
    const out = kind.analyze(puzzle, ctx);
    if (out.status !== 'proven') throw new Error('not proven');
    const level = { id: 'lights-000000000000', puzzle, solution: out.solution, analysis: out.analysis, tier: 'EASY' };
    let state = face.start(level);
    let ui = view.ui(level);
    expect(view.view(level, state, ui).picture.fill).toEqual([1, 1, 0, 1, 0, 0, 0, 0, 0]);
    const answer = view.input(level, state, ui, { type: 'click', row: 0, col: 0, count: 1 });
    expect(answer.actions).toEqual([{ type: 'press', row: 0, col: 0 }]);
    const stepped = face.step(level, state, answer.actions[0] ?? { type: 'restart' });
    state = stepped.state;
    ui = view.noted(ui, { type: 'press', row: 0, col: 0 }, stepped.event);
    expect(state.lit).toBe(0);
    expect(view.view(level, state, ui).status[0]).toEqual(['status', 'game-status', 'solved']);
    expect(face.step(level, state, { type: 'press', row: 1, col: 1 }).event.kind).toBe('refused');
    expect(face.step(level, face.start(level), { type: 'press', row: 3, col: 0 }).event).toEqual({ kind: 'refused', why: 'not a cell' });
    expect(face.restore(level, JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, state });
    expect(face.restore(level, { level: level.id, pressed: [0], lit: 5 })).toEqual({ ok: true, state });
    expect(
      face.restore(level, {
        level: level.id,
        pressed: [
          [0, 0],
          [0, 0],
        ],
      }).ok,
    ).toBe(false);
    expect(face.restore(level, 'nonsense').ok).toBe(false);
    // what a save says of the board is never trusted: it is rebuilt from the presses
    expect(face.restore(level, { level: level.id, pressed: [], lights: ['000', '000', '000'], lit: 0 })).toEqual({ ok: true, state: face.start(level) });
    const t0 = performance.now();
    const long = face.restore(level, { level: level.id, pressed: Array(10_000).fill(8) });
    expect(long.ok && long.state.lit).toBe(3);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(face.restore(level, { level: level.id, pressed: Array(10_001).fill(8) }).ok).toBe(false);
  });

  it('type-checks with the SDK entries alone (templates/tsconfig.json)', () => {
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', path.join(ROOT, 'templates/tsconfig.json'), '--noEmit'], { cwd: ROOT, stdio: 'pipe' });
  });
});

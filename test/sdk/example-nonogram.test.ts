// The example game's kind (examples/pixel-garden/proofpack/kinds/nonogram/),
// written against the SDK alone (the kind contract: check-kind, run on it from
// the packed tarball by test/pipeline/example-game.test.ts): the line solver against brute force; the solver's
// verdicts against counted solutions (proven only when unique, rejected with
// none or several); deterministic grading; the symmetries against turned
// grids; its budget, rule checks, face and view; and its type-check.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mod from '../../examples/pixel-garden/proofpack/kinds/nonogram/index.ts';
import { clueOf, cluesOf, type Clues } from '../../examples/pixel-garden/proofpack/kinds/nonogram/board.ts';
import { solveLine } from '../../examples/pixel-garden/proofpack/kinds/nonogram/line.ts';
import { rngFor } from '../../tools/lib/rng.ts';
import { stableJson } from '../../tools/lib/json.ts';
import { TRANSFORMS, transformRows } from '../../tools/lib/symmetry.ts';
import { KindsConfig, PacksConfig } from '../../tools/lib/files.ts';
import { kindsTsconfig } from '../../tools/commands/init-kind.ts';
import { drive } from '../support/kind-drive.ts';

const { kind, face, view } = mod;
const ROOT = path.resolve(import.meta.dirname, '../..');
const GAME = path.join(ROOT, 'examples/pixel-garden');
const gameJson = (f: string) => JSON.parse(fs.readFileSync(path.join(GAME, f), 'utf8'));
const config = kind.defaults.config;
const ctx = { config, calibration: kind.initialCalibration(config) };

/** Every grid with these clues, up to `limit`, by brute force over the rows that fit their clues. */
function solutions(p: Clues, limit = 2): string[][] {
  const w = p.cols.length;
  const fitting = p.rows.map((clue) =>
    [...Array(2 ** w).keys()]
      .map((m) => [...Array(w).keys()].map((c) => (m & (1 << c) ? '#' : '.')).join(''))
      .filter((row) => clueOf(w, (c) => row[c] === '#').join() === clue.join()),
  );
  const found: string[][] = [];
  const walk = (rows: string[]) => {
    if (found.length >= limit) return;
    if (rows.length === p.rows.length) {
      if (stableJson(cluesOf(rows).cols) === stableJson(p.cols)) found.push(rows);
      return;
    }
    for (const row of fitting[rows.length] ?? []) walk([...rows, row]);
  };
  walk([]);
  return found;
}

describe('the example nonogram kind', () => {
  it('line solver: exactly the cells every fitting placement agrees on, and null when none fits (brute force, 3,000 lines)', () => {
    const rng = rngFor(1, 'line-test', 0);
    const seen = { forced: 0, none: 0 };
    for (let t = 0; t < 3000; t++) {
      const n = rng.int(1, 9);
      const truth = [...Array(n)].map(() => rng.int(0, 1));
      // mostly the clue of a line with some of its cells known; sometimes another clue or a wrong known cell
      const clue = t % 5 === 0 ? [rng.int(1, n)] : clueOf(n, (i) => truth[i] === 1);
      const known = Uint8Array.from(truth, (v) => (rng.int(0, 2) === 0 ? (v ? 1 : 2) : 0));
      if (t % 7 === 0) known[rng.int(0, n - 1)] = rng.int(1, 2);
      const fits = [...Array(2 ** n).keys()].filter(
        (m) => clueOf(n, (i) => (m & (1 << i)) !== 0).join() === clue.join() && [...known].every((k, i) => k === 0 || k === ((m & (1 << i)) !== 0 ? 1 : 2)),
      );
      const { line } = solveLine(clue, known);
      if (fits.length === 0) {
        expect(line, `${clue} ${known}`).toBeNull();
        seen.none++;
        continue;
      }
      const forced = [...Array(n).keys()].map((i) => {
        const vals = new Set(fits.map((m) => ((m & (1 << i)) !== 0 ? 1 : 2)));
        return vals.size === 1 ? [...vals][0] : 0;
      });
      expect(line && [...line], `${clue} ${known}`).toEqual(forced);
      seen.forced++;
    }
    expect(seen.none).toBeGreaterThan(100);
    expect(seen.forced).toBeGreaterThan(1000);
  });

  it('proves a puzzle only when its solution is unique, and rejects one with none or several (counted by brute force, 300 grids of 4x4 to 6x6)', () => {
    const rng = rngFor(2, 'unique-test', 0);
    const verdicts = { proven: 0, rejected: 0, several: 0 };
    for (let t = 0; t < 300; t++) {
      const [h, w] = [rng.int(4, 6), rng.int(4, 6)];
      const grid = [...Array(h)].map(() => [...Array(w)].map(() => (rng.int(1, 100) <= 55 ? '#' : '.')).join(''));
      const puzzle = cluesOf(grid);
      const found = solutions(puzzle);
      const out = kind.analyze(puzzle, ctx).outcome;
      if (out.status === 'proven') {
        // proven: the drawn grid is the one solution brute force finds
        expect(found).toEqual([grid]);
        expect(out.solution).toEqual(grid);
        verdicts.proven++;
      } else {
        // not proven: never unknown on boards this small, never "no grid" (the drawn one is a solution); several solutions are always rejected
        expect(out).toEqual({ status: 'rejected', reason: 'line logic and probing stall: the puzzle needs guessing (or has several solutions)' });
        verdicts.rejected++;
        if (found.length === 2) verdicts.several++;
      }
    }
    expect(verdicts.proven).toBeGreaterThan(100);
    expect(verdicts.several).toBeGreaterThan(10);
    const none = { rows: [[4], [], [], []], cols: [[1], [1], [1], []] };
    expect(kind.analyze(none, ctx).outcome).toEqual({ status: 'rejected', reason: 'no grid has these clues' });
    const two = { rows: [[1], [1], [], []], cols: [[1], [1], [], []] };
    expect(kind.analyze(two, ctx).outcome.status).toBe('rejected');
  });

  it('grades deterministically: the same rounds, probes and tier on every run, and probing puzzles are HARD', () => {
    const rng = rngFor(3, 'grade-test', 0);
    let probing = 0;
    for (let t = 0; t < 60; t++) {
      const grid = [...Array(10)].map(() => [...Array(10)].map(() => (rng.int(1, 100) <= 45 ? '#' : '.')).join(''));
      const a = kind.analyze(cluesOf(grid), ctx);
      const b = kind.analyze(structuredClone(cluesOf(grid)), ctx);
      expect(b).toEqual(a);
      if (a?.outcome.status !== 'proven') continue;
      const tier = kind.tierOf(a.outcome.analysis, ctx.calibration, config);
      if (a.outcome.analysis.probes > 0) {
        probing++;
        expect(tier).toBe('HARD');
      } else expect(tier).not.toBe('HARD');
    }
    expect(probing).toBeGreaterThan(0);
  });

  it('its equivalents are exactly the clues of the grid turned and mirrored 8 ways', () => {
    const grid = ['##.#.', '#...#', '.###.', '##..#'];
    const turned = new Set(TRANSFORMS.map((t) => stableJson(cluesOf(transformRows(grid, t)))));
    expect(new Set(kind.equivalents(cluesOf(grid)).map(stableJson))).toEqual(turned);
    expect(turned.size).toBe(8);
  });

  it('says unknown past its work budget (never rejected), and names the stored field the rules refute', () => {
    const grid = ['#.##.', '.#..#', '##.#.', '..###', '#.#.#'];
    const puzzle = cluesOf(grid);
    const full = kind.analyze(puzzle, ctx);
    expect(full?.outcome.status).toBe('proven');
    const tight = kind.analyze(puzzle, { ...ctx, config: { ...config, work: (full?.work ?? 2) - 1 } });
    expect(tight?.outcome.status).toBe('unknown');
    if (full?.outcome.status !== 'proven') return;
    const { solution, analysis } = full.outcome;
    expect(kind.ruleProblems(puzzle, solution, analysis)).toEqual([]);
    const wrong = ['..##.', ...solution.slice(1)];
    expect(kind.ruleProblems(puzzle, wrong, analysis)).toEqual([{ field: 'solution', stored: 'row 0 with runs [2]', expected: 'runs [1,2] (puzzle.rows[0])' }]);
    expect(kind.ruleProblems(puzzle, solution.slice(1), analysis).map((p) => p.field)).toEqual(['solution']);
    expect(kind.ruleProblems(puzzle, solution, { ...analysis, filled: 3 }).map((p) => p.field)).toEqual(['analysis.filled']);
    expect(kind.solutionProblems(puzzle, wrong, full.outcome).map((p) => p.field)).toEqual(['solution[0]']);
  });

  it('plays a level to a clear through its face and view; refuses marks once solved, off the board or unknown; restores from the marks alone', () => {
    const grid = ['#.##.', '.#..#', '##.#.', '..###', '#.#.#'];
    const out = kind.analyze(cluesOf(grid), ctx).outcome;
    if (out.status !== 'proven') throw new Error('not proven');
    const level = { id: 'nonogram-000000000000', puzzle: cluesOf(grid), solution: out.solution, analysis: out.analysis, tier: 'EASY' };
    let state = face.start(level);
    let ui = view.ui(level);
    for (const [r, row] of grid.entries())
      for (const [c, cell] of [...row].entries()) {
        if (cell !== '#') continue;
        const answer = view.input(level, state, ui, { type: 'click', row: r, col: c, count: 1 });
        ui = answer.ui;
        for (const a of answer.actions) {
          const stepped = face.step(level, state, a);
          state = stepped.state;
          ui = view.noted(ui, a, stepped.event);
        }
      }
    expect(state.solved).toBe(true);
    expect(view.view(level, state, ui).status[0]).toEqual(['status', 'game-status', 'solved']);
    expect(face.step(level, state, { type: 'mark', row: 0, col: 1, mark: '#' }).event.kind).toBe('refused');
    expect(face.step(level, face.start(level), { type: 'mark', row: 5, col: 0, mark: '#' }).event).toEqual({ kind: 'refused', why: 'not a cell' });
    expect(face.step(level, face.start(level), { type: 'mark', row: 0, col: 0, mark: '?' as '#' }).event.kind).toBe('refused');
    expect(face.restore(level, { ...JSON.parse(JSON.stringify(state)), solved: false })).toEqual({ ok: true, state });
    expect(face.restore(level, { level: level.id, marks: ['#'] }).ok).toBe(false);
    expect(face.restore(level, null).ok).toBe(false);
  });

  it('type-checks with the SDK entries alone (tsconfig.checkout.json)', () => {
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', path.join(ROOT, 'examples/pixel-garden/tsconfig.checkout.json'), '--noEmit'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  });
});

describe('the example game pixel-garden', () => {
  it('installs proofpack from the tarball this checkout packs, with no lock file to pin a stale hash', () => {
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    expect(gameJson('package.json').devDependencies.proofpack).toBe(`file:../../proofpack-${version}.tgz`);
    expect(fs.readFileSync(path.join(GAME, '.npmrc'), 'utf8')).toBe('package-lock=false\n');
    expect(fs.existsSync(path.join(GAME, 'package-lock.json'))).toBe(false);
  });

  it('registers its kind in proofpack/kinds.json and type-checks it with the tsconfig.json init --kind writes', () => {
    const kinds = KindsConfig.parse(gameJson('proofpack/kinds.json'));
    expect(kinds.kinds).toEqual(['./kinds/nonogram/index.ts']);
    expect(fs.existsSync(path.join(GAME, 'proofpack', kinds.kinds[0] ?? ''))).toBe(true);
    expect(gameJson('proofpack/tsconfig.json')).toEqual(kindsTsconfig());
  });

  it('its config makes levels of every tier its packs ask for, in the set they name', () => {
    // a partial config: its keys over the defaults (its one list, plan, replaces the default's whole), seed and name taken out
    const { seed, name, ...own } = gameJson('proofpack/nonogram.json');
    const job = { config: kind.schemas.config.parse({ ...config, ...own }), seed, name };
    const packs = PacksConfig.parse(gameJson('proofpack/packs.json')).packs;
    const set = drive(kind, job.config, job.seed);
    expect(set.disagreements).toBe(0);
    expect(set.empty).toBe(0);
    for (const pack of packs) {
      expect(pack.set).toBe(`../levels/${kind.name}/${job.name}.json`);
      for (const tier of Object.keys(pack.tiers)) expect(set.levels.filter((l) => l.tier === tier).length, `${pack.name} ${tier}`).toBeGreaterThan(0);
    }
  });
});

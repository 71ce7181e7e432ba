// Hint paths: the ordered deduction steps of the layered solve, one cell
// decided once, each step a sound deduction of its layer from what the earlier
// rounds had decided; and the stored form decodes to exactly the path.
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../../../tools/kinds/ghost/board.ts';
import { solveLayered } from '../../../tools/kinds/ghost/solver.ts';
import { decodeHints, encodeHints, hintPath, type HintStep } from '../../../tools/kinds/ghost/hints.ts';
import { fromBase64 } from '../../../tools/lib/bytes.ts';
import { analyzeGhost } from '../../../tools/kinds/ghost/analyze.ts';
import { generateGhostSlot, planGhost, randomBoard } from '../../../tools/kinds/ghost/generate.ts';
import { GHOST_DEFAULT_CONFIG } from '../../../tools/kinds/ghost/config.ts';
import { initialGhostCalibration } from '../../../tools/kinds/ghost/tiers.ts';
import { rngFor } from '../../../tools/lib/rng.ts';
import type { GhostPuzzle } from '../../../tools/kinds/ghost/schema.ts';

const ctx = { config: GHOST_DEFAULT_CONFIG, calibration: initialGhostCalibration() };

/** The plain cells of a named constraint. */
function cellsOf(p: GhostPuzzle, name: HintStep['constraints'][number]): string[] {
  const n = p.size;
  const plain = (r: number, c: number) => p.grid[r]![c] === '.';
  const out: string[] = [];
  if (name[0] === 'row') for (let c = 0; c < n; c++) plain(name[1], c) && out.push(`${name[1]},${c}`);
  else if (name[0] === 'col') for (let r = 0; r < n; r++) plain(r, name[1]) && out.push(`${r},${name[1]}`);
  else {
    const [, r0, c0] = name;
    for (let r = r0 - 1; r <= r0 + 1; r++)
      for (let c = c0 - 1; c <= c0 + 1; c++) {
        if ((r !== r0 || c !== c0) && r >= 0 && c >= 0 && r < n && c < n && plain(r, c)) out.push(`${r},${c}`);
      }
  }
  return out;
}

/** Every plain cell decided exactly once, as the solution says; L1/L2 cells lie in the constraints used. */
function checkPath(p: GhostPuzzle, solution: readonly string[], steps: HintStep[]) {
  const seen = new Map<string, string>();
  for (const s of steps) {
    expect(s.ghosts.length + s.empties.length).toBeGreaterThan(0);
    for (const [cells, v] of [
      [s.ghosts, 'G'],
      [s.empties, '.'],
    ] as const) {
      for (const [r, c] of cells) {
        expect(seen.has(`${r},${c}`)).toBe(false);
        seen.set(`${r},${c}`, v);
        expect(solution[r]![c]).toBe(v);
      }
    }
    const decided = [...s.ghosts, ...s.empties].map(([r, c]) => `${r},${c}`);
    if (s.layer === 1) {
      expect(s.constraints).toHaveLength(1);
      expect(s.ghosts.length === 0 || s.empties.length === 0).toBe(true);
      for (const cell of decided) expect(cellsOf(p, s.constraints[0]!)).toContain(cell);
    } else if (s.layer === 2) {
      expect(s.constraints).toHaveLength(2);
      const union = [...cellsOf(p, s.constraints[0]!), ...cellsOf(p, s.constraints[1]!)];
      for (const cell of decided) expect(union).toContain(cell);
    } else {
      expect(s.layer).toBe(3);
      expect(s.assume).toBeDefined();
      const [r, c, v] = s.assume!;
      // the assumption is refuted: the cell is decided the other way, and only it
      expect(decided).toEqual([`${r},${c}`]);
      expect(v === 'G' ? s.empties : s.ghosts).toEqual([[r, c]]);
      expect(s.constraints.length).toBeGreaterThan(0);
    }
  }
  let plain = 0;
  for (const row of p.grid) for (const ch of row) if (ch === '.') plain++;
  expect(seen.size).toBe(plain);
}

describe('hint paths', () => {
  it('the L2 board: the first step pairs row 0 with the clue at (0,2)', () => {
    // Row 0's plain cells (0,1),(0,3),(0,4) hold 2; clue (0,2)=1 sees (0,1),(0,3),(1,1),(1,2),(1,3).
    // Common part {(0,1),(0,3)}: lo = max(0, 2−1, 1−3) = 1, hi = min(2, 1, 2) = 1, so row-only
    // (0,4) holds 2−1 = 1 (a ghost) and clue-only (1,1),(1,2),(1,3) hold 0. Pairs are tried in
    // constraint order (rows, columns, clues), and no earlier pair decides anything.
    const puzzle: GhostPuzzle = { size: 5, grid: ['2.1..', '....1', '12..1', '..2.1', '.1...'], rows: [2, 1, 1, 1, 1], cols: [2, 1, 1, 1, 1] };
    const solution = ['.G..G', 'G....', '..G..', '...G.', 'G....'];
    const out = analyzeGhost(puzzle, ctx);
    if (out.status !== 'proven') throw new Error(out.reason);
    const steps = decodeHints(out.analysis.hints, puzzle.size, solution);
    expect(steps[0]).toEqual({
      layer: 2,
      constraints: [
        ['row', 0],
        ['clue', 0, 2],
      ],
      ghosts: [[0, 4]],
      empties: [
        [1, 1],
        [1, 2],
        [1, 3],
      ],
    });
    checkPath(puzzle, solution, steps);
  });

  it('the L3 board: the first step refutes a ghost at (0,2)', () => {
    const puzzle: GhostPuzzle = { size: 5, grid: ['.1...', '.....', '..2..', '.22..', '.1.2.'], rows: [2, 1, 1, 1, 1], cols: [1, 1, 1, 1, 2] };
    const solution = ['G...G', '...G.', '.G...', '....G', '..G..'];
    const b = compileBoard(puzzle);
    const steps = hintPath(b, solveLayered(b, { explain: true }).rounds);
    expect(steps[0]).toMatchObject({ layer: 3, assume: [0, 2, 'G'], ghosts: [], empties: [[0, 2]] });
    checkPath(puzzle, solution, steps);
  });

  it('generated boards of every mode: complete, sound paths in the order of the rounds', () => {
    const plan = planGhost(GHOST_DEFAULT_CONFIG);
    for (const label of ['6x6 direct', '7x7 pair', '8x8 contradiction']) {
      const entry = plan.find((e) => e.label.startsWith(label))!;
      const found = generateGhostSlot({ ...GHOST_DEFAULT_CONFIG, scoreGhostLimit: 0 }, entry.spec, rngFor(4, 'hints', 0), {
        ...ctx,
        config: { ...GHOST_DEFAULT_CONFIG, scoreGhostLimit: 0 },
      }).found!;
      const steps = decodeHints(found.analysis.hints, found.puzzle.size, found.solution);
      checkPath(found.puzzle, found.solution, steps);
      // the stored form is the recorder's path, step for step
      const b0 = compileBoard(found.puzzle);
      expect(steps).toEqual(hintPath(b0, solveLayered(b0, { explain: true }).rounds));
      // the layers of the steps follow the rounds of the solve
      const b = compileBoard(found.puzzle);
      const rounds = solveLayered(b, { trace: true }).rounds.map((r) => r.layer);
      const layers = steps.map((s) => s.layer);
      expect(layers.filter((l, i) => i === 0 || l !== layers[i - 1]).every((l) => rounds.includes(l))).toBe(true);
      expect(Math.max(...layers)).toBe(Math.max(...rounds));
    }
  });
});

describe('the stored hint path', () => {
  it('the L2 board, byte by byte', () => {
    const puzzle: GhostPuzzle = { size: 5, grid: ['2.1..', '....1', '12..1', '..2.1', '.1...'], rows: [2, 1, 1, 1, 1], cols: [2, 1, 1, 1, 1] };
    // its solution: .G..G / G.... / ..G.. / ...G. / G....
    const out = analyzeGhost(puzzle, ctx);
    if (out.status !== 'proven') throw new Error(out.reason);
    const bytes = fromBase64(out.analysis.hints, 'hints');
    // version 1; first step: layer 2 → 1, two constraints → 2 << 2, four cells → 4 << 5;
    // row 0 → 0, clue (0,2) → 18 + 0·5 + 2 = 20; cells (0,4) 4, (1,1) 6, (1,2) 7, (1,3) 8
    expect([...bytes.slice(0, 8)]).toEqual([1, 1 | (2 << 2) | (4 << 5), 0, 20, 4, 6, 7, 8]);
  });

  it('round-trips the paths of random solvable 9×9 boards, with long steps and layer-3 steps', () => {
    const rng = rngFor(5, 'hints-round-trip', 0);
    let long = 0;
    let l3 = 0;
    let boards = 0;
    for (let i = 0; i < 400 && (boards < 40 || l3 === 0); i++) {
      const { puzzle, solution } = randomBoard(rng, 9, rng.int(18, 26), rng.int(20, 30));
      const b = compileBoard(puzzle);
      const r = solveLayered(b, { explain: true });
      if (r.status !== 'solved') continue;
      boards++;
      const path = hintPath(b, r.rounds);
      const text = encodeHints(path, puzzle.size, solution);
      expect(decodeHints(text, puzzle.size, solution)).toEqual(path);
      long += path.filter((s) => s.ghosts.length + s.empties.length >= 7).length;
      l3 += path.filter((s) => s.layer === 3).length;
    }
    expect(boards).toBeGreaterThanOrEqual(40);
    expect(long).toBeGreaterThan(0);
    expect(l3).toBeGreaterThan(0);
  });

  it('refuses a malformed path with the field named', () => {
    const solution = ['G....', '.....', '.....', '.....', '.....'];
    expect(() => decodeHints('Ag', 5, solution, 'analysis.hints')).toThrow(/analysis.hints: format version 2/);
    // version 1, a layer-1 step with one constraint and one cell, the cell missing
    expect(() => decodeHints('ASQA', 5, solution, 'analysis.hints')).toThrow(/analysis.hints: ends early/);
    expect(() => decodeHints('A!', 5, solution, 'h')).toThrow(/h: "!" at 1 is not a base64 character/);
  });
});

// The ghost deepening pass: a deepened board is an ordinary board that still
// passes its plan entry's target test, keeps its ghosts and has the numbers its
// solution implies, is proven by analyze with the known solution, is deeper,
// and comes out the same for any thread count.
import { describe, expect, it } from 'vitest';
import { rngFor } from '../../../tools/lib/rng.ts';
import { compileBoard } from '../../../tools/kinds/ghost/board.ts';
import { solveLayered } from '../../../tools/kinds/ghost/solver.ts';
import { analyzeGhost } from '../../../tools/kinds/ghost/analyze.ts';
import { logicDepth } from '../../../tools/kinds/ghost/logic-depth.ts';
import { ruleProblems, zeroTargetCount } from '../../../tools/kinds/ghost/rules.ts';
import { randomBoard } from '../../../tools/kinds/ghost/generate.ts';
import { deepenBoard, deepenDepth } from '../../../tools/kinds/ghost/deepen.ts';
import { limitsFor, passesTarget, type GhostSpec } from '../../../tools/kinds/ghost/target-test.ts';
import { initialGhostCalibration, ORIGINAL_WEIGHTS } from '../../../tools/kinds/ghost/tiers.ts';
import { GHOST_DEFAULT_CONFIG } from '../../../tools/kinds/ghost/config.ts';
import { ghost } from '../../../tools/kinds/ghost/index.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import type { GhostAnalysis, GhostConfig, GhostPuzzle, GhostSolution } from '../../../tools/kinds/ghost/schema.ts';

const ctx = { config: GHOST_DEFAULT_CONFIG, calibration: initialGhostCalibration() };
const spec = (size: number, mode: GhostSpec['mode'], tier?: string): GhostSpec => {
  const band = GHOST_DEFAULT_CONFIG.bands.find((b) => b.size === size)!;
  return {
    size,
    mode,
    ghosts: band.ghosts,
    clues: band.clues,
    rounds: {},
    ...(tier ? { tier } : {}),
    ladder: GHOST_DEFAULT_CONFIG.ladder,
    deepen: 0,
    starts: 1,
    tries: GHOST_DEFAULT_CONFIG.triesPerBoard,
  };
};

/** The first board from seed's stream that passes the spec's target test. */
function sampled(s: GhostSpec, seed: number): { puzzle: GhostPuzzle; solution: GhostSolution } {
  const rng = rngFor(seed, 'deepen-test', 0);
  for (;;) {
    const b = randomBoard(rng, s.size, rng.int(s.ghosts[0], s.ghosts[1]), rng.int(s.clues[0], s.clues[1]));
    if (zeroTargetCount(b.puzzle) <= 3 && passesTarget(solveLayered(compileBoard(b.puzzle), limitsFor(s)), s)) return b;
  }
}

const clueCount = (p: GhostPuzzle) => p.grid.join('').replace(/\./g, '').length;

describe.each([
  ['9x9 contradiction -> ULTIMATE+', spec(9, 'contradiction', 'ULTIMATE+'), 11],
  ['8x8 pair', spec(8, 'pair'), 12],
  ['7x7 direct', spec(7, 'direct'), 13],
])('deepening a %s board', (_label, s, seed) => {
  const start = sampled(s, seed);
  const out = deepenBoard(start.puzzle, start.solution, s, 3, 300, rngFor(seed, 'deepen-pass', 0));

  it('changes it and makes it deeper', () => {
    expect(out.kept).toBeGreaterThan(0);
    expect(out.puzzle).not.toEqual(start.puzzle);
    expect(out.after).toBeGreaterThan(out.before);
    expect(out.before).toBe(deepenDepth(solveLayered(compileBoard(start.puzzle))));
    expect(out.after).toBe(deepenDepth(solveLayered(compileBoard(out.puzzle))));
    expect(out.disagreements).toBe(0);
  });

  it('keeps the ghosts and recomputes every number from them', () => {
    expect(out.puzzle.rows).toEqual(start.puzzle.rows);
    expect(out.puzzle.cols).toEqual(start.puzzle.cols);
    expect(ruleProblems(out.puzzle, start.solution)).toEqual([]);
    expect(clueCount(out.puzzle)).toBeLessThanOrEqual(clueCount(start.puzzle));
  });

  it('stays solvable by the layers, equal to the known solution, and passes the same target test', () => {
    const outcome = analyzeGhost(out.puzzle, ctx);
    expect(outcome.status).toBe('proven');
    if (outcome.status !== 'proven') return;
    expect(outcome.solution).toEqual(start.solution);
    expect(passesTarget(solveLayered(compileBoard(out.puzzle)), s)).toBe(true);
    expect(zeroTargetCount(out.puzzle)).toBeLessThanOrEqual(3);
    expect(logicDepth(outcome.analysis, ORIGINAL_WEIGHTS)).toBe(out.after);
  });

  it('is a function of the board and the RNG', () => {
    const again = deepenBoard(start.puzzle, start.solution, s, 3, 300, rngFor(seed, 'deepen-pass', 0));
    expect(again).toEqual(out);
  });
});

describe('deepenBoard', () => {
  it('refuses a board that does not pass the target test', () => {
    const s = spec(9, 'contradiction', 'ULTIMATE+');
    const start = sampled(spec(9, 'direct'), 5);
    expect(() => deepenBoard(start.puzzle, start.solution, s, 3, 10, rngFor(5, 'x', 0))).toThrow(/does not pass/);
  });

  it('with a budget of 0 returns the board as it is', () => {
    const s = spec(7, 'pair');
    const start = sampled(s, 6);
    const out = deepenBoard(start.puzzle, start.solution, s, 3, 0, rngFor(6, 'x', 0));
    expect(out).toMatchObject({ puzzle: start.puzzle, kept: 0, tries: 0 });
    expect(out.after).toBe(out.before);
  });
});

describe('generate with deepening plan entries', () => {
  const base: GhostConfig = {
    ...GHOST_DEFAULT_CONFIG,
    scoreGhostLimit: 12,
    plan: [
      { size: 6, mode: 'pair', count: 3 },
      { size: 7, mode: 'contradiction', count: 2 },
    ],
  };
  const deepened: GhostConfig = { ...base, plan: base.plan.map((e) => ({ ...e, deepen: 60 })) };
  const run = (config: GhostConfig, threads: number) => generateSet({ kind: ghost, config, seed: 9, name: 'deepen' }, { threads, con: memoryConsole() });

  it('gives the same bytes on 1 and 2 threads', async () => {
    const one = await run(deepened, 1);
    const two = await run(deepened, 2);
    expect(formatDocument(two.set)).toBe(formatDocument(one.set));
    expect(one.set.levels.length).toBe(5);
  });

  it('deepens the very boards the same slots sample without it, and stores the budget with the set', async () => {
    const plain = await run(base, 1);
    const deep = await run(deepened, 1);
    expect((deep.set.generator.config as GhostConfig).plan.map((e) => e.deepen)).toEqual([60, 60]);
    const depth = (l: { analysis: unknown }) => logicDepth(l.analysis as GhostAnalysis, ORIGINAL_WEIGHTS);
    // the slot RNG draws the same start board; the pass only moves clues, never ghosts
    const bySolution = new Map(plain.set.levels.map((l) => [JSON.stringify(l.solution), l]));
    let deeper = 0;
    for (const l of deep.set.levels) {
      const before = bySolution.get(JSON.stringify(l.solution));
      expect(before).toBeDefined();
      expect(depth(l)).toBeGreaterThanOrEqual(depth(before!));
      if (depth(l) > depth(before!)) deeper++;
    }
    expect(deeper).toBeGreaterThan(0);
  });

  it('with starts, keeps the deepest of several deepened samples (the first is the one starts = 1 keeps)', async () => {
    const one = await run({ ...base, plan: [{ size: 7, mode: 'pair', count: 3, deepen: 60 }] }, 1);
    const three = await run({ ...base, plan: [{ size: 7, mode: 'pair', count: 3, deepen: 60, starts: 3 }] }, 1);
    const depths = (r: typeof one) => r.set.levels.map((l) => logicDepth(l.analysis as GhostAnalysis, ORIGINAL_WEIGHTS)).sort((a, b) => a - b);
    expect(three.set.levels.length).toBe(3);
    const [a, b] = [depths(one), depths(three)];
    expect(b.reduce((x, y) => x + y, 0)).toBeGreaterThan(a.reduce((x, y) => x + y, 0));
    expect(b[2]).toBeGreaterThanOrEqual(a[2]!);
  });
  it('an entry with its own tries samples within that budget, and a larger one lets more starts happen', async () => {
    const entry = { size: 7 as const, mode: 'pair' as const, count: 2, deepen: 30, starts: 50 };
    const tight = await run({ ...base, plan: [{ ...entry, tries: 3 }] }, 1);
    const wide = await run({ ...base, plan: [{ ...entry, tries: 5000 }] }, 1);
    // every slot stops at its own budget: at most 3 sampling tries each, so fewer found
    expect(tight.set.generator.stats[0]!.tries).toBeLessThanOrEqual(2 * 3);
    expect(wide.set.levels.length).toBe(2);
    // with room for many starts, each slot keeps the deepest of them
    const top = (r: typeof wide) => Math.max(...r.set.levels.map((l) => logicDepth(l.analysis as GhostAnalysis, ORIGINAL_WEIGHTS)));
    const one = await run({ ...base, plan: [{ ...entry, starts: 1 }] }, 1);
    expect(wide.set.generator.stats[0]!.tries).toBeGreaterThan(base.triesPerBoard);
    expect(top(wide)).toBeGreaterThanOrEqual(top(one));
  });
});

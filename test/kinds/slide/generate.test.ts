// Slide generation: reproducible for any thread count, keeps only proven
// levels inside the minMoves band that respect the start rules, and only
// levels whose values do not depend on expanding dead states.
import { describe, expect, it } from 'vitest';
import { slide } from '../../../tools/kinds/slide/index.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import { startRuleProblems } from '../../../tools/kinds/slide/rules.ts';
import { analyzeSlide } from '../../../tools/kinds/slide/analyze.ts';
import type { SlideAnalysis, SlidePuzzle } from '../../../tools/kinds/slide/schema.ts';
import { QUICK_CONFIG } from '../../support/slide-helpers.ts';
import { compileBoard } from '../../../tools/kinds/slide/board.ts';
import { branchingFactorExpandingAll, largestColourGroup } from '../../../tools/kinds/slide/dead-reading.ts';
import { Arena } from '../../../tools/kinds/slide/arena.ts';

describe('slide generate', () => {
  it('gives the same bytes on 1 and 2 threads', async () => {
    const one = await generateSet({ kind: slide, config: QUICK_CONFIG, seed: 5, name: 'det', count: 12 }, { threads: 1, con: memoryConsole() });
    const two = await generateSet({ kind: slide, config: QUICK_CONFIG, seed: 5, name: 'det', count: 12 }, { threads: 2, con: memoryConsole() });
    expect(formatDocument(two.set)).toBe(formatDocument(one.set));
    expect(one.set.levels.length).toBe(12);
  });

  it('keeps only valid starts, proven by analyze, with minMoves in the entry band', async () => {
    const { set } = await generateSet({ kind: slide, config: QUICK_CONFIG, seed: 6, name: 'band' }, { threads: 1, con: memoryConsole() });
    const plan = slide.plan(QUICK_CONFIG);
    expect(set.levels.length).toBe(plan.reduce((a, e) => a + e.count, 0));
    const ctx = { config: QUICK_CONFIG, calibration: slide.initialCalibration(QUICK_CONFIG) };
    for (const level of set.levels) {
      const p = level.puzzle as SlidePuzzle;
      const a = level.analysis as SlideAnalysis;
      expect(startRuleProblems(p)).toEqual([]);
      const size = p.board.length;
      const band = plan.find((e) => e.spec.size === size)!.spec.minMoves;
      expect(a.minMoves).toBeGreaterThanOrEqual(band[0]);
      expect(a.minMoves).toBeLessThanOrEqual(band[1]);
      expect(analyzeSlide(p, ctx)).toEqual({ status: 'proven', solution: level.solution, analysis: a });
    }
  });

  it('keeps a board with three blocks of a colour only when expanding dead states changes nothing', async () => {
    // every colour has three blocks, so dead states are everywhere
    const config = { ...QUICK_CONFIG, bands: QUICK_CONFIG.bands.map((b) => ({ ...b, blocksPerColour: [3, 3] as [number, number] })) };
    const { set } = await generateSet({ kind: slide, config, seed: 7, name: 'triples', count: 6 }, { threads: 1, con: memoryConsole() });
    // most such boards are dropped (a slot may come back empty); some pass
    expect(set.levels.length).toBeGreaterThan(0);
    const arena = new Arena();
    for (const level of set.levels) {
      const p = level.puzzle as SlidePuzzle;
      const a = level.analysis as SlideAnalysis;
      expect(largestColourGroup(compileBoard(p))).toBe(3);
      const all = branchingFactorExpandingAll(compileBoard(p), a.minMoves, 1e7, arena)!;
      // the stored value is the unrounded one to 2 decimals: the same for both readings
      expect(Math.abs(all - a.branchingFactor)).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  });

  it('refuses a plan entry whose minMoves band leaves the config band', () => {
    expect(() => slide.plan({ ...QUICK_CONFIG, plan: [{ size: 5, count: 1, minMoves: [2, 9] }] })).toThrow(/not inside the config's band/);
    expect(() => slide.plan({ ...QUICK_CONFIG, plan: [{ size: 3, count: 1 }] })).toThrow(/no band for size 3/);
  });
});

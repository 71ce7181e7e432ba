// Slide generation: reproducible for any thread count, keeps only proven
// levels inside the minMoves band that respect the start rules.
import { describe, expect, it } from 'vitest';
import { slide } from '../../../tools/kinds/slide/index.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import { startRuleProblems } from '../../../tools/kinds/slide/rules.ts';
import { analyzeSlide } from '../../../tools/kinds/slide/analyze.ts';
import type { SlideAnalysis, SlideConfig, SlidePuzzle } from '../../../tools/kinds/slide/schema.ts';
import { QUICK_CONFIG } from '../../support/slide-helpers.ts';
import { oracle } from '../../support/slide-oracle.ts';

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

  it('keeps boards whose branchingFactor would differ if dead states were expanded (no filter on them)', async () => {
    // every colour has three blocks, so most boards have dead states within minMoves
    const config: SlideConfig = {
      ...QUICK_CONFIG,
      bands: QUICK_CONFIG.bands.map((b) => ({ ...b, blocksPerColour: [3, 3] as [number, number] })),
      plan: [{ size: 5, count: 6, minMoves: [2, 4] }],
    };
    const { set } = await generateSet({ kind: slide, config, seed: 7, name: 'triples' }, { threads: 1, con: memoryConsole() });
    expect(set.levels.length).toBeGreaterThan(0);
    let differ = 0;
    for (const level of set.levels) {
      const p = level.puzzle as SlidePuzzle;
      const a = level.analysis as SlideAnalysis;
      const leaf = oracle(p.board);
      const all = oracle(p.board, { expandDead: true });
      if (leaf.status !== 'solved' || all.status !== 'solved') throw new Error(`oracle: ${p.board.join('/')} not solved`);
      // the stored value is the leaf reading's (to 2 decimals)
      expect(Math.abs(a.branchingFactor - leaf.branchingFactor), p.board.join('/')).toBeLessThanOrEqual(0.005 + 1e-9);
      if (Math.abs(a.branchingFactor - all.branchingFactor) > 0.005 + 1e-9) differ++;
    }
    // boards the old both-readings filter threw away are kept now
    expect(differ).toBeGreaterThan(0);
  });

  it('refuses a plan entry whose minMoves band leaves the config band', () => {
    expect(() => slide.plan({ ...QUICK_CONFIG, plan: [{ size: 5, count: 1, minMoves: [2, 9] }] })).toThrow(
      /is not inside the config's minMoves 2-4; narrow the entry's, or widen the config's/,
    );
    expect(() => slide.plan({ ...QUICK_CONFIG, plan: [{ size: 3, count: 1 }] })).toThrow(
      `plan › "3x3": no band for size 3 (the bands are ${QUICK_CONFIG.bands.map((b) => `${b.size}x${b.size}`).join(', ')}); add a band of size 3, drop the entry ("3x3": null), or give the plan as a list`,
    );
  });
});

// Slide ids, dedup under the board's symmetries and colour renaming (SPEC §4),
// and the tier calibration curate chooses.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import stringify from 'fast-json-stable-stringify';
import { canonicalSlide, renameColours, transformSlide } from '../../../tools/kinds/slide/canonical.ts';
import { calibrateSlide, slideTierOf } from '../../../tools/kinds/slide/tiers.ts';
import { slide } from '../../../tools/kinds/slide/index.ts';
import { levelId, sha256Hex } from '../../../tools/lib/ids.ts';
import { TRANSFORMS } from '../../../tools/lib/symmetry.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { curateSet } from '../../../tools/commands/curate.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import type { Level } from '../../../tools/lib/kind.ts';
import type { SlideAnalysis, SlidePuzzle } from '../../../tools/kinds/slide/schema.ts';
import { QUICK_CONFIG } from '../../support/slide-helpers.ts';

const CHARS = '..#abcdeABC';
const boardArb = fc
  .record({
    h: fc.integer({ min: 2, max: 8 }),
    w: fc.integer({ min: 2, max: 8 }),
    cells: fc.array(fc.integer({ min: 0, max: CHARS.length - 1 }), { minLength: 64, maxLength: 64 }),
  })
  .map(({ h, w, cells }) => ({ board: Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => CHARS[cells[r * w + c]!]!).join('')) }));

/** Rename colours by a permutation of 1..15 (movable and fixed alike). */
function recolour(p: SlidePuzzle, perm: readonly number[]): SlidePuzzle {
  return {
    board: p.board.map((row) =>
      [...row]
        .map((ch) => {
          if (ch === '#' || ch === '.') return ch;
          const to = String.fromCharCode(97 + perm[ch.toLowerCase().charCodeAt(0) - 97]!);
          return ch === ch.toLowerCase() ? to : to.toUpperCase();
        })
        .join(''),
    ),
  };
}

describe('slide ids', () => {
  it('colours are renamed in order of first appearance, case kept', () => {
    expect(renameColours(['c.B', 'Ab.', 'a#c'])).toEqual(['a.B', 'Cb.', 'c#a']);
  });

  it('one puzzle has one id under all 8 symmetries and any renaming of its colours', () => {
    fc.assert(
      fc.property(boardArb, fc.constantFrom(...TRANSFORMS), fc.shuffledSubarray([...Array(15).keys()], { minLength: 15, maxLength: 15 }), (p, t, perm) => {
        const other = recolour(transformSlide(p, t), perm);
        expect(levelId('slide', canonicalSlide(other))).toBe(levelId('slide', canonicalSlide(p)));
      }),
      { numRuns: 300, seed: 9 },
    );
  });

  it('the canonical form is the smallest stable JSON of the 8 recoloured variants; ids are sha256 of it', () => {
    const p = { board: ['b.a', '#.B', 'a.b'] };
    const variants = TRANSFORMS.map((t) => stringify({ board: renameColours(transformSlide(p, t).board) }));
    expect(stringify(canonicalSlide(p))).toBe([...variants].sort()[0]);
    expect(levelId('slide', canonicalSlide(p))).toBe(`slide-${sha256Hex(stringify(canonicalSlide(p))).slice(0, 12)}`);
    // a non-square board turned a quarter is the same puzzle (3×2 becomes 2×3)
    const q = { board: ['a.', '#b', 'ba'] };
    expect(canonicalSlide(transformSlide(q, 4))).toEqual(canonicalSlide(q));
  });

  it('different puzzles get different ids', () => {
    expect(levelId('slide', canonicalSlide({ board: ['a.a', '...'] }))).not.toBe(levelId('slide', canonicalSlide({ board: ['a.A', '...'] })));
  });

  it('curate keeps one level of a puzzle that comes again turned, mirrored or recoloured', async () => {
    const { set } = await generateSet({ kind: slide, config: QUICK_CONFIG, seed: 11, name: 'test', count: 8 }, { threads: 1, con: memoryConsole() });
    const first = set.levels[0]! as Level<SlidePuzzle>;
    const copies = [
      { ...first, puzzle: transformSlide(first.puzzle, 3) },
      { ...first, puzzle: recolour(transformSlide(first.puzzle, 6), [2, 0, 1, ...Array.from({ length: 12 }, (_, i) => i + 3)]) },
    ];
    const curated = curateSet(slide, { ...set, levels: [...set.levels, ...copies] }, 'test.json');
    expect(curated.curate).toMatchObject({ candidates: set.levels.length + 2, duplicates: 2 });
    expect(curated.levels.filter((l) => l.id === first.id)).toHaveLength(1);
  });
});

describe('slide tiers', () => {
  const levels = (scores: number[]) => scores.map((score) => ({ analysis: { score } as SlideAnalysis }) as Level<unknown, unknown, SlideAnalysis>);
  const config = slide.defaults.config; // tierShares 0.15 / 0.40 / 0.65 / 0.85

  it('uses the SPEC thresholds before curate', () => {
    const c = slide.initialCalibration(config);
    expect(c).toEqual({ method: 'default', thresholds: [43, 56, 67, 77] });
    expect([42.9, 43, 55.9, 56, 66.9, 67, 76.9, 77, 90].map((score) => slideTierOf({ score }, c))).toEqual([
      'tutorial',
      'easy',
      'easy',
      'normal',
      'normal',
      'hard',
      'hard',
      'expert',
      'expert',
    ]);
  });

  it('curate cuts the sorted scores at the configured shares, half-way between neighbours', () => {
    // 20 distinct scores 10.1 .. 12.0: the shares want 3, 8, 13 and 17 levels below
    // the cuts, so the thresholds lie between the 3rd and 4th score (10.3 | 10.4),
    // the 8th and 9th (10.8 | 10.9), the 13th and 14th, the 17th and 18th.
    const scores = Array.from({ length: 20 }, (_, i) => Math.round((10.1 + i / 10) * 10) / 10);
    expect(calibrateSlide(levels(scores), config)).toEqual({ method: 'quantiles', thresholds: [10.35, 10.85, 11.35, 11.75] });
  });

  it('moves a cut off a run of equal scores to the nearest change', () => {
    // scores 1,1,1,1,1,2,...: the first cut wants 3 below but the first change is after the 5th 1
    const scores = [1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
    const c = calibrateSlide(levels(scores), config);
    expect(c.thresholds[0]).toBe(1.5);
    // every tier keeps at least one level
    const tiers = new Set(scores.map((score) => slideTierOf({ score }, c)));
    expect(tiers.size).toBe(5);
  });

  it('keeps the SPEC thresholds when the set has fewer than 5 distinct scores', () => {
    expect(calibrateSlide(levels([50, 50, 60, 70, 80, 80]), config).method).toBe('default');
  });
});

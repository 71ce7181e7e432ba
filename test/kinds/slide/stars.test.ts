// Star thresholds for slide from the proven minimum (issue 7), and the client's
// play/stars functions on a board worked by hand.
import { describe, expect, it } from 'vitest';
import { starThresholds, starsFor } from '../../../tools/kinds/slide/stars.ts';
import { analyzeSlide } from '../../../tools/kinds/slide/analyze.ts';
import { SLIDE_DEFAULT_CONFIG } from '../../../tools/kinds/slide/config.ts';
import { initialSlideCalibration } from '../../../tools/kinds/slide/tiers.ts';
import { flick, isCleared, slideBoardNow, slideStars, startSlidePlay } from '../../../tools/kinds/slide/play.ts';

describe('slide stars', () => {
  it('★★★ at minMoves, ★★ at minMoves + 2, ★ at 2·minMoves + 2, none beyond', () => {
    expect(starThresholds(4)).toEqual({ three: 4, two: 6, one: 10 });
    const t = starThresholds(2);
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => starsFor(m, t))).toEqual([3, 3, 2, 2, 1, 1, 0]);
  });

  // a . . .     Two blocks of colour a. No single flick brings them together
  // . . . .     (R stops at (0,3), D at (2,0); from (2,3) U stops at (0,3), L at (2,0)),
  // . . . a     so minMoves = 2: R then D (the block stops at (1,3), above the other).
  const board = ['a...', '....', '...a'];

  it('stores the thresholds of the proven minimum in the analysis', () => {
    const o = analyzeSlide({ board }, { config: SLIDE_DEFAULT_CONFIG, calibration: initialSlideCalibration() });
    expect(o.status).toBe('proven');
    if (o.status !== 'proven') return;
    expect(o.analysis.minMoves).toBe(2);
    expect(o.analysis.stars).toEqual({ three: 2, two: 4, one: 6 });
  });

  it('a play earns the stars of its length', () => {
    const analysis = { stars: starThresholds(2) } as Parameters<typeof slideStars>[1];
    const play = (moves: [number, number, 'U' | 'D' | 'L' | 'R'][]) => {
      const p = startSlidePlay({ board });
      for (const [c, r, d] of moves) expect(flick(p, c, r, d).ok).toBe(true);
      return p;
    };
    const best = play([
      [0, 0, 'R'],
      [3, 0, 'D'],
    ]);
    expect(isCleared(best)).toBe(true);
    expect(slideStars(best, analysis)).toBe(3);
    // R, L wastes two moves: 4 moves, ★★
    expect(
      slideStars(
        play([
          [0, 0, 'R'],
          [3, 0, 'L'],
          [0, 0, 'R'],
          [3, 0, 'D'],
        ]),
        analysis,
      ),
    ).toBe(2);
    // 6 moves: ★
    expect(
      slideStars(
        play([
          [0, 0, 'R'],
          [3, 0, 'L'],
          [0, 0, 'R'],
          [3, 0, 'L'],
          [0, 0, 'R'],
          [3, 0, 'D'],
        ]),
        analysis,
      ),
    ).toBe(1);
    // 8 moves: no star
    const long = play([
      [0, 0, 'R'],
      [3, 0, 'L'],
      [0, 0, 'R'],
      [3, 0, 'L'],
      [0, 0, 'R'],
      [3, 0, 'L'],
      [0, 0, 'R'],
      [3, 0, 'D'],
    ]);
    expect(isCleared(long)).toBe(true);
    expect(slideStars(long, analysis)).toBe(0);
    // not cleared yet: no star, and the board shows where the block went
    const half = play([[0, 0, 'R']]);
    expect(slideBoardNow(half)).toEqual(['...a', '....', '...a']);
    expect(slideStars(half, analysis)).toBe(0);
    // an illegal flick changes nothing
    expect(flick(half, 1, 1, 'U').ok).toBe(false);
    expect(half.moves).toBe(1);
  });
});

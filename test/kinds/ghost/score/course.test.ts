// "Can this play still reach the best (worst) score?" must be exact for every
// history of catches, in order (SPEC §1, client assets). Checked through the
// client's own calls (startGhostPlay, catchAt, canStillReach) against
//   * G ≤ 8: a brute force over all G! orders with the test oracle (helpers.ts),
//     on every prefix of every catching order;
//   * G up to 26: 10,000 seeded histories per board against the exact DP's
//     tables, steered along optimal plays with deliberately non-optimal catches
//     between two states that both lie on optimal plays (the case a set of
//     states cannot decide), and random catches.
import { describe, expect, it } from 'vitest';
import { exactScores } from '../../../../tools/kinds/ghost/score/score-assets.ts';
import { scoreModel } from '../../../../tools/kinds/ghost/score-rule.ts';
import { dpModel, stepBonus } from '../../../../tools/kinds/ghost/score/dp-kernel.ts';
import { optimalStates, scoreTables } from '../../../../tools/kinds/ghost/score/dp-single.ts';
import { randomBoard } from '../../../../tools/kinds/ghost/generate.ts';
import { canStillReach, catchAt, ghostAt, rulesOf, startGhostPlay, type GhostCourseLevel, type GhostPlay } from '../../../../tools/kinds/ghost/play.ts';
import type { GhostAnalysis, GhostPuzzle, GhostSolution } from '../../../../tools/kinds/ghost/schema.ts';
import { rngFor } from '../../../../tools/lib/rng.ts';
import { scoreOracle } from '../../../support/helpers.ts';

function analysisOf(puzzle: GhostPuzzle, solution: GhostSolution): GhostAnalysis {
  const { assets } = exactScores(scoreModel(puzzle, solution));
  const ghosts = solution.join('').split('G').length - 1;
  return { ghosts, direct: 0, pair: 0, contradiction: 0, logicDepth: 0, ...assets, hints: 'AQ' } as GhostAnalysis;
}

/** A play being made on a level: catchGhost moves `play` on (a play itself is never changed). */
type Making = { readonly level: GhostCourseLevel; play: GhostPlay };
const making = (puzzle: GhostPuzzle, solution: GhostSolution, analysis: GhostAnalysis): Making => {
  const level = { puzzle, solution, analysis };
  return { level, play: startGhostPlay(level) };
};

function catchGhost(m: Making, g: number) {
  const cell = rulesOf(m.level).model.ghostCell[g]!;
  const out = catchAt(m.level, m.play, Math.floor(cell / m.level.puzzle.size), cell % m.level.puzzle.size);
  if (!out.outcome.hit) throw new Error('missed');
  m.play = out.play;
}

describe('every prefix of every order against a brute force (G ≤ 8)', () => {
  const boards = Array.from({ length: 10 }, (_, i) => {
    const rng = rngFor(21, 'course-brute', i);
    const G = [3, 4, 5, 5, 6, 6, 7, 7, 8, 8][i]!;
    return randomBoard(rng, rng.int(5, 6), G, rng.int(3, 12));
  });
  it.each(boards.map((b, i) => [i, b] as const))('board %i', (_i, { puzzle, solution }) => {
    const o = scoreOracle(puzzle, solution);
    const G = o.G;
    // all orders with the oracle's rule: which prefixes can still end on the best / worst total
    const totals: [number[], number][] = [];
    const rec = (order: number[], caught: number, total: number) => {
      if (order.length === G) return void totals.push([[...order], total]);
      for (let g = 0; g < G; g++) if (!((caught >> g) & 1)) rec([...order, g], caught | (1 << g), total + o.gain(caught, g));
    };
    rec([], 0, 0);
    const best = Math.max(...totals.map(([, t]) => t));
    const worst = Math.min(...totals.map(([, t]) => t));
    const reach = { max: new Set<string>(), min: new Set<string>() };
    for (const [order, total] of totals) {
      for (let k = 0; k <= G; k++) {
        if (total === best) reach.max.add(order.slice(0, k).join(','));
        if (total === worst) reach.min.add(order.slice(0, k).join(','));
      }
    }
    const analysis = analysisOf(puzzle, solution);
    expect([analysis.maxScore, analysis.minScore]).toEqual([best, worst]);
    // every distinct prefix, played by the client (each its parent's play plus one catch)
    let prefixes = 0;
    let disagreements = 0;
    const visit = (m: Making) => {
      prefixes++;
      const order = m.play.catches.map(([r, c]) => ghostAt(m.level, r, c));
      const key = order.join(',');
      if (canStillReach(m.level, m.play, 'max') !== reach.max.has(key)) disagreements++;
      if (canStillReach(m.level, m.play, 'min') !== reach.min.has(key)) disagreements++;
      for (let g = 0; g < G; g++) {
        if (order.includes(g)) continue;
        const next = { ...m };
        catchGhost(next, g);
        visit(next);
      }
    };
    visit(making(puzzle, solution, analysis));
    expect(disagreements).toBe(0);
    let expected = 1;
    for (let k = 1, run = 1; k <= G; k++) expected += run *= G - k + 1;
    expect(prefixes).toBe(expected);
  });
});

/** A board with exactly G ghosts from a seeded stream of random boards (the score needs only where the ghosts are). */
function boardWith(G: number, stream: string) {
  const rng = rngFor(22, stream, G);
  const n = G > 20 ? 9 : G > 14 ? 8 : 7;
  return randomBoard(rng, n, G, rng.int(12, 24));
}

describe('10,000 histories a board against the DP (G up to 26)', () => {
  let betweenOnPath = 0;
  it.each([10, 16, 20, 24, 26])(
    'G = %i',
    (G) => {
      const { puzzle, solution } = boardWith(G, 'course-histories');
      const analysis = analysisOf(puzzle, solution);
      // the DP's tables (views into the kernel's memory, valid until its next call)
      const t = scoreTables(dpModel(scoreModel(puzzle, solution)));
      const side = {
        max: { F: t.fmax, D: optimalStates(t, 'max').states },
        min: { F: t.fmin, D: optimalStates(t, 'min').states },
      };
      const inD = (D: Uint32Array, s: number) => ((D[s >>> 5]! >>> (s & 31)) & 1) === 1;
      const rng = rngFor(23, 'histories', G);
      let answers = 0;
      let wrong = 0;
      let trueAnswers = 0;
      for (let h = 0; h < 10_000; h++) {
        const steer = h % 2 === 0 ? 'max' : 'min';
        const { F, D } = side[steer];
        const play = making(puzzle, solution, analysis);
        let S = 0;
        let bonus = 0;
        // one deliberate deviation a history, at a random step: a non-optimal catch between two
        // on-path states when there is one (70 %), else any catch; optimal catches otherwise
        const deviateAt = rng.int(0, G - 1);
        while (play.play.catches.length < G) {
          const free = Array.from({ length: G }, (_, g) => g).filter((g) => !((S >>> g) & 1));
          const onCourse = bonus + F[S]! === F[0]!;
          const optimal = onCourse ? free.filter((g) => stepBonus(t.ck[S]!, t.ck[S | (1 << g)]!) + F[S | (1 << g)]! === F[S]!) : [];
          const sly = onCourse ? free.filter((g) => inD(D, S | (1 << g)) && !optimal.includes(g)) : [];
          const deviate = play.play.catches.length === deviateAt;
          const pool = !deviate && optimal.length ? optimal : deviate && sly.length && rng.int(0, 9) < 7 ? sly : free;
          const g = pool[rng.int(0, pool.length - 1)]!;
          if (pool === sly) betweenOnPath++;
          const T = S | (1 << g);
          bonus += stepBonus(t.ck[S]!, t.ck[T]!);
          S = T;
          catchGhost(play, g);
          for (const which of ['max', 'min'] as const) {
            // the truth, from the DP: the bonus so far plus the best (worst) still to come is the optimum
            const truth = bonus + side[which].F[S]! === side[which].F[0]!;
            const said = canStillReach(play.level, play.play, which);
            answers++;
            if (truth) trueAnswers++;
            if (said !== truth) wrong++;
          }
        }
      }
      expect(wrong).toBe(0);
      expect(answers).toBe(2 * 10_000 * G);
      expect(trueAnswers).toBeGreaterThan(answers / 10);
    },
    120_000,
  );

  it('the histories did make non-optimal catches between two on-path states', () => {
    expect(betweenOnPath).toBeGreaterThan(5000);
  });
});

describe('a play through on-path states only that loses the best score', () => {
  it('is told, at the non-optimal catch, that the best is out of reach', () => {
    // Search the seeded boards for a catch S -> S ∪ {g} with both states on a best play and the
    // catch itself not optimal; finish the play optimally from there (every state stays on a
    // best play), and check the client's answers along it.
    for (let i = 0; i < 40; i++) {
      const rng = rngFor(24, 'sly', i);
      const { puzzle, solution } = randomBoard(rng, 7, rng.int(10, 14), rng.int(8, 16));
      const m = scoreModel(puzzle, solution);
      const G = m.ghosts;
      const analysis = analysisOf(puzzle, solution);
      const t = scoreTables(dpModel(m));
      const D = optimalStates(t, 'max').states;
      const inD = (s: number) => ((D[s >>> 5]! >>> (s & 31)) & 1) === 1;
      const F = t.fmax;
      const opt = (S: number, g: number) => stepBonus(t.ck[S]!, t.ck[S | (1 << g)]!) + F[S | (1 << g)]! === F[S]!;
      // walk optimally, looking at each state for a non-optimal catch that stays in D
      let S = 0;
      const prefix: number[] = [];
      while (prefix.length < G) {
        const sly = Array.from({ length: G }, (_, g) => g).find((g) => !((S >>> g) & 1) && inD(S | (1 << g)) && !opt(S, g));
        if (sly !== undefined) {
          const play = making(puzzle, solution, analysis);
          for (const g of prefix) catchGhost(play, g);
          expect(canStillReach(play.level, play.play, 'max')).toBe(true);
          catchGhost(play, sly);
          expect(canStillReach(play.level, play.play, 'max')).toBe(false);
          let T = S | (1 << sly);
          while (play.play.catches.length < G) {
            const g = Array.from({ length: G }, (_, x) => x).find((x) => !((T >>> x) & 1) && opt(T, x))!;
            catchGhost(play, g);
            T |= 1 << g;
            expect(inD(T)).toBe(true);
            expect(canStillReach(play.level, play.play, 'max')).toBe(false);
          }
          expect(play.play.score).toBeLessThan(analysis.maxScore as number);
          return;
        }
        const g = Array.from({ length: G }, (_, x) => x).find((x) => !((S >>> x) & 1) && opt(S, x))!;
        prefix.push(g);
        S |= 1 << g;
      }
    }
    throw new Error('no board with a non-optimal catch between on-path states among the 40 tried');
  });
});

// The generator's solver limits (target-test.ts limitsFor): a try stops as soon
// as its round counts pass what its target test allows, so the limits may cut
// a solve short but must never change which boards pass, nor what a passing
// board's solve is (the deepening ranks boards by their rounds).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rngFor } from '../../../tools/lib/rng.ts';
import { compileBoard } from '../../../tools/kinds/ghost/board.ts';
import { solveLayered } from '../../../tools/kinds/ghost/solver.ts';
import { randomBoard } from '../../../tools/kinds/ghost/generate.ts';
import { limitsFor, passesTarget, type GhostSpec } from '../../../tools/kinds/ghost/target-test.ts';
import { ghostTierOf } from '../../../tools/kinds/ghost/tiers.ts';
import { GHOST_DEFAULT_CONFIG } from '../../../tools/kinds/ghost/config.ts';
import { GHOST_TIERS } from '../../../tools/kinds/ghost/schema.ts';

const MODES = ['direct', 'pair', 'contradiction'] as const;
const LAYERS = ['direct', 'pair', 'contradiction'] as const;

describe('limitsFor: the round ceilings', () => {
  it('never turn a board that passes its target test unlimited into one that fails, nor change its solve', () => {
    let passed = 0;
    let cut = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 5, max: 9 }),
        fc.constantFrom(...MODES),
        fc.boolean(),
        fc.constantFrom(...GHOST_TIERS),
        fc.array(fc.tuple(fc.constantFrom(...LAYERS), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })), { maxLength: 2 }),
        (seed, n, otherMode, ownTier, otherTier, ranges) => {
          const band = GHOST_DEFAULT_CONFIG.bands.find((b) => b.size === n)!;
          const rng = rngFor(seed, 'target-limits', 0);
          const { puzzle } = randomBoard(rng, n, rng.int(band.ghosts[0], band.ghosts[1]), rng.int(band.clues[0], band.clues[1]));
          const board = compileBoard(puzzle);
          const full = solveLayered(board, { trace: true });
          // a spec the board is near: its own mode and tier most of the time, so that many boards pass
          const mode = full.contradiction > 0 ? 'contradiction' : full.pair > 0 ? 'pair' : 'direct';
          const tier = ownTier ? ghostTierOf(full, GHOST_DEFAULT_CONFIG.ladder) : otherTier;
          const rounds: GhostSpec['rounds'] = {};
          for (const [layer, a, b] of ranges) rounds[layer] = [Math.min(a, b), Math.max(a, b)];
          const spec: GhostSpec = {
            size: n,
            mode: ownTier ? mode : otherMode,
            ghosts: band.ghosts,
            clues: band.clues,
            rounds,
            ...(tier !== null ? { tier } : {}),
            ladder: GHOST_DEFAULT_CONFIG.ladder,
            deepen: 0,
            starts: 1,
            tries: 1,
          };
          const limited = solveLayered(board, { ...limitsFor(spec), trace: true });
          const passes = passesTarget(full, spec);
          expect(passesTarget(limited, spec)).toBe(passes);
          if (passes) {
            passed++;
            expect([limited.status, limited.direct, limited.pair, limited.contradiction]).toEqual([full.status, full.direct, full.pair, full.contradiction]);
            expect(limited.rounds).toEqual(full.rounds);
            expect([...limited.state]).toEqual([...full.state]);
          } else if (limited.status === 'limit' && limited.direct + limited.pair + limited.contradiction < full.direct + full.pair + full.contradiction) cut++;
        },
      ),
      { numRuns: 400, seed: 32 },
    );
    // the property saw both sides: boards that pass, and solves the ceilings cut short
    expect(passed).toBeGreaterThan(25);
    expect(cut).toBeGreaterThan(100);
  });

  it('take the highest count any ladder rule of the tier and mode allows, and the spec range below it', () => {
    const spec = (mode: GhostSpec['mode'], tier: string, rounds: GhostSpec['rounds'] = {}): GhostSpec => ({
      size: 9,
      mode,
      ghosts: [18, 26],
      clues: [20, 28],
      rounds,
      tier,
      ladder: GHOST_DEFAULT_CONFIG.ladder,
      deepen: 0,
      starts: 1,
      tries: 1,
    });
    // EXTREME pair: pair [1, 1] with direct 10+, or pair [2, 2] with direct 0-9
    expect(limitsFor(spec('pair', 'EXTREME'))).toMatchObject({ maxDirectRounds: 200, maxPairRounds: 2 });
    // ULTIMATE contradiction: one rule, contradiction [1, 1] and pair [1, 1]
    expect(limitsFor(spec('contradiction', 'ULTIMATE'))).toMatchObject({ maxPairRounds: 1, maxContradictionRounds: 1 });
    // a spec range lower than the tier's
    expect(limitsFor(spec('pair', 'EXTREME', { direct: [0, 4] }))).toMatchObject({ maxDirectRounds: 4, maxPairRounds: 2 });
    // no rule of that tier in that mode: nothing can pass
    expect(limitsFor(spec('direct', 'ULTIMATE+')).maxDirectRounds).toBe(-Infinity);
  });
});

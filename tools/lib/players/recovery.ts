// How well the players' fit recovers true difficulty at a given number of
// attempts per level: a simulated population (simulate.ts) on synthetic
// levels, fitted (rasch.ts), and the Spearman rank correlation of fitted and
// true difficulty. docs/players.md's table of attempts a level needs is this,
// recomputed by its test.
import { fitRasch } from './rasch.ts';
import { simulateAttempts, trueDifficulties } from './simulate.ts';
import { median, spearman } from '../stats.ts';

/** Levels each simulated player attempts. */
const PER_PLAYER = 20;

/** Spearman's rho of fitted against true difficulty over `levelCount` levels with about `attemptsPerLevel` attempts each, from population `seed`. */
export function recoveryAt(levelCount: number, attemptsPerLevel: number, seed: number): number {
  const sim = Array.from({ length: levelCount }, (_, i) => ({ id: `level-${i}`, score: i }));
  const settings = { players: Math.ceil((levelCount * attemptsPerLevel) / PER_PLAYER), attemptsPerPlayer: PER_PLAYER, seed };
  const truth = trueDifficulties(sim, settings);
  const attempts = simulateAttempts(sim, truth, settings);
  const index = new Map(sim.map((l, i) => [l.id, i]));
  const players = new Map<string, number>();
  const n = attempts.length;
  const a = { level: new Int32Array(n), player: new Int32Array(n), solved: new Uint8Array(n), levels: levelCount, players: 0 };
  attempts.forEach((t, i) => {
    a.level[i] = index.get(t.level) as number;
    let p = players.get(t.player);
    if (p === undefined) players.set(t.player, (p = players.size));
    a.player[i] = p;
    a.solved[i] = t.solved ? 1 : 0;
  });
  a.players = players.size;
  return spearman(fitRasch(a).difficulty, truth);
}

/** The attempts-per-level table: for each count, the median rho over `seeds` populations on `levels` levels. */
export function recoveryTable(levels: number, counts: readonly number[], seeds: number): { attemptsPerLevel: number; spearman: number }[] {
  return counts.map((c) => ({ attemptsPerLevel: c, spearman: median(Array.from({ length: seeds }, (_, s) => recoveryAt(levels, c, s + 1))) }));
}

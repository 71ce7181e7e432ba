// A simulated population of players for the players model's tests, the bench
// and studios (proofpack simulate-players): abilities ~ N(0, 1), each level a
// hidden true difficulty made of its solver score (its rank among the set's
// levels, standardised) plus seeded noise, and attempts drawn from the Rasch
// model itself, with plausible seconds and mistakes. Every draw comes from
// rngFor (seed, stream, index): the same seed gives the same log.
import { rngFor, type Rng } from '../rng.ts';
import { ranks } from '../stats.ts';

/** What the simulator needs of a level: its id and a solver score (higher is harder). */
export interface SimLevel {
  id: string;
  score: number;
}

/** The population and its size. */
export interface SimSettings {
  players: number;
  attemptsPerPlayer: number;
  seed: number;
  /** How much of the true difficulty the solver score explains (its weight, in logits per standard deviation of score rank). */
  solverWeight?: number;
  /** The standard deviation of the noise added to it. */
  noise?: number;
}

/** One simulated attempt, an attempt log line. */
export interface SimAttempt {
  level: string;
  player: string;
  solved: boolean;
  seconds: number;
  mistakes: number;
}

/** A standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
}

/** The true difficulty of each level: its score's rank standardised, times the weight, plus noise. */
export function trueDifficulties(levels: readonly SimLevel[], settings: SimSettings): number[] {
  const weight = settings.solverWeight ?? 1.2;
  const noise = settings.noise ?? 0.4;
  const n = levels.length;
  // ties share their average rank, so equal scores mean equal solver difficulty
  const rank = ranks(levels.map((l) => l.score));
  const sdRank = Math.sqrt((n * n - 1) / 12) || 1;
  return levels.map((_, k) => weight * (((rank[k] as number) - (n + 1) / 2) / sdRank) + noise * normal(rngFor(settings.seed, 'players/level', k)));
}

/** The attempts of the population, player by player; `truth` from trueDifficulties. */
export function simulateAttempts(levels: readonly SimLevel[], truth: readonly number[], settings: SimSettings): SimAttempt[] {
  const out: SimAttempt[] = [];
  const n = levels.length;
  const k = Math.min(settings.attemptsPerPlayer, n);
  const pick = new Int32Array(n);
  const width = String(Math.max(0, settings.players - 1)).length;
  for (let j = 0; j < settings.players; j++) {
    const rng = rngFor(settings.seed, 'players/player', j);
    const ability = normal(rng);
    for (let i = 0; i < n; i++) pick[i] = i;
    rng.sample(pick, n, k);
    const player = `p${String(j).padStart(width, '0')}`;
    for (let a = 0; a < k; a++) {
      const level = pick[a] as number;
      const gap = (truth[level] as number) - ability;
      const solved = rng.float() < 1 / (1 + Math.exp(gap));
      // harder for this player: longer and with more mistakes; a give-up lasts longer still
      const seconds = Math.round(30 * Math.exp(0.4 * gap + 0.3 * normal(rng)) * (solved ? 1 : 1.5) * 10) / 10;
      const mistakes = Math.floor(-Math.log(1 - rng.float()) * Math.max(0.2, 1 + gap)) + (solved ? 0 : 1);
      out.push({ level: (levels[level] as SimLevel).id, player, solved, seconds, mistakes });
    }
  }
  return out;
}

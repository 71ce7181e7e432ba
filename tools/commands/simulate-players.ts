// `proofpack simulate-players SET --players N --attempts-per-player M --seed S
// --out LOG`: an attempt log from a simulated population (lib/players/
// simulate.ts), for tests, the bench and a studio trying calibrate before it
// has players. Each level's hidden true difficulty is its place in the set's
// order (the solver's, easiest first) plus seeded noise; it is written beside
// the log (--truth, default <log>.truth.json) so recovery can be measured.
// Read by no command: the log is what calibrate reads.
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { stableJson } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import { simulateAttempts, trueDifficulties, type SimSettings } from '../lib/players/simulate.ts';
import { loadDocument } from './files/documents.ts';

/** The most attempts one simulation writes (its log stays under calibrate's default cap). */
export const MAX_SIMULATED_ATTEMPTS = 2_000_000;

/** The command line of `proofpack simulate-players`. */
export interface SimulateOptions {
  input: string;
  players: number;
  attemptsPerPlayer: number;
  seed: number;
  out: string;
  truth?: string;
  /** How much of the true difficulty the solver's order explains (logits per standard deviation of rank). */
  solverWeight?: number;
  /** The standard deviation of the noise added to it. */
  noise?: number;
}

/** The side file's name: the log's, its extension replaced. */
export const truthFileOf = (log: string): string => `${log.replace(/\.jsonl?$/, '')}.truth.json`;

export function simulatePlayersCommand(opts: SimulateOptions, con: Console): number {
  const loaded = loadDocument(opts.input, ['set']);
  if (loaded.type !== 'set') throw new InputError(`${opts.input}: expected a set file`);
  const levels = loaded.doc.levels.map((l, i) => ({ id: l.id, score: i }));
  if (levels.length === 0) throw new InputError(`${opts.input}: no levels to play`);
  const perPlayer = Math.min(opts.attemptsPerPlayer, levels.length);
  if (opts.players * perPlayer > MAX_SIMULATED_ATTEMPTS)
    throw new InputError(
      `simulate-players: ${opts.players} players × ${perPlayer} attempts is over the ${MAX_SIMULATED_ATTEMPTS} a simulation writes; nothing written (fewer players or attempts)`,
    );
  const settings: SimSettings = {
    players: opts.players,
    attemptsPerPlayer: perPlayer,
    seed: opts.seed,
    ...(opts.solverWeight !== undefined ? { solverWeight: opts.solverWeight } : {}),
    ...(opts.noise !== undefined ? { noise: opts.noise } : {}),
  };
  const truth = trueDifficulties(levels, settings);
  const attempts = simulateAttempts(levels, truth, settings);
  const truthFile = opts.truth ?? truthFileOf(opts.out);
  writeFileAtomic(opts.out, attempts.map((a) => `${stableJson(a)}\n`).join(''));
  writeFileAtomic(
    truthFile,
    `${stableJson({ set: opts.input, seed: opts.seed, players: opts.players, attemptsPerPlayer: perPlayer, difficulty: Object.fromEntries(levels.map((l, k) => [l.id, truth[k]])) })}\n`,
  );
  con.out(
    `simulated ${attempts.length} attempts of ${opts.players} players on ${levels.length} ${loaded.kind.name} levels into ${opts.out} (true difficulties in ${truthFile})`,
  );
  return 0;
}

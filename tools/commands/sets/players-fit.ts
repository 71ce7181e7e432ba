// A set's levels fitted to the attempts read from its logs: the attempts of
// the set's levels put in one canonical order (player id, then level, then
// outcome: the same whatever the order or split of the logs), the Rasch fit
// (lib/players/rasch.ts), and per level with at least minAttempts attempts its
// `players` figures, with the set's provenance. calibrate writes what this
// returns; validate compares a stored set with it. No kind code.
import type { LevelPlayers, PlayersProvenance } from '../../lib/formats.ts';
import { fitRaschYielding, RASCH_DEFAULTS } from '../../lib/players/rasch.ts';
import { median, round } from '../../lib/stats.ts';
import { digestOf, type ReadLogs } from '../files/attempt-logs.ts';

/** What a fit is asked for (stored in the provenance's params). */
export interface FitParams {
  minAttempts: number;
  retier: boolean;
  abilitySd: number;
  difficultySd: number;
}

/** The defaults of calibrate (a level needs 30 attempts: docs/players.md shows what fewer give). */
export const FIT_DEFAULTS: FitParams = { minAttempts: 30, retier: false, abilitySd: RASCH_DEFAULTS.abilitySd, difficultySd: RASCH_DEFAULTS.difficultySd };

/** A set's fit: each fitted level's figures by id, and the provenance that says how. */
export interface SetFit {
  players: Map<string, LevelPlayers>;
  provenance: PlayersProvenance;
  /** The fit stopped at its round limit before it settled (calibrate refuses it). */
  unsettled: boolean;
}

/** A stored figure: 4 decimals, never a negative zero. */
const figure = (x: number) => {
  const r = round(x, 4);
  return r === 0 ? 0 : r;
};

/** Fit the levels `levelIds` (the set's, in its order) to the attempts `read`; `signal` is answered between the fit's rounds. */
export async function fitSet(levelIds: readonly string[], read: ReadLogs, params: FitParams, signal?: AbortSignal): Promise<SetFit> {
  const { columns } = read;
  const setIndex = new Map(levelIds.map((id, i) => [id, i]));
  // each logged level id -> its index in the set, or -1
  const levelOf = Int32Array.from(columns.levelIds, (id) => setIndex.get(id) ?? -1);
  // the players of the fitted attempts, numbered in sorted id order
  const used = new Uint8Array(columns.playerIds.length);
  let known = 0;
  for (let i = 0; i < columns.length; i++) {
    if ((levelOf[columns.level[i] as number] as number) < 0) continue;
    used[columns.player[i] as number] = 1;
    known++;
  }
  const playerIds = columns.playerIds.filter((_, p) => used[p] === 1).sort();
  const rankOf = new Map(playerIds.map((id, r) => [id, r]));
  const playerRank = Int32Array.from(columns.playerIds, (id) => rankOf.get(id) ?? -1);
  // one sortable number per attempt: (player rank, level, solved)
  const n = levelIds.length;
  const keys = new Float64Array(known);
  const seconds: number[][] = levelIds.map(() => []);
  let k = 0;
  for (let i = 0; i < columns.length; i++) {
    const level = levelOf[columns.level[i] as number] as number;
    if (level < 0) continue;
    keys[k++] = ((playerRank[columns.player[i] as number] as number) * n + level) * 2 + (columns.solved[i] as number);
    (seconds[level] as number[]).push(columns.seconds[i] as number);
  }
  keys.sort();
  const attempts = { level: new Int32Array(known), player: new Int32Array(known), solved: new Uint8Array(known), levels: n, players: playerIds.length };
  for (let i = 0; i < known; i++) {
    const key = keys[i] as number;
    attempts.solved[i] = key % 2;
    const pl = (key - (key % 2)) / 2;
    attempts.level[i] = pl % n;
    attempts.player[i] = (pl - (pl % n)) / n;
  }
  const settings = { ...RASCH_DEFAULTS, abilitySd: params.abilitySd, difficultySd: params.difficultySd };
  const fit = await fitRaschYielding(attempts, settings, signal);
  const count = new Int32Array(n);
  const solved = new Int32Array(n);
  for (let i = 0; i < known; i++) {
    const level = attempts.level[i] as number;
    count[level] = (count[level] as number) + 1;
    solved[level] = (solved[level] as number) + (attempts.solved[i] as number);
  }
  const players = new Map<string, LevelPlayers>();
  levelIds.forEach((id, level) => {
    const c = count[level] as number;
    if (c < params.minAttempts || c === 0) return;
    players.set(id, {
      difficulty: figure(fit.difficulty[level] as number),
      deviation: figure(fit.deviation[level] as number),
      attempts: c,
      solveRate: figure((solved[level] as number) / c),
      medianSeconds: figure(median(seconds[level] as number[])),
    });
  });
  const provenance: PlayersProvenance = {
    model: 'rasch-map',
    logs: [...read.logs].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    attempts: { count: known, sha256: digestOf([...columns.lineHashes]), unknownLevels: columns.length - known, skipped: read.skipped },
    params: { minAttempts: params.minAttempts, retier: params.retier, abilitySd: params.abilitySd, difficultySd: params.difficultySd },
    iterations: fit.iterations,
    belowMinAttempts: n - players.size,
  };
  return { players, provenance, unsettled: fit.iterations >= settings.maxIterations };
}

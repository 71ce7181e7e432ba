// The players model (docs/players.md): a Rasch (1-PL logistic) fit of player
// ability and level difficulty, P(solve) = sigmoid(ability - difficulty), with
// Gaussian priors on both (maximum a posteriori), so a level every player solved
// (or none did) and a player with a perfect score stay finite, and the scale's
// zero is the prior's. Alternating Newton steps over typed arrays: every
// ability from its attempts, then every difficulty; each sum runs over the
// attempts in the order given, so the same (canonically sorted) attempts give
// the same bits. Pure: no file, no kind.

/** The attempts to fit, as parallel arrays: attempt i is player `player[i]` on level `level[i]`. */
export interface AttemptArrays {
  /** Level index of each attempt, 0..levels-1. */
  level: Int32Array;
  /** Player index of each attempt, 0..players-1. */
  player: Int32Array;
  /** 1 when the attempt solved the level. */
  solved: Uint8Array;
  levels: number;
  players: number;
}

/** The fit's settings: the priors' standard deviations and when to stop. */
export interface RaschSettings {
  abilitySd: number;
  difficultySd: number;
  /** Stop when no value moves more than this in a round. */
  tolerance: number;
  maxIterations: number;
}

/** The defaults every command uses (stored in a set's provenance, so validate fits with the same). */
export const RASCH_DEFAULTS: RaschSettings = { abilitySd: 1, difficultySd: 2, tolerance: 1e-7, maxIterations: 500 };

/** The fitted values: a difficulty and its standard error per level, an ability per player, and the rounds it took. */
export interface RaschFit {
  difficulty: Float64Array;
  deviation: Float64Array;
  ability: Float64Array;
  iterations: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Fit the model to `a`. Deterministic: the result depends on the attempts'
 * order only through the order of float additions, so callers sort them first.
 */
export function fitRasch(a: AttemptArrays, settings: RaschSettings = RASCH_DEFAULTS): RaschFit {
  const rounds = raschRounds(a, settings);
  for (;;) {
    const r = rounds.next();
    if (r.done) return r.value;
  }
}

/** fitRasch, yielding to the event loop after each round (a stop signal is answered between rounds). */
export async function fitRaschYielding(a: AttemptArrays, settings: RaschSettings, signal?: AbortSignal): Promise<RaschFit> {
  const rounds = raschRounds(a, settings);
  for (;;) {
    const r = rounds.next();
    if (r.done) return r.value;
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw signal.reason;
  }
}

/** The fit, one round a step. */
function* raschRounds(a: AttemptArrays, settings: RaschSettings): Generator<number, RaschFit> {
  const n = a.level.length;
  const ability = new Float64Array(a.players);
  const difficulty = new Float64Array(a.levels);
  const grad = new Float64Array(Math.max(a.players, a.levels));
  const info = new Float64Array(Math.max(a.players, a.levels));
  const abilityPrecision = 1 / settings.abilitySd ** 2;
  const difficultyPrecision = 1 / settings.difficultySd ** 2;
  let iterations = 0;
  while (iterations < settings.maxIterations) {
    iterations++;
    // abilities: one Newton step each on the log posterior, the difficulties held; then the difficulties, the new abilities held
    const movedAbility = newtonStep(ability, a.player, difficulty, a.level, a.solved, 1, abilityPrecision, grad, info);
    const movedDifficulty = newtonStep(difficulty, a.level, ability, a.player, a.solved, -1, difficultyPrecision, grad, info);
    const moved = Math.max(movedAbility, movedDifficulty);
    if (moved < settings.tolerance) break;
    yield iterations;
  }
  // the standard error of each difficulty: the posterior's curvature at the fit
  info.fill(0, 0, a.levels);
  for (let i = 0; i < n; i++) {
    const k = a.level[i] as number;
    const p = sigmoid((ability[a.player[i] as number] as number) - (difficulty[k] as number));
    info[k] = (info[k] as number) + p * (1 - p);
  }
  const deviation = new Float64Array(a.levels);
  for (let k = 0; k < a.levels; k++) deviation[k] = 1 / Math.sqrt((info[k] as number) + difficultyPrecision);
  return { difficulty, deviation, ability, iterations };
}

/**
 * One Newton step on every value of one side (`own`: the abilities, sign 1,
 * or the difficulties, sign -1), the other side held: attempt i adds to its
 * own value's gradient and information, P(solve) = sigmoid(ability -
 * difficulty); the Gaussian prior (`precision`) pulls each towards 0. Returns
 * the largest move. `grad` and `info` are scratch of at least own's length.
 */
function newtonStep(
  own: Float64Array,
  ownOf: Int32Array,
  other: Float64Array,
  otherOf: Int32Array,
  solved: Uint8Array,
  sign: 1 | -1,
  precision: number,
  grad: Float64Array,
  info: Float64Array,
): number {
  grad.fill(0, 0, own.length);
  info.fill(0, 0, own.length);
  for (let i = 0; i < ownOf.length; i++) {
    const j = ownOf[i] as number;
    const p = sigmoid(sign * ((own[j] as number) - (other[otherOf[i] as number] as number)));
    grad[j] = (grad[j] as number) + sign * ((solved[i] as number) - p);
    info[j] = (info[j] as number) + p * (1 - p);
  }
  let moved = 0;
  for (let j = 0; j < own.length; j++) {
    const x = own[j] as number;
    const step = ((grad[j] as number) - x * precision) / ((info[j] as number) + precision);
    own[j] = x + step;
    moved = Math.max(moved, Math.abs(step));
  }
  return moved;
}

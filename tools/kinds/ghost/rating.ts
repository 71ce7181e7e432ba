// Logic Rating (docs/ghost.md): a player's ability θ on the logicDepth scale, from
// attempts (b = the level's logicDepth, clean clear or not), under the
// one-parameter logistic model P(clean clear) = 1 / (1 + exp(−a(θ − b))).
// θ maximises the log-likelihood plus a weak normal prior N(priorMean, priorSd²)
// (the prior keeps θ finite when a player cleared all or none), found by
// Newton's method. Displayed as 100·θ clamped to 0..4400; shown after 20
// attempts, "confirmed" at 60. a = 0.3 is provisional and configurable.
// Pure, no Node-only imports: the game client calls it.

export interface Attempt {
  /** logicDepth of the level attempted. */
  b: number;
  /** A clean clear: first try, no hint, every catch provable when made. */
  clean: boolean;
}

export interface RatingOptions {
  /** Slope of the logistic model (provisional). */
  a: number;
  /** The weak normal prior on θ. */
  priorMean: number;
  priorSd: number;
  /** Attempts before the rating is shown, and before it is confirmed. */
  showAfter: number;
  confirmAt: number;
  /** Display scale and clamp. */
  scale: number;
  displayMax: number;
}

export const RATING_DEFAULTS: RatingOptions = {
  a: 0.3,
  // logicDepth of the reference set ranges 1..43 with tier medians 3..19.5: a prior
  // centred on a middle depth with a wide spread is weak next to 20+ attempts.
  priorMean: 10,
  priorSd: 10,
  showAfter: 20,
  confirmAt: 60,
  scale: 100,
  displayMax: 4400,
};

export type RatingStatus = 'hidden' | 'shown' | 'confirmed';

export interface Rating {
  /** Fitted ability on the logicDepth scale (unclamped). */
  theta: number;
  /** round(100·θ) clamped to 0..4400. */
  display: number;
  /** hidden below 20 attempts, shown from 20, confirmed from 60. */
  status: RatingStatus;
  attempts: number;
  /** Approximate standard error of θ (1 / sqrt of the posterior information). */
  se: number;
  /** Newton iterations used. */
  iterations: number;
}

const sigmoid = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

/**
 * The derivative of the log posterior in θ and its (negative) second
 * derivative: g = Σ a(y − P) − (θ − μ)/σ², h = Σ a²P(1 − P) + 1/σ².
 */
function posteriorSlope(theta: number, attempts: readonly Attempt[], o: RatingOptions = RATING_DEFAULTS): { g: number; h: number } {
  let g = -(theta - o.priorMean) / (o.priorSd * o.priorSd);
  let h = 1 / (o.priorSd * o.priorSd);
  for (const t of attempts) {
    const p = sigmoid(o.a * (theta - t.b));
    g += o.a * ((t.clean ? 1 : 0) - p);
    h += o.a * o.a * p * (1 - p);
  }
  return { g, h };
}

/** Fit θ by Newton's method (the log posterior is strictly concave: one maximum). */
export function logicRating(attempts: readonly Attempt[], options: Partial<RatingOptions> = {}): Rating {
  const o = { ...RATING_DEFAULTS, ...options };
  if (!(o.a > 0) || !(o.priorSd > 0)) throw new Error('rating: a and priorSd must be positive');
  let theta = o.priorMean;
  let iterations = 0;
  let h = 1 / (o.priorSd * o.priorSd);
  for (; iterations < 100; ) {
    const s = posteriorSlope(theta, attempts, o);
    h = s.h;
    // Newton step, limited to 10 depth units so a far start cannot overshoot wildly
    const step = Math.max(-10, Math.min(10, s.g / s.h));
    theta += step;
    iterations++;
    if (Math.abs(step) < 1e-10) break;
  }
  const display = Math.max(0, Math.min(o.displayMax, Math.round(o.scale * theta)));
  const n = attempts.length;
  const status: RatingStatus = n >= o.confirmAt ? 'confirmed' : n >= o.showAfter ? 'shown' : 'hidden';
  return { theta, display, status, attempts: n, se: 1 / Math.sqrt(h), iterations };
}

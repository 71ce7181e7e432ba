// A level as every layer sees it: the one shape the kind contract, the client
// face and the conformance vectors share (its own file, so they need not import each other).

/** A level as stored in set and pack files (docs/formats.md). */
export interface Level<P = unknown, S = unknown, A = unknown> {
  /** "<kind>-" and 12 hex digits, the same wherever the puzzle comes from. */
  id: string;
  /** The puzzle in the kind's level encoding. */
  puzzle: P;
  /** The stored solution (ghost rows, slide flicks, apple rectangles). */
  solution: S;
  /** Every derived value the pipeline proved. */
  analysis: A;
  /** The tier the set put it in. */
  tier: string;
  /** Its difficulty from players' attempts (proofpack calibrate; docs/players.md), when it had enough of them. */
  players?: LevelPlayersFigures;
}

/** A level's figures from players: the fitted difficulty (logit scale, higher is harder), its standard error, and the attempts behind them. */
export interface LevelPlayersFigures {
  difficulty: number;
  deviation: number;
  attempts: number;
  solveRate: number;
  medianSeconds: number;
}

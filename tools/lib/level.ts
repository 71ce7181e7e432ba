// A level as every layer sees it: the one shape the kind contract, the client
// face and the conformance vectors share (its own file, so they need not import each other).

/** A level as stored in set and pack files (docs/formats.md). */
export interface Level<P = unknown, S = unknown, A = unknown> {
  id: string;
  puzzle: P;
  solution: S;
  analysis: A;
  tier: string;
}

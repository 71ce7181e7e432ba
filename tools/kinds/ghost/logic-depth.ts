// A ghost level's difficulty figure (docs/ghost.md, tiers): logicDepth, the
// layered solve's rounds weighted by how deep a layer each needed. Its own
// module so the tier ladder and the generator's target test stand apart from
// analyze and the score DP.

export interface Weights {
  pair: number;
  contradiction: number;
}

export function logicDepth(counts: { direct: number; pair: number; contradiction: number }, w: Weights): number {
  return counts.direct + w.pair * counts.pair + w.contradiction * counts.contradiction;
}

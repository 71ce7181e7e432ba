// The generator's target test (docs/ghost.md, generation): what a plan entry wants
// of a board (size, mode, round limits, tier), the solver limits that stop a
// try as soon as it cannot pass, the test itself, and the safety net that
// checks the solver's deductions against the board's known solution. Shared by
// rejection sampling (generate.ts) and the deepening pass (deepen.ts).
import type { GhostConfig, GhostMode, GhostSolution } from './schema.ts';
import { type Board, WORDS } from './board.ts';
import { type SolveResult, LAYER_DIRECT, LAYER_PAIR, LAYER_CONTRADICTION } from './solver.ts';
import { ghostTierOf } from './tiers.ts';
import { at } from '../../lib/at.ts';

export interface GhostSpec {
  size: number;
  mode: GhostMode;
  ghosts: [number, number];
  clues: [number, number];
  rounds: { direct?: [number, number]; pair?: [number, number]; contradiction?: [number, number] };
  /** Keep only boards the ladder puts in this tier. */
  tier?: string;
  ladder: GhostConfig['ladder'];
  /** Deepening tries per board after sampling (0: none). */
  deepen: number;
  /** Sampled boards deepened per slot, the deepest kept. */
  starts: number;
  /** Sampling tries per slot (the plan entry's `tries`, else the config's triesPerBoard). */
  tries: number;
}

const within = (v: number, r: [number, number] | undefined) => !r || (v >= r[0] && v <= r[1]);

/** The solver limits that let a try stop as soon as it cannot pass the mode's test. */
export function limitsFor(spec: GhostSpec) {
  const maxLayer = spec.mode === 'direct' ? LAYER_DIRECT : spec.mode === 'pair' ? LAYER_PAIR : LAYER_CONTRADICTION;
  const maxContradictionRounds = spec.mode === 'contradiction' ? (spec.rounds.contradiction?.[1] ?? 1) : 0;
  return { maxLayer, maxContradictionRounds };
}

/** The target tests: direct = L1 only; pair = needs L2, no L3; contradiction = exactly one L3 round. */
export function passesTarget(r: SolveResult, spec: GhostSpec): boolean {
  if (r.status !== 'solved') return false;
  const modeOk =
    spec.mode === 'direct' ? r.pair === 0 && r.contradiction === 0 : spec.mode === 'pair' ? r.pair >= 1 && r.contradiction === 0 : r.contradiction === 1;
  return (
    modeOk &&
    within(r.direct, spec.rounds.direct) &&
    within(r.pair, spec.rounds.pair) &&
    within(r.contradiction, spec.rounds.contradiction) &&
    (spec.tier === undefined || ghostTierOf(r, spec.ladder) === spec.tier)
  );
}

/** True when every cell the solver decided agrees with the known solution. */
export function agreesWithSolution(b: Board, r: SolveResult, solution: GhostSolution): boolean {
  for (let p = 0; p < b.plainCount; p++) {
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    const cell = at(b.plainCell, p);
    const isGhost = at(at(solution, Math.floor(cell / b.n)), cell % b.n) === 'G';
    if (at(r.state, w) & bit && !isGhost) return false;
    if (at(r.state, w + WORDS) & bit && isGhost) return false;
  }
  return true;
}

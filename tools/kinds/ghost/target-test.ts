// The generator's target test (docs/ghost.md, generation): what a plan entry wants
// of a board (size, mode, round limits, tier), the solver limits that stop a
// try as soon as it cannot pass, the test itself, and the safety net that
// checks the solver's deductions against the board's known solution. Shared by
// rejection sampling (generate.ts) and the deepening pass (deepen.ts).
import type { GhostConfig, GhostMode, GhostSolution } from './schema.ts';
import { type Board, WORDS } from './board.ts';
import { type SolveResult, LAYER_DIRECT, LAYER_PAIR, LAYER_CONTRADICTION } from './solver.ts';
import { ghostTierOf } from './tiers.ts';
import { at } from 'proofpack/kind';

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

/**
 * The solver limits that let a try stop as soon as it cannot pass the target
 * test: the mode's deepest layer, and a ceiling on each layer's rounds. A
 * solve's round counts only grow, so a board whose count passes its ceiling
 * fails passesTarget whatever the rest of its solve would do: the ceiling is
 * the spec's own range, and with a tier the highest count any ladder rule of
 * that tier and mode allows (passesTarget wants the first rule that matches
 * to be of that tier, and a matching rule's mode is the mode the test wants,
 * so one of those rules matches). The limits change which boards are solved
 * to the end, never which pass.
 */
export function limitsFor(spec: GhostSpec) {
  const maxLayer = spec.mode === 'direct' ? LAYER_DIRECT : spec.mode === 'pair' ? LAYER_PAIR : LAYER_CONTRADICTION;
  const maxContradictionRounds = Math.min(spec.mode === 'contradiction' ? (spec.rounds.contradiction?.[1] ?? 1) : 0, ceiling(spec, 'contradiction'));
  return { maxLayer, maxContradictionRounds, maxDirectRounds: ceiling(spec, 'direct'), maxPairRounds: ceiling(spec, 'pair') };
}

/** The most rounds of one layer a board passing spec's target test can have (Infinity: no ceiling). */
function ceiling(spec: GhostSpec, layer: 'direct' | 'pair' | 'contradiction'): number {
  let most = spec.rounds[layer]?.[1] ?? Infinity;
  if (spec.tier !== undefined) {
    let tier = -Infinity;
    for (const rule of spec.ladder) if (rule.tier === spec.tier && rule.mode === spec.mode) tier = Math.max(tier, rule.rounds?.[layer]?.[1] ?? Infinity);
    most = Math.min(most, tier);
  }
  return most;
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

// Ghost generation by rejection sampling (SPEC §1 "Generation"): random ghosts
// and clue cells within the size's band, thrown away unless the layered solver
// passes the mode's target test. The solver is checked against the known
// solution on every try.
import type { Rng } from '../../lib/rng.ts';
import type { PlanEntry, SlotResult, AnalyzeContext } from '../../lib/kind.ts';
import type { GhostAnalysis, GhostCalibration, GhostConfig, GhostMode, GhostPuzzle, GhostSolution } from './schema.ts';
import { buildLevel, zeroTargetCount } from './rules.ts';
import { compileBoard, type Board, WORDS } from './board.ts';
import { solveLayered, type SolveResult, LAYER_DIRECT, LAYER_PAIR, LAYER_CONTRADICTION } from './solver.ts';
import { analyzeGhost } from './analyze.ts';
import { ghostTierOf } from './tiers.ts';

export interface GhostSpec {
  size: number;
  mode: GhostMode;
  ghosts: [number, number];
  clues: [number, number];
  rounds: { direct?: [number, number]; pair?: [number, number]; contradiction?: [number, number] };
  /** Keep only boards the ladder puts in this tier. */
  tier?: string;
  ladder: GhostConfig['ladder'];
}

export function planGhost(config: GhostConfig): PlanEntry<GhostSpec>[] {
  return config.plan.map((entry) => {
    const band = config.bands.find((b) => b.size === entry.size);
    if (!band) throw new Error(`plan entry ${entry.size}x${entry.size} ${entry.mode}: no band for size ${entry.size}`);
    return {
      label: `${entry.size}x${entry.size} ${entry.mode}${roundsLabel(entry.rounds ?? {})}${entry.tier ? ` -> ${entry.tier}` : ''}`,
      count: entry.count,
      spec: {
        size: entry.size,
        mode: entry.mode,
        ghosts: band.ghosts,
        clues: band.clues,
        rounds: entry.rounds ?? {},
        ...(entry.tier ? { tier: entry.tier } : {}),
        ladder: config.ladder,
      },
    };
  });
}

function roundsLabel(r: GhostSpec['rounds']): string {
  const parts = (['direct', 'pair', 'contradiction'] as const)
    .filter((k) => r[k])
    .map((k) => {
      const [lo, hi] = r[k]!;
      return `${k} ${lo === hi ? lo : hi >= 100 ? `${lo}+` : `${lo}-${hi}`}`;
    });
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A uniformly random board: ghosts anywhere, clue cells among the other cells. */
export function randomBoard(rng: Rng, n: number, ghosts: number, clues: number): { puzzle: GhostPuzzle; solution: GhostSolution } {
  const cells = n * n;
  const order = new Int16Array(cells);
  for (let i = 0; i < cells; i++) order[i] = i;
  const g = Math.min(ghosts, cells);
  const k = Math.min(clues, cells - g);
  // partial Fisher–Yates: order[0..g) are the ghosts, order[g..g+k) the clue cells
  for (let i = 0; i < g + k; i++) {
    const j = rng.int(i, cells - 1);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  const ghost = new Uint8Array(cells);
  const clue = new Uint8Array(cells);
  for (let i = 0; i < g; i++) ghost[order[i]!] = 1;
  for (let i = g; i < g + k; i++) clue[order[i]!] = 1;
  return buildLevel(n, ghost, clue);
}

const within = (v: number, r: [number, number] | undefined) => !r || (v >= r[0] && v <= r[1]);

/** The solver limits that let a try stop as soon as it cannot pass the mode's test. */
function limitsFor(spec: GhostSpec) {
  const maxLayer = spec.mode === 'direct' ? LAYER_DIRECT : spec.mode === 'pair' ? LAYER_PAIR : LAYER_CONTRADICTION;
  const maxContradictionRounds = spec.mode === 'contradiction' ? (spec.rounds.contradiction?.[1] ?? 1) : 0;
  return { maxLayer, maxContradictionRounds };
}

/** SPEC's target tests: direct = L1 only; pair = needs L2, no L3; contradiction = exactly one L3 round. */
function passesTarget(r: SolveResult, spec: GhostSpec): boolean {
  if (r.status !== 'solved') return false;
  const modeOk =
    spec.mode === 'direct'
      ? r.pair === 0 && r.contradiction === 0
      : spec.mode === 'pair'
        ? r.pair >= 1 && r.contradiction === 0
        : r.contradiction === 1;
  return (
    modeOk &&
    within(r.direct, spec.rounds.direct) &&
    within(r.pair, spec.rounds.pair) &&
    within(r.contradiction, spec.rounds.contradiction) &&
    (spec.tier === undefined || ghostTierOf(r, spec.ladder) === spec.tier)
  );
}

/** True when every cell the solver decided agrees with the known solution. */
function agreesWithSolution(b: Board, r: SolveResult, solution: GhostSolution): boolean {
  for (let p = 0; p < b.plainCount; p++) {
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    const cell = b.plainCell[p]!;
    const isGhost = solution[Math.floor(cell / b.n)]![cell % b.n] === 'G';
    if (r.state[w]! & bit && !isGhost) return false;
    if (r.state[w + WORDS]! & bit && isGhost) return false;
  }
  return true;
}

export function generateGhostSlot(
  config: GhostConfig,
  spec: GhostSpec,
  rng: Rng,
  ctx: AnalyzeContext<GhostConfig, GhostCalibration>,
): SlotResult<GhostPuzzle, GhostSolution, GhostAnalysis> {
  const limits = limitsFor(spec);
  let disagreements = 0;
  for (let tries = 1; tries <= config.triesPerBoard; tries++) {
    const ghosts = rng.int(spec.ghosts[0], spec.ghosts[1]);
    const clues = rng.int(spec.clues[0], spec.clues[1]);
    const { puzzle, solution } = randomBoard(rng, spec.size, ghosts, clues);
    if (zeroTargetCount(puzzle) > config.maxZeroTargets) continue;
    const board = compileBoard(puzzle);
    const r = solveLayered(board, limits);
    if (!agreesWithSolution(board, r, solution)) {
      disagreements++;
      continue;
    }
    if (!passesTarget(r, spec)) continue;
    const outcome = analyzeGhost(puzzle, ctx);
    if (outcome.status !== 'proven' || outcome.solution.join() !== solution.join()) {
      disagreements++;
      continue;
    }
    return { found: { puzzle, solution, analysis: outcome.analysis }, tries, disagreements };
  }
  return { found: null, tries: config.triesPerBoard, disagreements };
}

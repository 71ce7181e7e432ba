// Ghost generation by rejection sampling (docs/ghost.md, generation): random ghosts
// and clue cells within the size's band, thrown away unless the layered solver
// passes the mode's target test. The solver is checked against the known
// solution on every try.
import { type Rng, type PlanEntry, type SlotResult, type AnalyzeContext, at, entryKeys, noBandLine } from 'proofpack/kind';
import type { GhostAnalysis, GhostCalibration, GhostConfig, GhostPuzzle, GhostSolution } from './schema.ts';
import { buildLevel, zeroTargetCount } from './rules.ts';
import { compileBoard } from './board.ts';
import { solveLayered } from './solver.ts';
import { analyzeGhost } from './analyze.ts';
import { agreesWithSolution, limitsFor, passesTarget, type GhostSpec } from './target-test.ts';
import { deepenBoard } from './deepen.ts';
import { GHOST_KEYED_LISTS } from './config.ts';

export type { GhostSpec } from './target-test.ts';

export function planGhost(config: GhostConfig): PlanEntry<GhostSpec>[] {
  const keys = entryKeys(config.plan, GHOST_KEYED_LISTS.plan);
  return config.plan.map((entry, i) => {
    const band = config.bands.find((b) => b.size === entry.size);
    if (!band) throw new Error(noBandLine(at(keys, i), entry.size, config.bands.map(GHOST_KEYED_LISTS.bands)));
    return {
      label: `${entry.size}x${entry.size} ${entry.mode}${roundsLabel(entry.rounds ?? {})}${entry.tier ? ` -> ${entry.tier}` : ''}${entry.deepen ? ` deepened${(entry.starts ?? 1) > 1 ? ` x${entry.starts}` : ''}` : ''}`,
      count: entry.count,
      spec: {
        size: entry.size,
        mode: entry.mode,
        ghosts: band.ghosts,
        clues: band.clues,
        rounds: entry.rounds ?? {},
        ...(entry.tier ? { tier: entry.tier } : {}),
        ladder: config.ladder,
        deepen: entry.deepen ?? 0,
        starts: entry.starts ?? 1,
        tries: entry.tries ?? config.triesPerBoard,
      },
    };
  });
}

function roundsLabel(r: GhostSpec['rounds']): string {
  const parts = (['direct', 'pair', 'contradiction'] as const).flatMap((k) => {
    const range = r[k];
    if (!range) return [];
    const [lo, hi] = range;
    return [`${k} ${lo === hi ? lo : hi >= 100 ? `${lo}+` : `${lo}-${hi}`}`];
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
    const t = at(order, i);
    order[i] = at(order, j);
    order[j] = t;
  }
  const ghost = new Uint8Array(cells);
  const clue = new Uint8Array(cells);
  for (let i = 0; i < g; i++) ghost[at(order, i)] = 1;
  for (let i = g; i < g + k; i++) clue[at(order, i)] = 1;
  return buildLevel(n, ghost, clue);
}

export function generateGhostSlot(
  config: GhostConfig,
  spec: GhostSpec,
  rng: Rng,
  ctx: AnalyzeContext<GhostConfig, GhostCalibration>,
): SlotResult<GhostPuzzle, GhostSolution, GhostAnalysis> {
  const limits = limitsFor(spec);
  let disagreements = 0;
  // with deepening: the deepest of `starts` deepened samples (first on ties)
  let best: { puzzle: GhostPuzzle; solution: GhostSolution; rank: number } | null = null;
  let starts = 0;
  let tries = 1;
  for (; tries <= spec.tries; tries++) {
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
    if (spec.deepen === 0) {
      const found = proven(puzzle, solution, ctx);
      if (found) return { found, tries, disagreements };
      disagreements++;
      continue;
    }
    const deeper = deepenBoard(puzzle, solution, spec, config.maxZeroTargets, spec.deepen, rng);
    disagreements += deeper.disagreements;
    if (!best || deeper.rank > best.rank) best = { puzzle: deeper.puzzle, solution, rank: deeper.rank };
    if (++starts === spec.starts) break;
  }
  if (best) {
    const found = proven(best.puzzle, best.solution, ctx);
    if (found) return { found, tries: Math.min(tries, spec.tries), disagreements };
    disagreements++;
  }
  return { found: null, tries: spec.tries, disagreements };
}

/** The level when analyze proves the board with the known solution, else null (a disagreement). */
function proven(puzzle: GhostPuzzle, solution: GhostSolution, ctx: AnalyzeContext<GhostConfig, GhostCalibration>) {
  const outcome = analyzeGhost(puzzle, ctx);
  if (outcome.status !== 'proven' || outcome.solution.join() !== solution.join()) return null;
  return { puzzle, solution, analysis: outcome.analysis };
}

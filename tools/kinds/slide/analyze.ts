// Slide analysis: every derived value of a puzzle, from one exploration.
// generate, curate and validate all call analyzeSlide().
import { type AnalyzeContext, type Outcome, round, at } from 'proofpack/kind';
import { compileBoard, type SlideBoard } from './board.ts';
import { Arena } from './arena.ts';
import { explore, type Explored } from './bfs.ts';
import { aliveFlags, distances, firstSolution, rawMetrics, scoreOf } from './metrics.ts';
import { startRuleProblems } from './rules.ts';
import { starThresholds } from './stars.ts';
import type { SlideAnalysis, SlideCalibration, SlideConfig, SlidePuzzle, SlideSolution } from './schema.ts';

/** This thread's reusable BFS memory (analyze runs one puzzle at a time per thread). */
export const ARENA = new Arena();

const fmt = (n: number) => n.toLocaleString('en-US');

/** The one-line message for a search that did not prove a clear: the status first. */
function explainExplored(r: Exclude<Explored, { status: 'solved' }>): string {
  if (r.status === 'unsolvable') return `unsolvable: every reachable state explored (${fmt(r.states)} states), none is cleared`;
  if (r.budget === 'node limit') return `unknown: node limit of ${fmt(r.limit)} states reached at depth ${r.depth} before a clear was found`;
  if (r.budget === 'depth limit') return `unknown: no clear within the depth limit of ${r.limit} moves`;
  if (r.budget === 'size limit') return `unknown: more than ${fmt(r.limit)} states within minMoves + 1 moves (the generator's size limit)`;
  return `unknown: metric graph over its budget of ${fmt(r.limit)} states (depth ${r.depth})`;
}

export function analyzeSlide(puzzle: SlidePuzzle, ctx: AnalyzeContext<SlideConfig, SlideCalibration>): Outcome<SlideSolution, SlideAnalysis> {
  return analyzeSlideDetailed(puzzle, ctx.config).outcome;
}

/**
 * analyzeSlide() plus the size of the metric graph (states stored, and the
 * bound on all its states). The generator passes `storedLimit` to give up
 * early on big graphs: a proven outcome is the same with or without it.
 */
export function analyzeSlideDetailed(
  puzzle: SlidePuzzle,
  config: SlideConfig,
  storedLimit?: number,
): { outcome: Outcome<SlideSolution, SlideAnalysis>; states: number; statesAtMost: number } {
  const broken = startRuleProblems(puzzle);
  if (broken.length > 0) {
    const reason = `not a valid start position: ${at(broken, 0).field}: ${String(at(broken, 0).stored)} (${String(at(broken, 0).expected)})`;
    return { outcome: { status: 'rejected', reason }, states: 0, statesAtMost: 0 };
  }
  const b = compileBoard(puzzle);
  try {
    const r = explore(b, { nodeLimit: config.nodeLimit, metricBudget: config.metricBudget, ...(storedLimit !== undefined ? { storedLimit } : {}) }, ARENA);
    if (r.status !== 'solved') {
      return { outcome: { status: r.status === 'unsolvable' ? 'rejected' : 'unknown', reason: explainExplored(r) }, states: r.states, statesAtMost: r.states };
    }
    return { outcome: solvedOutcome(b, r), states: r.states, statesAtMost: r.statesAtMost };
  } finally {
    ARENA.trim();
  }
}

function solvedOutcome(b: SlideBoard, r: Extract<Explored, { status: 'solved' }>): Outcome<SlideSolution, SlideAnalysis> {
  const g = r.graph;
  if (!g) throw new Error('slide analyze: the search solved the board but kept no graph to measure');
  const dist = distances(g, ARENA);
  const alive = aliveFlags(g, dist, ARENA);
  const m = rawMetrics(g, r.minMoves, dist, alive);
  const raw = { minMoves: r.minMoves, ...m, blockCount: b.blockCount, colorCount: b.colourCount };
  return {
    status: 'proven',
    solution: firstSolution(b, g, r.minMoves, dist),
    analysis: {
      status: 'solved',
      minMoves: r.minMoves,
      solutionCount: r.solutionCount,
      openingAccuracy: round(m.openingAccuracy, 2),
      deadEndRatio: round(m.deadEndRatio, 2),
      branchingFactor: round(m.branchingFactor, 2),
      blockCount: b.blockCount,
      colorCount: b.colourCount,
      score: round(scoreOf(raw), 1),
      stars: starThresholds(r.minMoves),
    },
  };
}

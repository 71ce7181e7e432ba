// Slide-specific benchmark figures: BFS throughput on metric graphs (the hot
// loop of the whole product) and the time analyze() takes on them.
// The boards are 6×6–8×8 with 8 blocks and minMoves 6, found by the random
// generator (seeded), whose metric graphs (depth 8) hold 1–7 million states.
import type { Figure, BenchInput, Level } from 'proofpack/kind';
import { compileBoard } from './board.ts';
import { explore } from './bfs.ts';
import { aliveFlags, distances, rawMetrics } from './metrics.ts';
import type { SlidePuzzle } from './schema.ts';
import { Arena } from './arena.ts';
import { analyzeSlide } from './analyze.ts';
import type { SlideAnalysis, SlideCalibration, SlideConfig, SlideSolution } from './schema.ts';

type SlideBenchInput = BenchInput<SlidePuzzle, SlideSolution, SlideAnalysis, SlideConfig, SlideCalibration>;

/** Reused between runs, as a worker reuses it between levels. */
const arena = new Arena();

export const BENCH_BOARDS: SlidePuzzle[] = [
  { board: ['b..c..', '#.....', '.#....', '.d.d..', '.a.#.b', 'a..#.c'] },
  { board: ['....#.', '..a.b.', '.#c...', '..#c.b', '..#ac.', '.....b'] },
  { board: ['.c##..#', '#.....#', '#c#.b#.', '..#..a.', '......a', '.....b.', '.#..c.b'] },
  { board: ['#.#....#', '......##', 'c#..#.b.', '......C#', '##..d...', '.#.#...d', '..a#....', '.b.....a'] },
  { board: ['.b.a...#', '...c..a.', '..#.....', '.d......', '..#d....', '##...#b#', '.##.###.', '..c...#.'] },
];

export interface GraphRun {
  states: number;
  edges: number;
  exploreSeconds: number;
  metricSeconds: number;
}

/** Build the metric graph of each board (default budgets) and compute its metrics. */
function runMetricGraphs(boards: readonly SlidePuzzle[] = BENCH_BOARDS, exact = true): GraphRun[] {
  return boards.map((p) => {
    const b = compileBoard(p);
    const t0 = performance.now();
    const r = explore(b, { nodeLimit: 2_000_000, metricBudget: 20_000_000, exact }, arena);
    const t1 = performance.now();
    if (r.status !== 'solved') throw new Error(`bench board ${p.board.join('/')} is ${r.status}`);
    const g = r.graph;
    if (!g) throw new Error(`bench board ${p.board.join('/')}: solved, but the search kept no graph`);
    const dist = distances(g, arena);
    rawMetrics(g, r.minMoves, dist, aliveFlags(g, dist, arena));
    const t2 = performance.now();
    return { states: r.states, edges: r.edges, exploreSeconds: (t1 - t0) / 1000, metricSeconds: (t2 - t1) / 1000 };
  });
}

/** Seconds per level of analyze() over the whole committed standard set (all tiers). */
function standardSetSecondsPerLevel(set: { levels: Level<SlidePuzzle>[]; config: SlideConfig; calibration: SlideCalibration }): {
  perLevel: number;
  levels: number;
} {
  const ctx = { config: set.config, calibration: set.calibration };
  const t0 = performance.now();
  for (const l of set.levels) analyzeSlide(l.puzzle, ctx);
  return { perLevel: (performance.now() - t0) / 1000 / set.levels.length, levels: set.levels.length };
}

export function slideFigures(input: SlideBenchInput): Figure[] {
  const whole = input.standardSet ? standardSetSecondsPerLevel(input.standardSet) : null;
  const runs = runMetricGraphs();
  const states = runs.reduce((a, r) => a + r.states, 0);
  const edges = runs.reduce((a, r) => a + r.edges, 0);
  const explore = runs.reduce((a, r) => a + r.exploreSeconds, 0);
  const total = runs.reduce((a, r) => a + r.exploreSeconds + r.metricSeconds, 0);
  const label = `${runs.length} boards 6x6-8x8, 8 blocks, minMoves 6; ${(states / 1e6).toFixed(1)} M states, ${(edges / 1e6).toFixed(1)} M edges`;
  const figures: Figure[] = [
    { kind: 'slide', name: `metric-graph BFS, distinct states (${label})`, value: states / explore / 1e6, unit: 'M states/s', target: 1 },
    { kind: 'slide', name: 'metric-graph BFS, generated moves (edges)', value: edges / explore / 1e6, unit: 'M edges/s', target: 3 },
    { kind: 'slide', name: 'metric graph + metrics, per board (stored exactly)', value: total / runs.length, unit: 's/board', lowerIsBetter: true },
  ];
  if (whole)
    figures.push({
      kind: 'slide',
      name: `analyze, 1 thread, whole standard set (${whole.levels} levels, all tiers)`,
      value: whole.perLevel * 1000,
      unit: 'ms/level',
      lowerIsBetter: true,
    });
  return figures;
}

// Ghost-specific benchmark figures: raw layered-solver throughput on random
// 9×9 boards, contradiction-mode generation (the slowest mode), and the exact
// score DP: transitions per core-second and the time of whole score assets
// (DP, optimal states, free ghosts, both course assets) for G = 20, 24 and 26,
// and the floor of a score pass over the standard set at the measured speed;
// the layered DP past 28 ghosts (the same assets) for G = 28 to 34
// (ghost-layered, opt-in: minutes and up to 10 GB at 32, 13 GB at 34, where the
// course assets are "unknown"; run it alone, BENCH_RUNS=1, on an otherwise idle machine).
import { rngFor, type Figure, seconds, type BenchInput } from 'proofpack/kind';
import { randomBoard, generateGhostSlot, planGhost } from './generate.ts';
import { compileBoard } from './board.ts';
import { solveLayered } from './solver.ts';
import { GHOST_DEFAULT_CONFIG } from './config.ts';
import { initialGhostCalibration } from './tiers.ts';
import { scoreModel } from './score-rule.ts';
import { dpModel, exactScores, LAYERED_LOW_BITS, scoreTables } from './score/index.ts';
import type { GhostAnalysis } from './schema.ts';

/** The first board with G ghosts from a seeded stream of random 9×9 boards (20–28 clues). */
function boardWith(G: number) {
  const rng = rngFor(1, `bench-score-${G}`, 0);
  return randomBoard(rng, 9, G, rng.int(20, 28));
}

function cpuSeconds(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

/** The DP transitions analyze evaluates for these levels: G·2^(G−1) for each whose analysis has the exact scores. */
export function exactTransitions(levels: readonly { analysis: GhostAnalysis }[]): number {
  let sum = 0;
  for (const { analysis } of levels) if (typeof analysis.maxScore === 'number') sum += analysis.ghosts * 2 ** (analysis.ghosts - 1);
  return sum;
}

/** CPU seconds a transition of the score DP (counts and solve) takes on this machine, on the bench's G = 26 board (the second of two runs). */
export function dpSecondsPerTransition(): number {
  const { puzzle, solution } = boardWith(26);
  const d = dpModel(scoreModel(puzzle, solution));
  let transitions = 0;
  scoreTables(d);
  const s = cpuSeconds(() => {
    transitions = scoreTables(d).transitions;
  });
  return s / transitions;
}

export function ghostScoreFigures(input?: Pick<BenchInput<unknown, unknown, GhostAnalysis, unknown, unknown>, 'standardSet'>): Figure[] {
  const figures: Figure[] = [];
  // warm up: compile the kernel and grow its memory once
  exactScores(scoreModel(boardWith(20).puzzle, boardWith(20).solution));
  for (const G of [20, 24, 26]) {
    const { puzzle, solution } = boardWith(G);
    const model = scoreModel(puzzle, solution);
    let transitions = 0;
    const dp = cpuSeconds(() => {
      transitions = scoreTables(dpModel(model)).transitions;
    });
    if (G === 26) {
      figures.push({ kind: 'ghost', name: 'score DP transitions per core-second (G=26)', value: transitions / dp, unit: 'transitions/s', target: 50e6 });
      // the floor of one score pass over the standard set: its transitions at this board's speed
      const levels = input?.standardSet?.levels;
      if (levels) {
        const sum = exactTransitions(levels);
        figures.push({
          kind: 'ghost',
          name: `score DP floor of the standard set (${(sum / 1e9).toFixed(2)} G transitions × the G=26 core-s a transition)`,
          value: (sum * dp) / transitions,
          unit: 'core-s',
          lowerIsBetter: true,
        });
      }
    }
    const all = seconds(() => exactScores(model));
    figures.push({
      kind: 'ghost',
      name: `score assets of a G=${G} board (DP + optimal states + course assets), 1 thread`,
      value: all,
      unit: 's',
      lowerIsBetter: true,
      ...(G === 26 ? { target: 10 } : {}),
    });
  }
  return figures;
}

export function ghostFigures(): Figure[] {
  const tries = 5000;
  const rng = rngFor(1, 'bench', 0);
  const boards = Array.from({ length: tries }, () => randomBoard(rng, 9, rng.int(18, 26), rng.int(20, 28)).puzzle);
  const s = seconds(() => {
    for (const p of boards) solveLayered(compileBoard(p));
  });
  const config = GHOST_DEFAULT_CONFIG;
  const ctx = { config, calibration: initialGhostCalibration() };
  const entry = planGhost(config).find((e) => e.label.includes('9x9 contradiction') && e.label.includes('ULTIMATE+'));
  if (!entry) throw new Error('ghost bench: the default plan has no 9x9 contradiction ULTIMATE+ entry');
  const spec = entry.spec;
  let found = 0;
  const slots = 20;
  const t = seconds(() => {
    for (let i = 0; i < slots; i++) if (generateGhostSlot(config, spec, rngFor(2, 'bench', i), ctx).found) found++;
  });
  return [
    { kind: 'ghost', name: 'layered solve of random 9x9 boards (L1-L3 as needed)', value: tries / s, unit: 'boards/s' },
    { kind: 'ghost', name: `9x9 ULTIMATE+ slots (600 tries max; ${found}/${slots} found)`, value: t / slots, unit: 's/slot', lowerIsBetter: true },
  ];
}

/**
 * The whole score assets by the layered DP (scores, optimal-state marking, free
 * ghosts, both course assets) for the G listed in BENCH_LAYERED_G, in
 * increasing order (opt-in: no rows without it):
 *   BENCH_LAYERED_G=28,30,32 BENCH_RUNS=1 npm run bench -- ghost-layered
 * (with more than 32 ghosts the blocks of a layer go to BENCH_THREADS threads;
 * BENCH_STREAM=1 reads the layer being read back from the scratch file, score/dp-stream.ts)
 * CPU and wall time, the bench process's peak RSS after each board, and the
 * bytes of the two course assets as stored (base64).
 */
export function ghostLayeredFigures(input: Pick<BenchInput<unknown, unknown, unknown, unknown, unknown>, 'scratch' | 'threads'>): Figure[] {
  const figures: Figure[] = [];
  const Gs = (process.env['BENCH_LAYERED_G'] ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b);
  for (const G of Gs) {
    const { puzzle, solution } = boardWith(G);
    const model = scoreModel(puzzle, solution);
    const t0 = performance.now();
    let bytes = 0;
    let built = 0;
    const cpu = cpuSeconds(() => {
      const { assets } = exactScores(model, input.scratch, LAYERED_LOW_BITS, input.threads, process.env['BENCH_STREAM'] === '1');
      for (const c of [assets.maxCourse, assets.minCourse]) {
        if (c === 'unknown') continue;
        built++;
        bytes += c.length;
      }
    });
    const wall = (performance.now() - t0) / 1000;
    const rss = process.resourceUsage().maxRSS / 2 ** 20;
    const name = `layered exact score assets, G=${G}`;
    // a course asset whose states on an optimal play do not fit the arena is "unknown" (docs/score-layered.md)
    figures.push({ kind: 'ghost', name: `${name}: course assets (${built} of 2 built)`, value: bytes / 1000, unit: 'kB', lowerIsBetter: true });
    figures.push({ kind: 'ghost', name: `${name}: CPU`, value: cpu, unit: 's', lowerIsBetter: true, target: 300 });
    figures.push({ kind: 'ghost', name: `${name}: wall`, value: wall, unit: 's', lowerIsBetter: true, target: 300 });
    figures.push({ kind: 'ghost', name: `${name}: peak RSS`, value: rss, unit: 'GB', lowerIsBetter: true, target: 12 });
  }
  return figures;
}

// Apple benchmark figures on a fixed seed's boards (drawn exactly as generate
// draws them): time per board and mean score of the greedy baseline, of the
// strong solver (with the default config's budget) and of the upper bound.
import { rngFor, type Figure, seconds, at } from 'proofpack/kind';
import { digitCounts } from './board.ts';
import { drawBoard } from './generate.ts';
import { greedyPlay, type Play } from './greedy.ts';
import { improvePlay } from './search.ts';
import { geometryFreeBound } from './bound.ts';
import { APPLE_DEFAULT_CONFIG } from './config.ts';

export const BENCH_BOARDS = 100;
const BENCH_SEED = 1;

function benchBoards(): Uint8Array[] {
  return Array.from({ length: BENCH_BOARDS }, (_, i) => {
    const { board } = drawBoard(rngFor(BENCH_SEED, 'apple-bench', i), 600);
    if (!board) throw new Error(`apple bench board ${i}: no valid board in 600 draws`);
    return board;
  });
}

export function appleFigures(): Figure[] {
  const boards = benchBoards();
  const n = boards.length;
  let greedy: Play[] = [];
  const tGreedy = seconds(() => {
    greedy = boards.map((b) => greedyPlay(b));
  });
  let best = 0;
  const tBest = seconds(() => {
    boards.forEach((b, i) => (best += improvePlay(b, at(greedy, i), APPLE_DEFAULT_CONFIG.search).score));
  });
  let upper = 0;
  const tUpper = seconds(() => {
    for (const b of boards) upper += geometryFreeBound(digitCounts(b));
  });
  const mean = (total: number) => total / n;
  const ms = (s: number) => (1000 * s) / n;
  const label = `${n} boards, seed ${BENCH_SEED}`;
  return [
    { kind: 'apple', name: `greedy baseline, ${label}`, value: ms(tGreedy), unit: 'ms/board', lowerIsBetter: true },
    { kind: 'apple', name: 'greedy mean score', value: mean(greedy.reduce((a, p) => a + p.score, 0)), unit: 'cells' },
    { kind: 'apple', name: 'strong solver (from the greedy play), default budget', value: ms(tBest), unit: 'ms/board', lowerIsBetter: true, target: 100 },
    { kind: 'apple', name: 'strong solver mean score (bestScore)', value: mean(best), unit: 'cells', target: 140 },
    { kind: 'apple', name: 'geometry-free upper bound', value: ms(tUpper), unit: 'ms/board', lowerIsBetter: true },
    { kind: 'apple', name: 'upper bound mean', value: mean(upper), unit: 'cells' },
  ];
}

// Ghost-specific benchmark figures: raw layered-solver throughput on random
// 9×9 boards, and contradiction-mode generation (the slowest mode).
import { rngFor } from '../../lib/rng.ts';
import type { Figure } from '../../bench/figures.ts';
import { seconds } from '../../bench/figures.ts';
import { randomBoard, generateGhostSlot, planGhost } from './generate.ts';
import { compileBoard } from './board.ts';
import { solveLayered } from './solver.ts';
import { GHOST_DEFAULT_CONFIG } from './config.ts';
import { initialGhostCalibration } from './tiers.ts';

export function ghostFigures(): Figure[] {
  const tries = 5000;
  const rng = rngFor(1, 'bench', 0);
  const boards = Array.from({ length: tries }, () => randomBoard(rng, 9, rng.int(18, 26), rng.int(20, 28)).puzzle);
  const s = seconds(() => {
    for (const p of boards) solveLayered(compileBoard(p));
  });
  const config = GHOST_DEFAULT_CONFIG;
  const ctx = { config, calibration: initialGhostCalibration() };
  const spec = planGhost(config).find((e) => e.label.includes('9x9 contradiction') && e.label.includes('ULTIMATE+'))!.spec;
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

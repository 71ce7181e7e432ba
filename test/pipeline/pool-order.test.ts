// The pool's longest-first ordering: tasks start in decreasing estimated cost
// (ties in task order) and results still come back in task order.
import { describe, expect, it } from 'vitest';
import { runTasks } from '../../tools/lib/pool.ts';
import { ghostAnalyzeCost } from '../../tools/kinds/ghost/analyze.ts';
import { GHOST_DEFAULT_CONFIG } from '../../tools/kinds/ghost/config.ts';

describe('runTasks with a cost', () => {
  it('starts costly tasks first and returns results in task order', async () => {
    const started: number[] = [];
    const tasks = [3, 9, 1, 9, 5];
    const worker = new URL('../../tools/commands/run/worker.ts', import.meta.url);
    const results = await runTasks(tasks, (t) => (started.push(t), t * 10), { threads: 1, worker, cost: (t) => t });
    expect(started).toEqual([9, 9, 5, 3, 1]);
    expect(results).toEqual([30, 90, 10, 90, 50]);
  });

  it('ghost: the score DP dominates the estimate, and only within the exact limit', () => {
    const board = (G: number) => ({ size: 9, grid: [], rows: [G, 0, 0, 0, 0, 0, 0, 0, 0], cols: [] });
    const config = { ...GHOST_DEFAULT_CONFIG, scoreGhostLimit: 26 };
    expect(ghostAnalyzeCost(board(26), config)).toBeGreaterThan(ghostAnalyzeCost(board(24), config));
    expect(ghostAnalyzeCost(board(27), config)).toBe(1);
  });
});

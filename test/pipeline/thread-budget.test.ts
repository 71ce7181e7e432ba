// --threads T is one budget of T busy threads (team-budget.ts): the pool's
// workers hold one token a running task and a task's crew (a heavy DP's
// helpers) takes only the tokens free when it starts, so a run never has more
// than T threads busy; a lone heavy task still gets all T. Counted by the
// test kind `crew` (test/kinds/fixtures/crew-analyze.ts), whose threads raise
// a shared counter while busy, run on the real pool (runPipelineTasks). And
// ghost's DP past 32 ghosts (on a small board) gives the same bytes on a crew
// that grows mid-run as on one thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { useKindModules } from '../../tools/kinds/index.ts';
import { runPipelineTasks, runTask, type AnalyzeTask } from '../../tools/commands/run/tasks.ts';
import { machineTeam } from '../../tools/commands/run/team.ts';
import { giveThreads, takeThread, threadBudget } from '../../tools/commands/run/team-budget.ts';
import type { Threads } from '../../tools/lib/machine-services.ts';
import { rngFor } from '../../tools/lib/rng.ts';
import { memoryScratch } from '../../tools/lib/scratch.ts';
import { randomBoard } from '../../tools/kinds/ghost/generate.ts';
import { scoreModel } from '../../tools/kinds/ghost/score-rule.ts';
import { dpModel } from '../../tools/kinds/ghost/score/dp-kernel.ts';
import { medalOptima } from '../../tools/kinds/ghost/score/dp-medal.ts';
import type { CrewPuzzle } from '../kinds/fixtures/crew-analyze.ts';
import { ROOT } from '../support/helpers.ts';

beforeAll(() => useKindModules([{ label: 'the crew test kind', url: pathToFileURL(`${ROOT}/test/kinds/fixtures/crew-analyze.ts`).href }]));
afterAll(() => useKindModules([]));

/** A shared counter: [0] busy now, [1] most busy at once, [2] the last crew's size at its end, [3] at its start. */
const counter = () => new Int32Array(new SharedArrayBuffer(16));

const task = (what: CrewPuzzle['what'], ms: number, c: Int32Array, rounds = 1): AnalyzeTask => ({
  op: 'analyze',
  kind: 'crew',
  puzzle: { what, ms, rounds, counter: c } satisfies CrewPuzzle,
  config: {},
  calibration: {},
});

describe('--threads T: at most T busy threads, the pool and a heavy task’s crew together', () => {
  it('a heavy task among busy ones gets only the free threads: never more than T busy', async () => {
    const c = counter();
    // two long light tasks first (task order: no cost), the heavy one on the thread the first frees
    const out = await runPipelineTasks([task('light', 1000, c), task('heavy', 1000, c), task('light', 300, c)], { threads: 2 });
    expect(out.map((o) => o.status)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(Atomics.load(c, 1), 'most threads busy at once').toBeLessThanOrEqual(2);
    expect(Atomics.load(c, 1)).toBe(2);
    expect(Atomics.load(c, 0), 'busy after the run').toBe(0);
  });

  it.each([2, 3])('a lone heavy task gets all T = %i threads', async (threads) => {
    const c = counter();
    await runPipelineTasks([task('heavy', 300, c)], { threads });
    expect(Atomics.load(c, 2), 'its crew').toBe(threads);
    expect(Atomics.load(c, 1), 'most threads busy at once').toBe(threads);
  });

  it('a heavy task started among busy ones takes the threads they give back, at its next round', async () => {
    const c = counter();
    // the heavy task starts beside the light one (a crew of 1 then, or of 2 if it got there first) and outlives it
    await runPipelineTasks([task('light', 400, c), task('heavy', 100, c, 10)], { threads: 2 });
    expect(Atomics.load(c, 2), 'its crew at the end').toBe(2);
    expect(Atomics.load(c, 1), 'most threads busy at once').toBe(2);
    const three = counter();
    await runPipelineTasks([task('light', 400, three), task('light', 400, three), task('heavy', 100, three, 10)], { threads: 3 });
    expect(Atomics.load(three, 2), 'its crew at the end').toBe(3);
    expect(Atomics.load(three, 1), 'most threads busy at once').toBe(3);
  });

  it('a crew left open by its task is closed when the task ends: its threads come back to the run', () => {
    const budget = threadBudget(2);
    takeThread(budget); // the worker's own token (worker.ts)
    const c = counter();
    runTask({ ...task('leaky', 50, c), threads: 2 }, budget);
    expect(Atomics.load(c, 2), 'the leaky crew').toBe(2);
    expect(budget[0], 'its helper given back').toBe(1);
  });

  it('a run past --task-seconds while a worker waits for a thread ends in seconds', async () => {
    const c = counter();
    const t0 = Date.now();
    const run = runPipelineTasks([task('heavy', 60_000, c), task('light', 100, c)], { threads: 2, ceilings: { taskSeconds: 2 } });
    await expect(run).rejects.toThrow(/ran past the runner's ceiling of 2 s/);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
});

describe('a team under a thread budget (team.ts)', () => {
  const adder = `data:text/javascript,${encodeURIComponent('export function make(init) { const s = new Int32Array(init.sum); return () => Atomics.add(s, 0, 1); }')}`;

  it('takes only the free tokens, never waits for one, and gives them back when the crew closes', () => {
    const budget = threadBudget(4);
    takeThread(budget); // the caller's own
    takeThread(budget); // another busy worker's
    const sum = new SharedArrayBuffer(4);
    const crew = machineTeam(4, budget).start(adder, 'make', { sum });
    expect(crew.size).toBe(3);
    expect(budget[0]).toBe(0);
    crew.round({}, () => {});
    expect(new Int32Array(sum)[0]).toBe(2);
    crew.close();
    crew.close();
    expect(budget[0]).toBe(2);
    const none = threadBudget(1);
    takeThread(none);
    let ran = false;
    const alone = machineTeam(4, none).start(adder, 'make', { sum });
    alone.round({}, () => {
      ran = true;
    });
    expect([alone.size, ran, none[0]]).toEqual([1, true, 0]);
  });

  it('gives the tokens back when a helper fails, at start-up or in a round, and at closeAll', () => {
    const budget = threadBudget(3);
    const broken = `data:text/javascript,${encodeURIComponent("export function make() { throw new Error('cannot start'); }")}`;
    expect(() => machineTeam(3, budget).start(broken, 'make', {})).toThrow('cannot start');
    expect(budget[0]).toBe(3);
    const failing = `data:text/javascript,${encodeURIComponent("export function make() { return () => { throw new Error('no'); }; }")}`;
    const crew = machineTeam(3, budget).start(failing, 'make', {});
    expect(budget[0]).toBe(1);
    expect(() => crew.round({}, () => {})).toThrow('a helper thread failed: no');
    expect(budget[0]).toBe(3);
    const team = machineTeam(3, budget);
    team.start(adder, 'make', { sum: new SharedArrayBuffer(4) });
    expect(budget[0]).toBe(1);
    team.closeAll();
    expect(budget[0]).toBe(3);
  });
});

describe('the ghost DP on a crew that grows between rounds (dp-medal-blocks.ts)', () => {
  /** The medal DP's optima, free ghosts, optimal-state bitsets and counts on board i of G ghosts, blocks of 2^L (score-medal.test.ts's). */
  const run = (G: number, L: number, team?: Threads) => {
    const rng = rngFor(33, 'medal', 3);
    const { puzzle, solution } = randomBoard(rng, rng.int(7, 9), G, rng.int(2, 14));
    const med = medalOptima(dpModel(scoreModel(puzzle, solution)), memoryScratch(), { lowBits: L, courses: false, ...(team ? { team } : {}) });
    try {
      const plays = [med.best, med.worst].map((p) => ({ states: Buffer.from(p.states.buffer).toString('base64'), count: p.count, notFree: p.notFree }));
      return { max: med.maxBonus, min: med.minBonus, plays };
    } finally {
      med.release();
    }
  };

  it('gives what one thread gives when threads come free mid-run', () => {
    const budget = threadBudget(3);
    for (let i = 0; i < 3; i++) takeThread(budget); // this thread's, and two other busy workers'
    const team = machineTeam(3, budget);
    // the crew's size at each round; the other workers end after the 3rd round and the 6th
    const sizes: number[] = [];
    const watched: Threads = {
      size: team.size,
      start: (module, name, init) => {
        const crew = team.start(module, name, init);
        return {
          get size() {
            return crew.size;
          },
          round: (job, own) => {
            crew.round(job, own);
            sizes.push(crew.size);
            if (sizes.length === 3 || sizes.length === 6) giveThreads(budget, 1);
          },
          close: () => crew.close(),
        };
      },
    };
    const grown = run(18, 9, watched);
    expect(sizes.slice(0, 4)).toEqual([1, 1, 1, 2]);
    expect(sizes.at(-1)).toBe(3);
    expect(budget[0], 'every helper given back').toBe(2);
    expect(grown).toEqual(run(18, 9));
  });
});

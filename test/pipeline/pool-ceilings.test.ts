// The pool's ceilings (tools/lib/pool.ts): a task past taskSeconds, a run
// whose watch check fails, a thread past its V8 heap limit each fail the run
// with mapError(the task's index, why), the spinning threads terminated, in
// seconds; and the memory watchdog's check (watchdog.ts) against a reading.
import { describe, expect, it } from 'vitest';
import { runTasks, TaskTimeout } from '../../tools/lib/pool.ts';
import { MemoryCeiling, memoryWatch } from '../../tools/commands/run/watchdog.ts';

const worker = new URL('../fixtures/pool/tasks.mjs', import.meta.url);
type T = { value?: number; spin?: boolean; heap?: boolean };
/** What mapError was handed, as the run's error. */
const mapError = (index: number, error: unknown) => ({ index, error });
const never = () => {
  throw new Error('runs on the pool only');
};

describe('runTasks ceilings', () => {
  it('fails a task past taskSeconds with a TaskTimeout, naming its index, its thread terminated', async () => {
    const t0 = performance.now();
    const tasks: T[] = [{ value: 1 }, { spin: true }, { value: 3 }];
    const failure = await runTasks(tasks, never, { threads: 2, worker, inlineMs: 0, taskSeconds: 1, mapError }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ index: 1 });
    expect((failure as { error: unknown }).error).toBeInstanceOf(TaskTimeout);
    expect(((failure as { error: TaskTimeout }).error as TaskTimeout).seconds).toBe(1);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('tasks within taskSeconds return their results in task order', async () => {
    const tasks: T[] = [{ value: 1 }, { value: 2 }, { value: 3 }];
    await expect(runTasks(tasks, never, { threads: 2, worker, inlineMs: 0, taskSeconds: 30, mapError })).resolves.toEqual([1, 2, 3]);
  });

  it('a failed watch check ends the run, naming a running task, the spinning threads terminated', async () => {
    const t0 = performance.now();
    const tasks: T[] = [{ spin: true }, { spin: true }];
    let checks = 0;
    const watch = { everyMs: 50, check: () => (++checks >= 3 ? new MemoryCeiling(600) : undefined) };
    const failure = await runTasks(tasks, never, { threads: 2, worker, inlineMs: 0, watch, mapError }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ index: 0 });
    expect((failure as { error: unknown }).error).toBeInstanceOf(MemoryCeiling);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('a thread past its heap limit (resourceLimits) fails its task with ERR_WORKER_OUT_OF_MEMORY', async () => {
    const tasks: T[] = [{ heap: true }];
    const failure = await runTasks(tasks, never, { threads: 1, worker, inlineMs: 0, resourceLimits: { maxOldGenerationSizeMb: 48 }, mapError }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ index: 0, error: { code: 'ERR_WORKER_OUT_OF_MEMORY' } });
  });

  it("memoryWatch: a MemoryCeiling once the reading passes the ceiling's MiB, not before", () => {
    let rss = 600 * 2 ** 20;
    const watch = memoryWatch(600, () => rss);
    expect(watch.check()).toBeUndefined();
    rss += 1;
    expect(watch.check()).toEqual(new MemoryCeiling(600));
  });
});

// A pool kept warm between runs (tools/lib/warm-pool.ts, RunOptions.warm):
// clean runs share one pool and its threads; a run that failed (a task past
// taskSeconds, a task that threw), was aborted, or asked for another key
// leaves no pool behind, and the next run starts fresh threads. And a
// command's kind steps share one pool (tasks.ts): an in-process validate of a
// small set starts one pool, whatever steps it runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { poolStarts, runTasks, TaskTimeout } from '../../tools/lib/pool.ts';
import { WarmPools } from '../../tools/lib/warm-pool.ts';
import { closeCommandPool } from '../../tools/commands/run/tasks.ts';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const worker = new URL('../fixtures/pool/tasks.mjs', import.meta.url);
type T = { value?: number; spin?: boolean; thread?: boolean };
const never = () => {
  throw new Error('runs on the pool only');
};
const threadTasks: T[] = Array.from({ length: 6 }, () => ({ thread: true }));

let pools = new WarmPools();
afterEach(async () => {
  await pools.close();
  pools = new WarmPools();
});

/** A run of `tasks` on `pools` under `key`, two threads. */
const warmRun = (tasks: T[], key = 'a', extra: { taskSeconds?: number; signal?: AbortSignal } = {}) =>
  runTasks(tasks, never, { threads: 2, worker, inlineMs: 0, warm: { pools, key }, ...extra });

describe('a warm pool', () => {
  it('is started once for clean runs of one key, which run on the same threads', async () => {
    const first = new Set(await warmRun(threadTasks));
    await expect(warmRun([{ value: 1 }, { value: 2 }, { value: 3 }])).resolves.toEqual([1, 2, 3]);
    const second = new Set(await warmRun(threadTasks));
    expect(pools.starts).toBe(1);
    expect([...second].every((id) => first.has(id))).toBe(true);
  });

  it('is started with warm.threads even when the first run has one task, and a later wider run keeps it', async () => {
    await runTasks([{ value: 1 }], never, { threads: 1, worker, inlineMs: 0, warm: { pools, key: 'a', threads: 2 } });
    const ids = new Set(await warmRun(threadTasks));
    expect(pools.starts).toBe(1);
    expect(ids.size).toBeLessThanOrEqual(2);
  });

  it('is not kept after a task ran past taskSeconds: the next run starts fresh threads', async () => {
    const before = new Set(await warmRun(threadTasks));
    const failure = await warmRun([{ spin: true }, { value: 1 }], 'a', { taskSeconds: 1 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TaskTimeout);
    const after = await warmRun(threadTasks);
    expect(pools.starts).toBe(2);
    expect(after.some((id) => before.has(id))).toBe(false);
  });

  it('is not kept after a run was aborted (Ctrl-C): the next run starts fresh threads, and still gives every result', async () => {
    await warmRun(threadTasks);
    const stop = new AbortController();
    const aborted = warmRun([{ spin: true }, { spin: true }], 'a', { signal: stop.signal }).catch((e: unknown) => e);
    setTimeout(() => stop.abort(new Error('interrupted')), 200);
    expect(await aborted).toEqual(new Error('interrupted'));
    await expect(warmRun([{ value: 4 }, { value: 5 }])).resolves.toEqual([4, 5]);
    expect(pools.starts).toBe(2);
  });

  it('is replaced when a run asks for another key (another worker, data or limits)', async () => {
    const a = new Set(await warmRun(threadTasks, 'a'));
    const b = await warmRun(threadTasks, 'b');
    expect(pools.starts).toBe(2);
    expect(b.some((id) => a.has(id))).toBe(false);
  });
});

describe("a command's pool", () => {
  it('an in-process validate of a small ghost set starts one pool for all its kind steps, and closes it at its end', async () => {
    const set = path.join(tempDir(), 'small.json');
    fs.copyFileSync(inject('smallGhostSet').curated, set);
    const before = poolStarts();
    const r = await run(['validate', set, '--threads', '2'], { closePool: true });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(poolStarts() - before).toBe(1);
    // closed at the command's end: the next command starts its own
    expect((await run(['validate', set, '--threads', '2'], { closePool: true })).code).toBe(0);
    expect(poolStarts() - before).toBe(2);
  });

  it('is kept by an in-process caller (keepPool) for its next command of the same --threads, and replaced for another --threads', async () => {
    const set = path.join(tempDir(), 'small.json');
    fs.copyFileSync(inject('smallGhostSet').curated, set);
    await closeCommandPool();
    const before = poolStarts();
    expect((await run(['validate', set, '--threads', '2'])).code).toBe(0);
    expect((await run(['validate', set, '--threads', '2'])).code).toBe(0);
    expect(poolStarts() - before).toBe(1);
    expect((await run(['validate', set, '--threads', '1'])).code).toBe(0);
    expect(poolStarts() - before).toBe(2);
    await closeCommandPool();
  });
});

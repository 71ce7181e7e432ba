// Shards: `--shard i/n` splits a job's levels (generate's slots, validate's
// levels) by running number modulo n, so n machines can share one job and
// `proofpack merge` can join their outputs into the unsharded bytes.
import { InputError } from '../../lib/errors.ts';

/** One of `count` shards of a job: the slots (or levels) k with k mod count = index. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The most shards a job is split into: the batch engines' fan-out (an AWS
 * Batch array job has at most 10,000 children, a Cloud Run job at most 10,000
 * tasks; a GitHub Actions matrix 256 jobs). merge refuses a shard file that
 * says more before allocating anything for its shards.
 */
export const MAX_SHARDS = 10_000;

/** Whether the item with running number `n` (a slot, a level) is this shard's. */
export const ownsRunning = (shard: Shard, n: number): boolean => n % shard.count === shard.index;

/** A batch engine's own variables for the index of this task and the count of tasks (none: the count comes from `auto/N`). */
export const SHARD_ENGINES: readonly { engine: string; index: string; count?: string }[] = [
  { engine: 'Cloud Run jobs', index: 'CLOUD_RUN_TASK_INDEX', count: 'CLOUD_RUN_TASK_COUNT' },
  { engine: 'AWS Batch array jobs', index: 'AWS_BATCH_JOB_ARRAY_INDEX', count: 'AWS_BATCH_JOB_ARRAY_SIZE' },
  { engine: 'Google Cloud Batch', index: 'BATCH_TASK_INDEX', count: 'BATCH_TASK_COUNT' },
  { engine: 'Kubernetes Indexed Jobs', index: 'JOB_COMPLETION_INDEX' },
];

/** A whole number of at most 9 digits from a variable, or undefined. */
const wholeOf = (v: string | undefined) => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/**
 * `--shard i/n`, or `--shard auto` / `auto/N`: the index and count from the
 * batch engine's own variables (SHARD_ENGINES; N where the engine gives no
 * count, as Kubernetes does, and a check where it does). One line when no
 * engine's variables are set, when two engines' disagree, or when N and the
 * engine's count differ; the same shard as `--shard i/n` otherwise.
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv = process.env): Shard {
  const auto = /^auto(?:\/(\d{1,9}))?$/.exec(text);
  if (auto) return autoShard(text, auto[1] === undefined ? undefined : Number(auto[1]), env);
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2]))
    throw new InputError(`--shard ${text}: expected i/n with 0 <= i < n, e.g. 0/4, or auto (the batch engine's index)`);
  if (Number(m[2]) > MAX_SHARDS) throw new InputError(`--shard ${text}: at most ${MAX_SHARDS} shards`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

function autoShard(text: string, given: number | undefined, env: NodeJS.ProcessEnv): Shard {
  const found = SHARD_ENGINES.flatMap((e) => {
    const raw = env[e.index];
    if (raw === undefined) return [];
    const index = wholeOf(raw);
    const countRaw = e.count === undefined ? undefined : env[e.count];
    const count = e.count === undefined ? undefined : wholeOf(countRaw);
    if (index === undefined) throw new InputError(`--shard ${text}: ${e.index}=${JSON.stringify(raw)} (${e.engine}) is not a whole number`);
    if (e.count !== undefined && count === undefined)
      throw new InputError(`--shard ${text}: ${e.index} is set but ${e.count}=${JSON.stringify(countRaw ?? '')} (${e.engine}) is not a whole number`);
    return [{ ...e, value: index, total: count }];
  });
  if (found.length === 0)
    throw new InputError(`--shard ${text}: no batch engine's task index is set (${SHARD_ENGINES.map((e) => e.index).join(', ')}); give --shard i/n instead`);
  const first = found[0] as (typeof found)[number];
  for (const f of found.slice(1))
    if (f.value !== first.value || (f.total !== undefined && first.total !== undefined && f.total !== first.total))
      throw new InputError(
        `--shard ${text}: ${first.index}=${first.value} and ${f.index}=${f.value} disagree (${first.engine}, ${f.engine}); unset one, or give --shard i/n`,
      );
  const total = found.find((f) => f.total !== undefined)?.total;
  if (total !== undefined && given !== undefined && given !== total)
    throw new InputError(
      `--shard ${text}: the engine says ${total} tasks (${found.find((f) => f.total !== undefined)?.count}), the command line ${given}; make them agree`,
    );
  const count = total ?? given;
  if (count === undefined)
    throw new InputError(
      `--shard ${text}: ${first.index} (${first.engine}) gives the index but not the count; give it as --shard auto/N (N: the job's completions)`,
    );
  if (first.value >= count) throw new InputError(`--shard ${text}: ${first.index}=${first.value} (${first.engine}) is not below the count of tasks, ${count}`);
  return parseShard(`${first.value}/${count}`);
}

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
 * The most shards a job is split into: more machines than a CI matrix has
 * (GitHub's holds 256 jobs). merge refuses a shard file that says more before
 * allocating anything for its shards.
 */
export const MAX_SHARDS = 1000;

/** Whether the item with running number `n` (a slot, a level) is this shard's. */
export const ownsRunning = (shard: Shard, n: number): boolean => n % shard.count === shard.index;

export function parseShard(text: string): Shard {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2])) throw new InputError(`--shard ${text}: expected i/n with 0 <= i < n, e.g. 0/4`);
  if (Number(m[2]) > MAX_SHARDS) throw new InputError(`--shard ${text}: at most ${MAX_SHARDS} shards`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

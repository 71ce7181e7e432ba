// Shards: `--shard i/n` splits a job's levels (generate's slots, validate's
// levels) by running number modulo n, so n machines can share one job and
// `proofpack merge` can join their outputs into the unsharded bytes.
import { InputError } from '../../lib/errors.ts';

export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2])) throw new InputError(`--shard ${text}: expected i/n with 0 <= i < n, e.g. 0/4`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

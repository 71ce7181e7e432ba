// What a merge keeps of its shards past reading them (their levels, plan
// statistics, problems), counted as it is kept and bounded by the command line:
// at most a quarter of --max-memory-mib (or of its default) in stored JSON
// bytes, whatever the files say; the first shard past it is one line.
import { InputError } from '../../lib/errors.ts';
import { defaultMaxMemoryMib } from '../run/machine.ts';

/** The share of --max-memory-mib a merge keeps in stored JSON bytes: parsed, such text takes a few times its size. */
export const RETAINED_SHARE = 0.25;

/** The bytes of stored JSON a merge may keep, under `--max-memory-mib mib` (its default when not given). */
export const retainedLimit = (mib: number): number => Math.floor(RETAINED_SHARE * mib * 2 ** 20);

/** The running count of what a merge keeps, refused past its limit. */
export class Retained {
  private bytes = 0;
  private readonly limit: number;
  constructor(private readonly mib: number = defaultMaxMemoryMib()) {
    this.limit = retainedLimit(mib);
  }

  /** Count `bytes` more kept of `file` (`what` says what); past the limit, one line naming the file and the flag. */
  keep(file: string, bytes: number, what: string): void {
    this.bytes += bytes;
    if (this.bytes > this.limit)
      throw new InputError(
        `${file}: merge would keep more than ${(this.limit / 2 ** 20).toFixed(1)} MiB of the shards' ${what} here (a quarter of --max-memory-mib ${this.mib}); nothing merged: raise --max-memory-mib`,
      );
  }
}

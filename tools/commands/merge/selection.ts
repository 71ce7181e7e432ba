// Which shards a merge is given, checked as they are read: each a shard of one
// split (its count at most MAX_SHARDS, checked before anything is allocated for
// it), each once; at the end, either every shard 0..n-1 (the whole job) or every
// shard i, i+m, … of n for one i < m (m = n / their number), which together are
// shard i/m (slot k is shard k mod n's, so k mod m = i): a tree's inner merge.
import { InputError } from '../../lib/errors.ts';
import { MAX_SHARDS, type Shard } from '../run/shards.ts';

/** A document that may carry the shard it came from (a set file or a validate report). */
export type Sharded = { shard?: Shard | undefined };

/** The shards seen so far, by index; `finish` says what their merge is. */
export class ShardSelection {
  private count = 0;
  private first = '';
  private seen: Uint8Array = new Uint8Array(0);
  private given = 0;

  /** Check one document's shard field against the split of the first; its shard. */
  add(file: string, doc: Sharded): Shard {
    const shard = doc.shard;
    if (!shard) throw new InputError(`${file} › shard: not the output of a sharded run`);
    if (shard.count > MAX_SHARDS)
      throw new InputError(`${file} › shard.count: ${shard.count}, more than the ${MAX_SHARDS} shards a job is split into; not a shard of a proofpack run`);
    if (this.given === 0) {
      [this.count, this.first] = [shard.count, file];
      this.seen = new Uint8Array(shard.count);
    }
    if (shard.count !== this.count) throw new InputError(`${file} › shard.count: ${shard.count}, but ${this.first} has ${this.count}`);
    if (shard.index >= this.count) throw new InputError(`${file} › shard.index: ${shard.index}, but the job has shards 0 to ${this.count - 1}`);
    if (this.seen[shard.index]) throw new InputError(`${file} › shard.index: shard ${shard.index}/${this.count} given twice`);
    this.seen[shard.index] = 1;
    this.given++;
    return { index: shard.index, count: shard.count };
  }

  /** Every shard of the job (undefined), or the coarser shard i/m that shards i, i+m, … make up; one line naming the shards missing otherwise. */
  finish(): Shard | undefined {
    const { count, given, seen } = this;
    if (given < count && count % given === 0) {
      const m = count / given;
      const r = seen.indexOf(1);
      let whole = r < m;
      for (let j = 0; whole && j < given; j++) whole = seen[r + j * m] === 1;
      if (whole) return { index: r, count: m };
    }
    const missing: number[] = [];
    for (let i = 0; i < count; i++) if (!seen[i]) missing.push(i);
    if (missing.length) {
      const shown = missing.slice(0, 10).map((i) => `${i}/${count}`);
      const more = missing.length > shown.length ? ` and ${missing.length - shown.length} more` : '';
      throw new InputError(
        `merge: shard${missing.length > 1 ? 's' : ''} ${shown.join(', ')}${more} missing; give the output of every shard (or, for a merge inside a tree, of every shard i, i+m, i+2m, … for one i)`,
      );
    }
    return undefined;
  }
}

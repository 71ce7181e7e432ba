// The arithmetic of a merge of set shards, one shard at a time: each shard's
// job (everything but its levels, slots and plan statistics) must be the first
// one's, byte for byte, so the first's is kept once and the others' dropped;
// of each shard only its levels, slots and statistics are kept (counted by
// retained.ts), its levels within what validate reads of the merged set. At
// the end: every slot is its shard's (k mod count = index), in the job's range,
// once and in order; the plan statistics add up; and the merged set is the
// levels in slot order, as the unsharded run (or `--shard i/m`) writes it.
import stringify from 'fast-json-stable-stringify';
import { InputError, where } from '../../lib/errors.ts';
import type { PlanStats, SetFile } from '../../lib/files.ts';
import { MAX_INPUT_BYTES } from '../../lib/io.ts';
import type { Level } from '../../lib/kind.ts';
import { at } from '../../lib/at.ts';
import { MAX_LEVELS_PER_RUN } from '../run/caps.ts';
import type { Shard } from '../run/shards.ts';
import type { Retained } from './retained.ts';

/** What a merge keeps of one set shard: its file, shard, statistics and levels (the job's header is the first shard's). */
export interface SetPart {
  file: string;
  shard: Shard & { slots: number[] };
  stats: PlanStats[];
  untiered: number;
  levels: Level[];
}

/** A set shard without what is its own (levels, shard, plan statistics): the job, the same in every shard. */
type Header = Omit<SetFile, 'levels' | 'shard'>;

const headerOf = (s: SetFile): Header => {
  const { levels: _levels, shard: _shard, ...rest } = s;
  return { ...rest, generator: { ...s.generator, stats: [], untiered: 0 } };
};

/** A stored PlanStats entry's size as kept (a bound, not the exact text). */
const STATS_BYTES = 160;

/** The set shards read so far: the job's header (of the first) and each shard's own part. */
export class SetMerge {
  readonly parts: SetPart[] = [];
  private ref: { file: string; doc: SetFile; header: string; entries: number[] | undefined } | undefined;
  private levelBytes = 0;
  private wanted = 0;

  /** The first shard's document with no levels: the job's config, calibration and header. */
  get job(): { file: string; doc: SetFile } {
    if (!this.ref) throw new Error('merge: no set shard read');
    return this.ref;
  }

  /** Check one shard against the first and keep its part; `retained` counts what is kept. */
  add(file: string, s: SetFile, retained: Retained): void {
    const shard = s.shard;
    if (!shard) throw new Error('merge: a set shard without its shard field');
    const header = stringify(headerOf(s));
    if (!this.ref) this.start(file, s, header);
    const ref = this.job;
    const entries = this.ref?.entries;
    if (header !== this.ref?.header)
      throw new InputError(`${where(file, 'generator')}: shard of another job than ${ref.file} (kind, name, seed, config or tool differ)`);
    if (s.generator.stats.length !== ref.doc.generator.stats.length)
      throw new InputError(
        `${where(file, 'generator.stats')}: ${s.generator.stats.length} plan entries, but ${ref.file} has ${ref.doc.generator.stats.length}`,
      );
    if (stringify(shard.entries ?? null) !== stringify(entries ?? null))
      throw new InputError(`${where(file, 'shard.entries')}: other slots per plan entry than ${ref.file}; shards of another job`);
    if (entries && entries.length !== s.generator.stats.length)
      throw new InputError(`${where(file, 'shard.entries')}: ${entries.length} entries for ${s.generator.stats.length} plan entries`);
    // without the job's slots per entry (older shards), their total is the shards' wanted counts together
    this.wanted += s.generator.stats.reduce((a, st) => a + st.wanted, 0);
    const total = entries ? entries.reduce((a, n) => a + n, 0) : this.wanted;
    if (total > MAX_LEVELS_PER_RUN)
      throw new InputError(
        `${ref.file} › generator.stats: the shards want ${total} levels together, more than the ${MAX_LEVELS_PER_RUN} one generate run makes; not shards of a proofpack run`,
      );
    // the merged set's levels as they will be written, one line each: within what validate reads of a set file
    const bytes = s.levels.reduce((a, l) => a + stringify(l).length + 4, 0);
    this.levelBytes += bytes;
    if (this.levelBytes > MAX_INPUT_BYTES)
      throw new InputError(
        `${file}: the shards' levels pass ${MAX_INPUT_BYTES / 2 ** 20} MiB together here, more than validate reads of the merged file; split the job into smaller sets`,
      );
    retained.keep(file, bytes + STATS_BYTES * s.generator.stats.length + 12 * shard.slots.length, 'levels and plan statistics');
    const { index, count, slots } = shard;
    this.parts.push({ file, shard: { index, count, slots }, stats: s.generator.stats, untiered: s.generator.untiered, levels: s.levels });
  }

  private start(file: string, s: SetFile, header: string): void {
    this.ref = { file, doc: { ...s, levels: [] }, header, entries: s.shard?.entries };
  }

  /** The merged set, once every shard is in and checked (`coarse`: the coarser shard a tree's inner merge makes). */
  finish(coarse: Shard | undefined): SetFile {
    const { doc: first } = this.job;
    const entries = this.ref?.entries;
    if (coarse && !entries)
      throw new InputError(
        `${this.job.file} › shard.entries: missing; a merge inside a tree needs shards of a generate that records them (regenerate the shards)`,
      );
    const starts = [0];
    first.generator.stats.forEach((_, e) =>
      starts.push(at(starts, e) + (entries ? at(entries, e) : this.parts.reduce((a, p) => a + at(p.stats, e).wanted, 0))),
    );
    const total = at(starts, starts.length - 1);
    const tagged: { slot: number; level: Level }[] = [];
    const boards = new Map<string, string>();
    for (const p of this.parts) {
      shardArithmetic(p, starts, total);
      p.levels.forEach((level, i) => {
        const slot = at(p.shard.slots, i);
        const twin = boards.get(level.id);
        if (twin !== undefined) throw new InputError(`${where(p.file, `levels[${i}] (slot ${slot})`, 'id')}: ${level.id}, the same board as ${twin}`);
        boards.set(level.id, `${p.file} slot ${slot}`);
        tagged.push({ slot, level });
      });
    }
    tagged.sort((a, b) => a.slot - b.slot);
    const sum = (e: number, f: 'wanted' | 'found' | 'tries' | 'disagreements') => this.parts.reduce((a, p) => a + at(p.stats, e)[f], 0);
    const stats: PlanStats[] = first.generator.stats.map((st, e) => ({
      label: st.label,
      wanted: sum(e, 'wanted'),
      found: sum(e, 'found'),
      tries: sum(e, 'tries'),
      disagreements: sum(e, 'disagreements'),
    }));
    const { shard: _shard, ...rest } = first;
    return {
      ...rest,
      generator: { ...first.generator, stats, untiered: this.parts.reduce((a, p) => a + p.untiered, 0) },
      levels: tagged.map((t) => t.level),
      // inside a tree: the coarser shard these make up, as `generate --shard i/m` writes it
      ...(coarse && entries ? { shard: { ...coarse, slots: tagged.map((t) => t.slot), entries } } : {}),
    };
  }

  /** Shard `p` as its file stored it, rebuilt from the job's header and its part (for the kind's checks). */
  docOf(p: SetPart): SetFile {
    const { doc } = this.job;
    const entries = this.ref?.entries;
    return {
      ...doc,
      generator: { ...doc.generator, stats: p.stats, untiered: p.untiered },
      levels: p.levels,
      shard: { ...p.shard, ...(entries ? { entries } : {}) } as SetFile['shard'],
    };
  }
}

/** How many of the slots start..end-1 (end excluded) shard `index` of `count` owns (slot k is shard k mod count's). */
function owned(start: number, end: number, index: number, count: number): number {
  const upTo = (n: number) => (n <= index ? 0 : Math.floor((n - index - 1) / count) + 1);
  return upTo(end) - upTo(start);
}

/**
 * A set shard's own arithmetic, before any solving: every slot is the shard's
 * (k mod count = index), in the job's range, once and in order; its plan
 * statistics are those of the job's slots it owns (wanted), and count what its
 * levels show (found at least the levels of each entry, at most wanted; found
 * boards are its levels plus the untiered ones; a found board took a try).
 */
function shardArithmetic(p: SetPart, starts: number[], total: number): void {
  const { file, shard } = p;
  const slots = shard.slots;
  if (slots.length !== p.levels.length)
    throw new InputError(`${where(file, 'shard.slots')}: ${slots.length} slots for ${p.levels.length} levels (one slot per level); regenerate this shard`);
  const levelsIn = new Array<number>(p.stats.length).fill(0);
  let entry = 0;
  slots.forEach((slot, i) => {
    const here = where(file, `shard.slots[${i}]`);
    if (slot >= total) throw new InputError(`${here}: slot ${slot}, but the job has slots 0 to ${total - 1}`);
    if (slot % shard.count !== shard.index)
      throw new InputError(`${here}: slot ${slot} belongs to shard ${slot % shard.count}/${shard.count}, not to this shard ${shard.index}/${shard.count}`);
    if (i > 0 && slot <= at(slots, i - 1))
      throw new InputError(`${here}: slot ${slot} after slot ${at(slots, i - 1)}; every slot is given once, in order (a duplicated or reordered slot)`);
    while (slot >= at(starts, entry + 1)) entry++;
    levelsIn[entry] = at(levelsIn, entry) + 1;
  });
  let found = 0;
  p.stats.forEach((st, e) => {
    const here = where(file, `generator.stats[${e}]`);
    const wanted = owned(at(starts, e), at(starts, e + 1), shard.index, shard.count);
    const all = at(starts, e + 1) - at(starts, e);
    if (st.wanted !== wanted)
      throw new InputError(
        `${here}.wanted: ${st.wanted}, but of the ${all} slots of this plan entry, shard ${shard.index}/${shard.count} owns ${wanted}; the shards disagree: regenerate the one that was changed`,
      );
    if (st.found > st.wanted) throw new InputError(`${here}.found: ${st.found}, more than the ${st.wanted} slots wanted`);
    if (st.found < at(levelsIn, e)) throw new InputError(`${here}.found: ${st.found}, but the shard holds ${at(levelsIn, e)} levels of this entry`);
    if (st.tries < st.found) throw new InputError(`${here}.tries: ${st.tries}, fewer than the ${st.found} boards found (each took a try)`);
    found += st.found;
  });
  if (found !== p.levels.length + p.untiered)
    throw new InputError(
      `${where(file, 'generator.stats')}: ${found} boards found, but the shard holds ${p.levels.length} levels and ${p.untiered} untiered boards; regenerate this shard`,
    );
}

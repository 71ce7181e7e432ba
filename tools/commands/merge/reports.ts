// The merge of validate report shards, one shard at a time: every shard must
// list the first's files (types, kinds, level counts); every problem must be
// its shard's (a level problem by the level's running number over all files, a
// whole-file one shard 0's); of each shard only its problems are kept (counted
// by retained.ts). The merged report is the unsharded run's: each file's
// problems in level order (a level's own in its shard's order).
import stringify from 'fast-json-stable-stringify';
import { InputError, where } from '../../lib/errors.ts';
import type { FileReport, ReportedProblem, ValidateReport } from '../../lib/files.ts';
import { at } from '../../lib/at.ts';
import { sortProblems, summarize } from '../sets/report.ts';
import { ownsRunning, type Shard } from '../run/shards.ts';
import type { Retained } from './retained.ts';

const layoutOf = (r: ValidateReport) => stringify(r.files.map((f) => [f.file, f.type, f.kind, f.levels]));

/** The report shards read so far: the first's files and every shard's problems, file by file. */
export class ReportMerge {
  private ref: { file: string; layout: string; offsets: number[] } | undefined;
  /** The file entries (but their problems) of the lowest shard seen: the merged report's, as the unsharded run (or shard i/m) gives them. */
  private files: { index: number; files: FileReport[] } | undefined;
  private problems: ReportedProblem[][] = [];

  /** Check one shard against the first and keep its problems; `retained` counts them. */
  add(file: string, r: ValidateReport, shard: Shard, retained: Retained): void {
    if (!this.ref) {
      let running = 0;
      const offsets = r.files.map((f) => {
        const o = running;
        running += f.levels;
        return o;
      });
      this.ref = { file, layout: layoutOf(r), offsets };
      this.problems = r.files.map(() => []);
    }
    const ref = this.ref;
    if (layoutOf(r) !== ref.layout) throw new InputError(`${file} › files: other files (or other types, kinds or level counts) than ${ref.file}`);
    r.files.forEach((f, k) => {
      f.problems.forEach((p, j) => {
        if (p.index >= f.levels) throw new InputError(`${where(file, `files[${k}].problems[${j}].index`)}: ${p.index}, but the file has ${f.levels} levels`);
        const owner = p.index >= 0 ? ownsRunning(shard, at(ref.offsets, k) + p.index) : shard.index === 0;
        if (!owner)
          throw new InputError(
            `${where(file, `files[${k}].problems[${j}]`)}: a problem of ${p.index >= 0 ? `levels[${p.index}]` : 'the whole file'}, which shard ${shard.index}/${shard.count} does not check`,
          );
      });
      if (f.error !== null && shard.index !== 0)
        throw new InputError(`${where(file, `files[${k}].error`)}: a whole-file error, which only shard 0/${shard.count} reports`);
      if (f.problems.length)
        retained.keep(
          file,
          f.problems.reduce((a, p) => a + stringify(p).length, 0),
          'problems',
        );
      at(this.problems, k).push(...f.problems);
    });
    if (!this.files || shard.index < this.files.index) this.files = { index: shard.index, files: r.files.map((f) => ({ ...f, problems: [] })) };
  }

  /** The merged report (`coarse`: the coarser shard a tree's inner merge makes, as `validate --shard i/m --json` writes it). */
  finish(coarse: Shard | undefined): ValidateReport {
    // a level's problems all come from its one shard, in that shard's order: the sort by level gives the unsharded order whatever order the shards came in
    const files = (this.files?.files ?? []).map((f, k) => ({ ...f, problems: sortProblems(at(this.problems, k)) }));
    return summarize(files, coarse);
  }
}

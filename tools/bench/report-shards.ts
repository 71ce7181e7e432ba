// Validate report shards for the merge bench, written directly (not by running
// validate 10,000 times): a report of files with no problems, as
// `validate --shard i/n --json` prints it for them (summarize and stable JSON,
// validate's own); test/bench/merge-bench.test.ts holds the bytes to a real
// validate's at small scale.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stableJson } from '../lib/json.ts';
import { summarize } from '../commands/sets/report.ts';
import type { Shard } from '../commands/run/shards.ts';

/** A validated file as its report lists it: name, type, kind and level count. */
export interface ReportedFile {
  file: string;
  type: string;
  kind: string;
  levels: number;
}

/** The text `validate FILES --shard i/n --json` prints when no file has a problem (`shard` undefined: the unsharded run's). */
export function reportShardText(files: readonly ReportedFile[], shard: Shard | undefined): string {
  return `${stableJson(
    summarize(
      files.map((f) => ({ ...f, error: null, problems: [] })),
      shard,
    ),
  )}\n`;
}

/** Write shards 0..count-1 of such a report into `dir` (report-<i>.json); their paths, in index order. */
export function writeReportShards(dir: string, files: readonly ReportedFile[], count: number): string[] {
  // the shards differ only in their index (the one "index" key of a report with no problems): one text, the index put in
  const first = reportShardText(files, { index: 0, count });
  const at = first.indexOf(`"shard":{"count":${count},"index":0}`);
  if (at < 0) throw new Error('report shards: no shard field in the report text');
  const [head, tail] = [first.slice(0, at), first.slice(at + `"shard":{"count":${count},"index":0}`.length)];
  return Array.from({ length: count }, (_, index) => {
    const file = path.join(dir, `report-${index}.json`);
    fs.writeFileSync(file, `${head}"shard":{"count":${count},"index":${index}}${tail}`);
    return file;
  });
}

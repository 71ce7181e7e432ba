// docs/cli.md's "Past one machine" figures are the merge bench's
// (tools/bench/merge.ts, recorded by BENCH_RECORD=1 in
// tools/bench/merge-measured.json): the measured sentence and the projection
// for a million levels, recomputed here from the record. Reads files: fast.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/helpers.ts';

interface Record {
  date: string;
  machine: string;
  load: number;
  reportShards: { shards: number; levels: number; seconds: number; levelsPerSecond: number; maxRssMib: number };
  setShards: { kind: string; mergeLevelsPerSecond: number; maxRssMib: number; generateLevelsPerSecond: number };
}

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const record = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools', 'bench', 'merge-measured.json'), 'utf8')) as Record;
const docs = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8').replace(/\s+/g, ' ');

/** A million levels: 100 jobs of 10,000 levels, 100 tasks each. */
const [JOB, TASKS, MILLION] = [10_000, 100, 1_000_000];

describe("docs/cli.md's merge figures", () => {
  it('are the ones the bench recorded', () => {
    const { reportShards: r, setShards: s } = record;
    const measured =
      `on ${record.machine}, load ${record.load}, ${record.date}: ${n(r.shards)} validate-report shards × ${n(r.levels / r.shards)} levels ` +
      `(${n(r.levels)} levels) merged in ${n(r.seconds)} s (${n(r.levelsPerSecond)} levels/s), peak resident memory ${n(r.maxRssMib)} MiB; ` +
      `${s.kind} set shards merged (every level re-analysed) at ${n(s.mergeLevelsPerSecond, 1)} levels/s per core, peak ${n(s.maxRssMib)} MiB; ` +
      `${s.kind} generated as shards at ${n(s.generateLevelsPerSecond, 2)} levels/s per core.`;
    expect(docs).toContain(measured);
  });

  it("project a million levels from the bench's per-core rates", () => {
    const s = record.setShards;
    const projected =
      `each task generates ${n(JOB / TASKS)} levels in about ${n(JOB / TASKS / s.generateLevelsPerSecond)} s; ` +
      `each job's merge re-analyses its ${n(JOB)} levels in about ${n(JOB / s.mergeLevelsPerSecond)} core-seconds (divided by \`--threads\`); ` +
      `in all about ${n(MILLION / s.generateLevelsPerSecond / 3600)} core-hours of generating and ${n(MILLION / s.mergeLevelsPerSecond / 3600)} of merging.`;
    expect(docs).toContain(projected);
  });
});

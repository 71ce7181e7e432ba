// merge at the batch engines' fan-out (issue 52), each merge in a process of
// its own (merge-run.ts) for its peak memory:
// * validate report shards: BENCH_MERGE_SHARDS (default 10,000) shards of a
//   job validating BENCH_MERGE_FILES (default 1,000) set files of 10,000
//   levels, so 10 M levels, 1,000 a shard; written directly
//   (report-shards.ts). Such a merge checks that every shard lists the same
//   files and owns its problems; it re-analyses nothing (the shards' validate
//   did): levels/s here is the bookkeeping's rate, not validation's.
// * set shards: a slide job of 160 levels in 8 shards, each made by generate's
//   own generateSet on one thread (generate levels/s per core), merged on one
//   thread: that merge re-analyses every level as validate does, so its
//   levels/s per core is what merging costs a real job.
// BENCH_RECORD=1 writes the figures, machine and load to
// tools/bench/merge-measured.json, which docs/cli.md quotes
// (test/bench/merge-docs.test.ts holds the docs to it).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from '../lib/bench.ts';
import { memoryConsole } from '../lib/console.ts';
import { formatDocument } from '../lib/json.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { kindByName } from '../kinds/index.ts';
import { generateSet } from '../commands/generate.ts';
import { writeReportShards } from './report-shards.ts';

/** Levels of each set file the report shards' job validates (a set file's most: generate's MAX_LEVELS_PER_RUN). */
const LEVELS_PER_FILE = 10_000;
/** The set-shard job: slide, this many levels in this many shards. */
const SET_LEVELS = 160;
const SET_SHARDS = 8;

/** The record BENCH_RECORD=1 writes (docs/cli.md quotes it). */
export const MERGE_RECORD = fileURLToPath(new URL('tools/bench/merge-measured.json', PROJECT_ROOT));

interface Made {
  dir: string;
  reports: string[];
  levels: number;
  sets: string[];
  generateSeconds: number;
}
let made: Made | undefined;

/** The shard files, written on the suite's first run. */
async function shardFiles(shards: number, files: number): Promise<Made> {
  if (made) return made;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofpack-bench-merge-'));
  // about 1 GB of report shards at the default sizes: gone when the bench ends
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const layout = Array.from({ length: files }, (_, i) => ({ file: `levels/part-${i}.json`, type: 'set', kind: 'slide', levels: LEVELS_PER_FILE }));
  const reports = writeReportShards(dir, layout, shards);
  const kind = kindByName('slide');
  let generateSeconds = 0;
  const sets: string[] = [];
  for (let index = 0; index < SET_SHARDS; index++) {
    const t0 = performance.now();
    const { set } = await generateSet(
      { kind, config: kind.defaults.config, seed: 52, name: 'bench', count: SET_LEVELS, shard: { index, count: SET_SHARDS } },
      { threads: 1, con: memoryConsole() },
    );
    generateSeconds += (performance.now() - t0) / 1000;
    const file = path.join(dir, `set-${index}.json`);
    fs.writeFileSync(file, formatDocument(set));
    sets.push(file);
  }
  made = { dir, reports, levels: files * LEVELS_PER_FILE, sets, generateSeconds };
  return made;
}

/** One merge in its own process: seconds, peak RSS. */
function mergeRun(out: string, inputs: string[]): { seconds: number; maxRssMib: number } {
  const script = fileURLToPath(new URL('build/tools/bench/merge-run.js', PROJECT_ROOT));
  const r = spawnSync(process.execPath, [script, out, '1', ...inputs], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const m = r.status === 0 ? (JSON.parse(r.stdout) as { code: number; seconds: number; maxRssMib: number }) : undefined;
  if (!m || m.code > 1) throw new Error(`merge bench: merge exited ${r.status} (${m?.code}): ${r.stderr.trim()}`);
  return m;
}

export async function mergeFigures(): Promise<Figure[]> {
  const shards = Number(process.env['BENCH_MERGE_SHARDS'] ?? 10_000);
  const files = Number(process.env['BENCH_MERGE_FILES'] ?? 1_000);
  const m = await shardFiles(shards, files);
  const reports = mergeRun(path.join(m.dir, 'report.json'), m.reports);
  const sets = mergeRun(path.join(m.dir, 'set.json'), m.sets);
  const label = `${shards.toLocaleString('en-US')} validate-report shards × ${(m.levels / shards).toLocaleString('en-US')} levels (${m.levels.toLocaleString('en-US')} levels; no re-analysis)`;
  const setLabel = `${SET_SHARDS} slide set shards × ${SET_LEVELS / SET_SHARDS} levels (every level re-analysed), 1 thread`;
  const figures: Figure[] = [
    { kind: 'merge', name: `merge ${label}: wall time`, value: reports.seconds, unit: 's', lowerIsBetter: true },
    { kind: 'merge', name: `merge ${label}: levels/s`, value: m.levels / reports.seconds, unit: 'levels/s' },
    { kind: 'merge', name: `merge ${label}: peak resident memory`, value: reports.maxRssMib, unit: 'MiB', lowerIsBetter: true },
    { kind: 'merge', name: `merge ${setLabel}: levels/s per core`, value: SET_LEVELS / sets.seconds, unit: 'levels/s' },
    { kind: 'merge', name: `merge ${setLabel}: peak resident memory`, value: sets.maxRssMib, unit: 'MiB', lowerIsBetter: true },
    {
      kind: 'merge',
      name: `generate the same ${SET_LEVELS} slide levels as ${SET_SHARDS} shards, 1 thread: levels/s per core`,
      value: SET_LEVELS / m.generateSeconds,
      unit: 'levels/s',
    },
  ];
  if (process.env['BENCH_RECORD'] === '1') {
    const record = {
      command: 'BENCH_RUNS=1 BENCH_RECORD=1 npm run bench -- merge',
      date: new Date().toISOString().slice(0, 10),
      machine: `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
      load: Number((os.loadavg()[0] ?? 0).toFixed(1)),
      reportShards: { shards, levels: m.levels, seconds: reports.seconds, levelsPerSecond: m.levels / reports.seconds, maxRssMib: reports.maxRssMib },
      setShards: {
        kind: 'slide',
        shards: SET_SHARDS,
        levels: SET_LEVELS,
        mergeLevelsPerSecond: SET_LEVELS / sets.seconds,
        maxRssMib: sets.maxRssMib,
        generateLevelsPerSecond: SET_LEVELS / m.generateSeconds,
      },
    };
    fs.writeFileSync(MERGE_RECORD, `${JSON.stringify(record, null, 2)}\n`);
  }
  return figures;
}

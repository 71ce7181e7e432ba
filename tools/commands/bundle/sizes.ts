// What bundle prints once the dist is in place: per pack its levels, bytes
// (raw and gzipped, whole and per level: mean / median / max) and hash, then
// the conformance vectors written (or the manifest as JSON with --json).
import { gzipSync } from 'node:zlib';
import type { Console } from '../../lib/console.ts';
import { formatTable } from '../../lib/console.ts';
import type { ConformanceFile } from '../../lib/conformance.ts';
import type { Manifest } from '../../lib/files.ts';
import { stableJson } from '../../lib/json.ts';
import { mean, median } from '../../lib/stats.ts';
import type { BuiltPack } from './cut.ts';

/** Bytes of each level as it stands in the pack (its stable JSON), raw and gzipped on its own (level 9). */
export interface LevelBytes {
  raw: number[];
  gzip: number[];
  /** The whole pack file gzipped. */
  packGzip: number;
}

export function levelBytes(b: BuiltPack): LevelBytes {
  const raw: number[] = [];
  const gzip: number[] = [];
  for (const level of b.pack.levels) {
    const text = stableJson(level);
    raw.push(Buffer.byteLength(text));
    gzip.push(gzipSync(text, { level: 9 }).length);
  }
  return { raw, gzip, packGzip: gzipSync(b.text, { level: 9 }).length };
}

/** mean / median / max, rounded to bytes. */
function spreadOf(values: readonly number[]): string {
  if (values.length === 0) return '-';
  return `${Math.round(mean(values))} / ${Math.round(median(values))} / ${Math.max(...values)}`;
}

/** The summary of a bundle run: the manifest as JSON (`json`), or the table of packs and the vectors written to `out`. */
export function printSummary(
  con: Console,
  built: readonly BuiltPack[],
  manifest: Manifest,
  vectors: readonly ConformanceFile[],
  out: string,
  json: boolean,
): void {
  if (json) {
    con.out(stableJson(manifest));
    return;
  }
  const rows = built.map((b) => {
    const sizes = levelBytes(b);
    return [b.entry.name, b.entry.kind, b.entry.levels, b.entry.bytes, sizes.packGzip, spreadOf(sizes.raw), spreadOf(sizes.gzip), b.entry.sha256.slice(0, 12)];
  });
  const columns = ['pack', 'kind', 'levels', 'bytes', 'gzipped', 'level bytes mean/median/max', 'level gzipped mean/median/max', 'sha256'];
  for (const line of formatTable({ columns, rows })) con.out(line);
  for (const v of vectors) con.out(`conformance/${v.kind}.json: ${v.cases.length} cases, ${v.cases.reduce((n, c) => n + c.steps.length, 0)} actions`);
  con.out(
    `wrote ${built.length} pack${built.length === 1 ? '' : 's'}, manifest.json, preview/index.html, preview/play.html${vectors.length ? ' and conformance/' : ''} to ${out}`,
  );
}

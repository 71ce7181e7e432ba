// `proofpack bundle`: cut the packs named in the packs config out of curated
// sets, write each pack (compact stable JSON) and manifest.json with sizes and
// SHA-256 hashes, and print bytes per level (raw and gzipped). Same input, same bytes.
import * as fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
import { formatTable } from '../lib/console.ts';
import { InputError, where } from '../lib/errors.ts';
import { FORMAT_VERSION, TOOL, type Manifest, type PackFile, type PacksConfig } from '../lib/files.ts';
import { formatDocument, stableJson } from '../lib/json.ts';
import { parseJson, readText, writeFileAtomic } from '../lib/io.ts';
import { sha256Hex } from '../lib/ids.ts';
import type { Level, PuzzleKind } from '../lib/kind.ts';
import { previewHtml, type PreviewPack } from '../preview/page.ts';
import { loadDocument, parseDocument } from '../lib/documents.ts';
import { rngFor } from '../lib/rng.ts';
import { mean, median } from '../lib/stats.ts';

export interface BundleOptions {
  packs: string;
  out: string;
  json?: boolean;
}

/** `count` levels spread evenly over `levels` (which is in difficulty order). */
export function spread<T>(levels: readonly T[], count: number): T[] {
  if (count >= levels.length) return [...levels];
  return Array.from({ length: count }, (_, j) => levels[Math.floor((j * levels.length) / count)]!);
}

function shuffled<T>(items: readonly T[], seed: number, stream: string): T[] {
  const out = [...items];
  const rng = rngFor(seed, stream, 0);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface BuiltPack {
  file: string;
  text: string;
  entry: Manifest['packs'][number];
  kind: PuzzleKind;
  pack: PackFile;
}

export function buildPacks(packsFile: string, config: PacksConfig): BuiltPack[] {
  const base = path.dirname(packsFile);
  const names = new Set<string>();
  return config.packs.map((spec, i) => {
    const at = where(packsFile, `packs[${i}]`);
    if (names.has(spec.name)) throw new InputError(`${at} › name: ${JSON.stringify(spec.name)} is used twice`);
    names.add(spec.name);
    const setFile = path.join(base, spec.set);
    const setText = readText(setFile);
    const loaded = parseDocument(setFile, parseJson(setFile, setText), ['set']);
    if (loaded.type !== 'set') throw new Error('unreachable');
    const { kind, doc } = loaded;
    if (doc.stage !== 'curated') throw new InputError(`${setFile} › stage: packs are cut from curated sets, found "${doc.stage}"`);
    const levels: Level[] = [];
    for (const [tier, count] of Object.entries(spec.tiers).sort(([a], [b]) => kind.tiers.indexOf(a) - kind.tiers.indexOf(b))) {
      if (!kind.tiers.includes(tier)) {
        throw new InputError(`${at} › tiers.${tier}: not a ${kind.name} tier (tiers: ${kind.tiers.join(', ')})`);
      }
      const inTier = doc.levels.filter((l) => l.tier === tier);
      if (count !== 'all' && inTier.length < count) {
        throw new InputError(`${at} › tiers.${tier}: wants ${count} levels, ${setFile} has ${inTier.length}`);
      }
      levels.push(...(count === 'all' ? inTier : spread(inTier, count)));
    }
    if (spec.order === 'shuffle' && spec.seed === undefined) throw new InputError(`${at} › seed: order "shuffle" needs a seed`);
    const ordered = spec.order === 'shuffle' ? shuffled(levels, spec.seed!, `pack/${spec.name}`) : levels;
    const sha = sha256Hex(setText);
    const pack: PackFile = {
      type: 'pack',
      formatVersion: FORMAT_VERSION,
      kind: kind.name,
      name: spec.name,
      source: { set: spec.set, name: doc.name, sha256: sha },
      generator: doc.generator,
      calibration: doc.calibration,
      levels: ordered,
    };
    const text = `${stableJson(pack)}\n`;
    const tiers: Record<string, number> = {};
    for (const l of ordered) tiers[l.tier] = (tiers[l.tier] ?? 0) + 1;
    return {
      file: `${spec.name}.json`,
      text,
      kind,
      pack,
      entry: {
        name: spec.name,
        kind: kind.name,
        file: `${spec.name}.json`,
        levels: ordered.length,
        bytes: Buffer.byteLength(text),
        sha256: sha256Hex(text),
        tiers,
        source: { set: spec.set, name: doc.name, sha256: sha, seed: doc.generator.seed, generatorTool: doc.generator.tool },
      },
    };
  });
}

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
export function spreadOf(values: readonly number[]): string {
  if (values.length === 0) return '-';
  return `${Math.round(mean(values))} / ${Math.round(median(values))} / ${Math.max(...values)}`;
}

export function bundleCommand(opts: BundleOptions, con: Console): number {
  const loaded = loadDocument(opts.packs, ['packs-config']);
  if (loaded.type !== 'packs-config') throw new Error('unreachable');
  const built = buildPacks(opts.packs, loaded.doc);
  const manifest: Manifest = { type: 'manifest', formatVersion: FORMAT_VERSION, tool: TOOL, packs: built.map((b) => b.entry) };
  const manifestFile = path.join(opts.out, 'manifest.json');
  const previous = previousPackFiles(manifestFile);
  // Packs first, manifest last: a manifest never names a pack that is not written yet.
  for (const b of built) writeFileAtomic(path.join(opts.out, b.file), b.text);
  writeFileAtomic(manifestFile, formatDocument(manifest, new Set()));
  const previewFile = path.join(opts.out, 'preview', 'index.html');
  writeFileAtomic(previewFile, previewOf(built));
  for (const old of previous) {
    if (!built.some((b) => b.file === old)) fs.rmSync(path.join(opts.out, old), { force: true });
  }
  if (opts.json) {
    con.out(stableJson(manifest));
    return 0;
  }
  const rows = built.map((b) => {
    const sizes = levelBytes(b);
    return [b.entry.name, b.entry.kind, b.entry.levels, b.entry.bytes, sizes.packGzip, spreadOf(sizes.raw), spreadOf(sizes.gzip), b.entry.sha256.slice(0, 12)];
  });
  const columns = ['pack', 'kind', 'levels', 'bytes', 'gzipped', 'level bytes mean/median/max', 'level gzipped mean/median/max', 'sha256'];
  for (const line of formatTable({ columns, rows })) con.out(line);
  con.out(`wrote ${built.length} packs, manifest.json and preview/index.html to ${opts.out}`);
  return 0;
}

/** The designer's preview page for the packs of kinds that can draw their levels. */
export function previewOf(built: BuiltPack[]): string {
  const packs: PreviewPack[] = built
    .filter((b) => b.kind.preview)
    .map((b) => ({ name: b.entry.name, kind: b.kind, levels: b.pack.levels, ctx: { config: b.pack.generator.config, calibration: b.pack.calibration } }));
  return previewHtml(packs, TOOL);
}

/** Pack files named by an existing manifest (to remove packs the config no longer names). */
function previousPackFiles(manifestFile: string): string[] {
  try {
    const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    return m.packs.map((p) => p.file).filter((f) => /^[a-z0-9][a-z0-9_-]*\.json$/.test(f));
  } catch {
    return [];
  }
}

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
import { playHtml } from '../preview/play.ts';
import { loadDocument, parseDocument } from './shared/documents.ts';
import { rngFor } from '../lib/rng.ts';
import { spread } from './shared/spread.ts';
import type { ConformanceFile, ConformanceWriter } from '../lib/conformance.ts';
import { mean, median } from '../lib/stats.ts';

export interface BundleOptions {
  packs: string;
  out: string;
  json?: boolean;
  /** Writes the client's conformance vectors (conformance/<kind>.json); the CLI hands in the client's writer. */
  conformance?: ConformanceWriter;
  /** Accept a pack or tier with fewer levels than asked (a warning instead of an error). */
  allowShort?: boolean;
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

/** What buildPacks accepts: short packs and tiers become warnings with allowShort. */
export interface BuildOptions {
  allowShort?: boolean;
  warn?: (line: string) => void;
}

/** The set of a pack entry, read and checked; every error names the packs file and the entry. */
function readSet(at: string, base: string, setPath: string) {
  const setFile = path.join(base, setPath);
  try {
    const setText = readText(setFile);
    const loaded = parseDocument(setFile, parseJson(setFile, setText), ['set']);
    if (loaded.type !== 'set') throw new Error('unreachable');
    if (loaded.doc.stage !== 'curated') throw new InputError(`${setFile} › stage: packs are cut from curated sets, found "${loaded.doc.stage}"`);
    return { setText, ...loaded };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const missing = !fs.existsSync(setFile);
    const why = missing ? `cannot read ${setPath} (no such file; set paths are relative to the packs file, so this is ${setFile})` : e.message;
    throw new InputError(`${at} › set: ${why}`);
  }
}

export function buildPacks(packsFile: string, config: PacksConfig, opts: BuildOptions = {}): BuiltPack[] {
  const base = path.dirname(packsFile);
  const names = new Set<string>();
  const short = (message: string) => {
    if (!opts.allowShort) throw new InputError(`${message} (--allow-short accepts it with a warning)`);
    opts.warn?.(`warning: ${message}`);
  };
  return config.packs.map((spec, i) => {
    const at = where(packsFile, `packs[${i}] (${spec.name})`);
    if (names.has(spec.name)) throw new InputError(`${at} › name: ${JSON.stringify(spec.name)} is used twice`);
    names.add(spec.name);
    const { setText, kind, doc } = readSet(at, base, spec.set);
    const levels: Level[] = [];
    for (const [tier, count] of Object.entries(spec.tiers).sort(([a], [b]) => kind.tiers.indexOf(a) - kind.tiers.indexOf(b))) {
      if (!kind.tiers.includes(tier)) {
        throw new InputError(`${at} › tiers.${tier}: not a ${kind.name} tier (tiers: ${kind.tiers.join(', ')})`);
      }
      const inTier = doc.levels.filter((l) => l.tier === tier);
      if (count !== 'all' && inTier.length < count) short(`${at} › tiers.${tier}: wants ${count} levels, ${spec.set} has ${inTier.length}`);
      else if (count === 'all' && inTier.length === 0) short(`${at} › tiers.${tier}: wants all levels of the tier, ${spec.set} has none`);
      levels.push(...(count === 'all' || inTier.length < count ? inTier : spread(inTier, count)));
    }
    if (levels.length === 0) short(`${at}: the pack has 0 levels`);
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
  const built = buildPacks(opts.packs, loaded.doc, { allowShort: opts.allowShort ?? false, warn: (line) => con.warn(line) });
  const manifest: Manifest = { type: 'manifest', formatVersion: FORMAT_VERSION, tool: TOOL, packs: built.map((b) => b.entry) };
  const manifestFile = path.join(opts.out, 'manifest.json');
  const previous = previousPackFiles(manifestFile);
  // Packs first, manifest last: a manifest never names a pack that is not written yet.
  for (const b of built) writeFileAtomic(path.join(opts.out, b.file), b.text);
  writeFileAtomic(manifestFile, formatDocument(manifest, new Set()));
  const previewFile = path.join(opts.out, 'preview', 'index.html');
  writeFileAtomic(previewFile, previewOf(built));
  // the play-test page: every level of every curated set the packs are cut from (tools/preview/play.ts)
  const sets = [...new Set(loaded.doc.packs.map((p) => p.set))].map((set) => ({ file: set, ...readSet(opts.packs, path.dirname(opts.packs), set).doc }));
  writeFileAtomic(path.join(opts.out, 'preview', 'play.html'), playHtml(sets, TOOL));
  const vectors = opts.conformance ? opts.conformance(built.map((b) => ({ name: b.entry.name, pack: b.pack }))) : [];
  writeConformanceFiles(path.join(opts.out, 'conformance'), vectors);
  // bundle owns its folder's manifest: packs the old manifest named and this packs file does not are removed, by name
  const removed = previous.filter((old) => !built.some((b) => b.file === old));
  for (const old of removed) fs.rmSync(path.join(opts.out, old), { force: true });
  if (removed.length > 0) con.warn(`removed ${removed.length} packs of the previous manifest that ${opts.packs} does not name: ${removed.join(', ')}`);
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
  for (const v of vectors) con.out(`conformance/${v.kind}.json: ${v.cases.length} cases, ${v.cases.reduce((n, c) => n + c.steps.length, 0)} actions`);
  con.out(`wrote ${built.length} packs, manifest.json, preview/index.html${vectors.length ? ' and conformance/' : ''} to ${opts.out}`);
  return 0;
}

/** The designer's preview page for the packs of kinds that can draw their levels. */
export function previewOf(built: BuiltPack[]): string {
  const packs: PreviewPack[] = built
    .filter((b) => b.kind.preview)
    .map((b) => ({ name: b.entry.name, kind: b.kind, levels: b.pack.levels, ctx: { config: b.pack.generator.config, calibration: b.pack.calibration } }));
  return previewHtml(packs, TOOL);
}

/** The text of a conformance file: pretty JSON, one line per action. */
export function conformanceText(file: ConformanceFile): string {
  return formatDocument(file, new Set(['steps']));
}

/** Write conformance/<kind>.json for each file and remove the vectors of kinds no longer bundled. */
function writeConformanceFiles(dir: string, files: readonly ConformanceFile[]): void {
  for (const f of files) writeFileAtomic(path.join(dir, `${f.kind}.json`), conformanceText(f));
  let present: string[] = [];
  try {
    present = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const old of present) if (/^[a-z]+\.json$/.test(old) && !files.some((f) => `${f.kind}.json` === old)) fs.rmSync(path.join(dir, old), { force: true });
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

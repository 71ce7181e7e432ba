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
import { parseJson, readText, writeNewFile } from '../lib/io.ts';
import { readBytes } from '../lib/safe-read.ts';
import { Interrupted, interruptible } from './run/interrupt.ts';
import { sha256Hex } from '../lib/ids.ts';
import type { Level, PuzzleKind } from '../lib/kind.ts';
import { derivedFiles, type PagePack } from './sets/bundle-pages.ts';
import { loadDocument, parseDocument } from './files/documents.ts';
import { rngFor } from '../lib/rng.ts';
import { spread } from './sets/spread.ts';
import type { ConformanceFile } from '../lib/conformance.ts';
import { mean, median } from '../lib/stats.ts';
import { at } from '../lib/at.ts';
import { stagePath, sweepLeftovers, swapAll } from './files/folder-transaction.ts';
import { manifestEntry, type ManifestEntry } from './sets/manifest.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';
import { KIND_NAME } from '../lib/kind-name.ts';

export interface BundleOptions extends TaskCeilings {
  packs: string;
  /**
   * The packs config already read (pipeline: with its set paths mapped onto the
   * sets the run made); `packs` then only names it in messages and gives the
   * folder its set paths are relative to. Default: read from `packs`.
   */
  config?: PacksConfig;
  out: string;
  json?: boolean;
  /** Accept a pack or tier with fewer levels than asked (a warning instead of an error). */
  allowShort?: boolean;
}

function shuffled<T>(items: readonly T[], seed: number, stream: string): T[] {
  const out = [...items];
  const rng = rngFor(seed, stream, 0);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [at(out, j), at(out, i)];
  }
  return out;
}

export interface BuiltPack {
  file: string;
  /** The set it is cut from (the packs file's folder joined with the entry's set path): named by the rule checks' refusals. */
  setFile: string;
  text: string;
  entry: ManifestEntry;
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
    checkSetPath(setFile, base, setPath);
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

/**
 * What bundle reads, validate has checked: a set is read at the path the packs
 * file gives, with no symbolic link on its way below the packs file's folder
 * and no hidden folder or file in it (validate skips those when it walks a folder).
 */
function checkSetPath(setFile: string, base: string, setPath: string): void {
  if (setPath.split(/[\\/]/).some((seg) => seg.startsWith('.') && seg !== '.' && seg !== '..')) {
    throw new InputError(`${setFile}: a hidden file or folder on the set's path; validate does not search hidden entries, so bundle does not read them`);
  }
  let real: string;
  let written: string;
  try {
    real = fs.realpathSync(setFile);
    written = path.resolve(fs.realpathSync(base), setPath);
  } catch {
    return; // missing: the read reports it
  }
  if (real !== written) {
    throw new InputError(
      `${setFile}: reached through a symbolic link (it is ${real}); bundle reads sets only at their own path (copy the set there instead of linking it)`,
    );
  }
}

/** Pack names that would collide with bundle's own files and folders. */
const RESERVED_PACK_NAMES = ['manifest', 'preview', 'conformance'];

/**
 * Every pack name of a packs config that bundle cannot write: a name used twice,
 * or one of bundle's own files and folders; one line each, naming the packs
 * file and the entry. pipeline checks them before any work, bundle before it reads a set.
 */
export function packNameProblems(packsFile: string, config: PacksConfig): string[] {
  const names = new Set<string>();
  const problems: string[] = [];
  config.packs.forEach((spec, i) => {
    const at = where(packsFile, `packs[${i}] (${spec.name})`);
    if (names.has(spec.name)) problems.push(`${at} › name: ${JSON.stringify(spec.name)} is used twice; give each pack its own name`);
    else if (RESERVED_PACK_NAMES.includes(spec.name))
      problems.push(
        `${at} › name: ${JSON.stringify(spec.name)} is reserved for bundle's own ${spec.name === 'manifest' ? 'manifest.json' : `${spec.name}/ folder`}; choose another pack name`,
      );
    names.add(spec.name);
  });
  return problems;
}

export function buildPacks(packsFile: string, config: PacksConfig, opts: BuildOptions = {}): BuiltPack[] {
  const base = path.dirname(packsFile);
  const short = (message: string) => {
    if (!opts.allowShort) throw new InputError(`${message} (--allow-short accepts it with a warning)`);
    opts.warn?.(`warning: ${message}`);
  };
  const badNames = packNameProblems(packsFile, config);
  if (badNames.length > 0) throw new InputError(at(badNames, 0), badNames);
  return config.packs.map((spec, i) => {
    const at = where(packsFile, `packs[${i}] (${spec.name})`);
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
    let ordered = levels;
    if (spec.order === 'shuffle') {
      if (spec.seed === undefined) throw new InputError(`${at} › seed: order "shuffle" needs a seed`);
      ordered = shuffled(levels, spec.seed, `pack/${spec.name}`);
    }
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
    // the entry validate rebuilds from the pack file and compares field by field (sets/manifest.ts)
    const entry = manifestEntry(pack, text);
    return { file: entry.file, setFile: path.join(base, spec.set), text, kind, pack, entry };
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

export async function bundleCommand(opts: BundleOptions, con: Console): Promise<number> {
  const loaded = opts.config ? { type: 'packs-config' as const, doc: opts.config } : loadDocument(opts.packs, ['packs-config']);
  if (loaded.type !== 'packs-config') throw new Error('unreachable');
  const out = opts.out;
  sweepLeftovers(out, con);
  checkOutFolder(out);
  const built = buildPacks(opts.packs, loaded.doc, { allowShort: opts.allowShort ?? false, warn: (line) => con.warn(line) });
  const manifest: Manifest = { type: 'manifest', formatVersion: FORMAT_VERSION, tool: TOOL, packs: built.map((b) => b.entry) };
  const previous = previousPackFiles(path.join(out, 'manifest.json'));
  const stage = stagePath(out, 'new');
  const writePauseMs = Number(process.env['PROOFPACK_TEST_WORK_PAUSE_MS'] ?? 0);
  let vectors: ConformanceFile[] = [];
  let removed: string[] = [];
  let swapped = false;
  try {
    await interruptible(async (signal) => {
      // The new dist is written whole beside the old one, then swapped in: the old one stays exactly as it was
      // until the swap, on any error, a full disk or a signal.
      const step = async () => {
        // tests only (PROOFPACK_TEST_WORK_PAUSE_MS, see run/tasks.ts): a wider window for a kill between writes
        await new Promise((r) => (writePauseMs > 0 ? setTimeout(r, writePauseMs) : setImmediate(r)));
        signal.throwIfAborted();
      };
      fs.mkdirSync(stage);
      for (const b of built) {
        writeNew(path.join(stage, b.file), b.text);
        await step();
      }
      writeNew(path.join(stage, 'manifest.json'), formatDocument(manifest, new Set()));
      // the pages and the conformance vectors: always written new, never carried over (sets/bundle-pages.ts)
      const sets = [...new Set(loaded.doc.packs.map((p) => p.set))].map((set) => {
        const { kind, doc } = readSet(opts.packs, path.dirname(opts.packs), set);
        return { file: set, kind, doc };
      });
      const derived = await derivedFiles(pagePacksOf(built), sets, {
        signal,
        ceilings: ceilingsOf(opts),
        label: `bundle ${opts.packs}`,
      });
      vectors = derived.vectors;
      await step();
      fs.mkdirSync(path.join(stage, 'preview'));
      if (vectors.length > 0 || isRealDir(path.join(out, 'conformance'))) fs.mkdirSync(path.join(stage, 'conformance'));
      for (const [rel, text] of derived.files) writeNew(path.join(stage, ...rel.split('/')), text);
      await step();
      // bundle owns its folder's manifest: packs the old manifest named and this packs file does not are removed, by name
      const owned = new Set(['manifest.json', ...previous, ...built.map((b) => b.file)]);
      removed = previous.filter((old) => !built.some((b) => b.file === old) && fs.existsSync(path.join(out, old)));
      carryOver(out, stage, owned, new Set(derived.files.keys()), con);
      await step();
      syncDir(stage);
      swapIn(stage, out);
      swapped = true;
      // a signal that came during the swap is answered here, saying the new dist is in place (not a bare exit 130)
      await step();
    });
  } catch (e) {
    if (swapped && e instanceof Interrupted)
      throw new Interrupted(e.signal, `interrupted just after the swap: ${out} is the new dist, complete (nothing else was left to do but print the summary)`);
    fs.rmSync(stage, { recursive: true, force: true });
    if (e instanceof Interrupted) throw new Interrupted(e.signal, `interrupted: bundle stopped before replacing ${out}; it is exactly as it was`);
    const err = e as NodeJS.ErrnoException;
    if (!(e instanceof InputError) && typeof err.code === 'string')
      throw new InputError(`${out}: cannot write the new dist (${err.code}); ${out} is exactly as it was`);
    throw e;
  }
  if (removed.length > 0)
    con.warn(
      `removed ${removed.length} pack${removed.length === 1 ? '' : 's'} of the previous manifest that ${opts.packs} does not name: ${removed.join(', ')}`,
    );
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
  con.out(
    `wrote ${built.length} pack${built.length === 1 ? '' : 's'}, manifest.json, preview/index.html, preview/play.html${vectors.length ? ' and conformance/' : ''} to ${out}`,
  );
  return 0;
}

const isRealDir = (p: string) => {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** --out is a real folder or not there yet: never a link, a file, a FIFO or a device. */
function checkOutFolder(out: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(out);
  } catch {
    return;
  }
  if (st.isSymbolicLink()) throw new InputError(`--out ${out}: is a symbolic link; bundle writes only into a real folder (give the folder it points to)`);
  if (!st.isDirectory()) throw new InputError(`--out ${out}: exists and is not a folder; bundle replaces nothing but its own folder (choose another --out)`);
}

/** A new file in the stage (the stage is new, so nothing is there to go through or replace). */
function writeNew(file: string, data: string): void {
  writeNewFile(file, data);
}

function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // not every file system syncs folders
  }
}

/**
 * Files and folders of the old dist that bundle does not own go into the new one (hard links, links kept as links).
 * Never one bundle wrote this run (`written`, by its '/'-separated path), nor an old conformance/<kind>.json.
 */
function carryOver(out: string, stage: string, owned: ReadonlySet<string>, written: ReadonlySet<string>, con: Console): void {
  if (!isRealDir(out)) return;
  const copy = (from: string, to: string, rel: string) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      const src = path.join(from, entry.name);
      const dst = path.join(to, entry.name);
      if ((rel === '' && owned.has(entry.name)) || written.has(name)) continue;
      if (rel === 'preview' && (entry.name === 'index.html' || entry.name === 'play.html')) continue;
      if (rel === 'conformance' && entry.name.endsWith('.json') && KIND_NAME.test(entry.name.slice(0, -'.json'.length))) continue;
      if (entry.isDirectory()) {
        if (!fs.existsSync(dst)) fs.mkdirSync(dst);
        copy(src, dst, name);
      } else if (entry.isSymbolicLink()) {
        if (rel === '' && (entry.name === 'preview' || entry.name === 'conformance')) {
          con.warn(`warning: ${src}: a symbolic link where bundle keeps its ${entry.name}/ folder; replaced by a real folder`);
          continue;
        }
        fs.symlinkSync(fs.readlinkSync(src), dst);
      } else if (entry.isFile()) {
        try {
          fs.linkSync(src, dst);
        } catch {
          fs.copyFileSync(src, dst);
        }
      } else con.warn(`warning: ${src}: not a regular file, folder or link; not kept in the new ${out}`);
    }
  };
  copy(out, stage, '');
}

/** Replace `out` by `stage`: the old folder is parked beside it, the new one renamed in, the old one removed (files/folder-transaction.ts). */
function swapIn(stage: string, out: string): void {
  swapAll([{ staged: stage, target: path.resolve(out), parked: stagePath(out, 'old') }]);
}

/** The packs as the pages get them: each read back from its own text, as validate reads it. */
export function pagePacksOf(built: readonly BuiltPack[]): PagePack[] {
  return built.map((b) => {
    const l = parseDocument(b.file, JSON.parse(b.text), ['pack']);
    if (l.type !== 'pack') throw new Error('unreachable');
    return { name: b.entry.name, kind: b.kind, pack: l.doc, setFile: b.setFile };
  });
}

/**
 * Pack files named by an existing manifest (to remove packs the config no
 * longer names): only those whose bytes are what the manifest says bundle
 * wrote (size and SHA-256), so a tampered manifest naming another file
 * (settings.json) never makes bundle delete a file it did not write.
 */
function previousPackFiles(manifestFile: string): string[] {
  const dir = path.dirname(manifestFile);
  try {
    const m = parseJson(manifestFile, readText(manifestFile)) as Manifest;
    return m.packs
      .filter((p) => typeof p.file === 'string' && /^[a-z0-9][a-z0-9_-]*\.json$/.test(p.file) && p.file !== 'manifest.json')
      .filter((p) => {
        try {
          return sha256Hex(readBytes(path.join(dir, p.file), { within: dir })) === p.sha256;
        } catch {
          return false;
        }
      })
      .map((p) => p.file);
  } catch {
    return [];
  }
}

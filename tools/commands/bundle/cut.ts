// Cutting packs out of curated sets: per pack entry, the levels of each tier
// asked for (spread over the tier, or all), in difficulty order or shuffled by
// the entry's seed, written as compact stable JSON with its manifest entry.
// Same input, same bytes.
import * as path from 'node:path';
import { InputError, where } from '../../lib/errors.ts';
import { FORMAT_VERSION, type PackFile, type PacksConfig } from '../../lib/files.ts';
import { stableJson } from '../../lib/json.ts';
import { sha256Hex } from '../../lib/ids.ts';
import type { Level, PuzzleKind } from '../../lib/kind.ts';
import { rngFor } from '../../lib/rng.ts';
import { at } from '../../lib/at.ts';
import { spread } from '../sets/spread.ts';
import { manifestEntry, type ManifestEntry } from '../sets/manifest.ts';
import { packNameProblems } from './pack-names.ts';
import { readSet } from './read-set.ts';

/** `items` in the order of a Fisher–Yates shuffle seeded by `seed` and `stream`. */
function shuffled<T>(items: readonly T[], seed: number, stream: string): T[] {
  const out = [...items];
  const rng = rngFor(seed, stream, 0);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [at(out, j), at(out, i)];
  }
  return out;
}

/** A pack cut from its set: its file name and text (as written), manifest entry, kind and document. */
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

/** The packs of a packs config, in its order: each cut from its set, with its text and manifest entry. */
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

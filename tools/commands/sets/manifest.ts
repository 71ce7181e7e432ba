// A manifest entry, built from one pack file alone: bundle writes exactly
// this for each pack it cuts, and validate rebuilds it from the pack beside a
// manifest and compares every field of the two (sets/level-checks.ts). One
// builder, so no field of the manifest can go unchecked.
import { sha256Hex } from '../../lib/ids.ts';
import type { Manifest, PackFile } from '../../lib/files.ts';

/** One entry of a manifest's `packs`. */
export type ManifestEntry = Manifest['packs'][number];

/**
 * The manifest entry of a pack: its name, kind, file name, level count, size
 * and SHA-256 of its text, its levels per tier, and its source (the set's path,
 * name and SHA-256 as the pack records them, and the seed and tool of the
 * generator the pack carries from its set).
 */
export function manifestEntry(pack: PackFile, text: string | Uint8Array): ManifestEntry {
  const tiers: Record<string, number> = {};
  for (const l of pack.levels) tiers[l.tier] = (tiers[l.tier] ?? 0) + 1;
  return {
    name: pack.name,
    kind: pack.kind,
    file: `${pack.name}.json`,
    levels: pack.levels.length,
    bytes: Buffer.byteLength(text),
    sha256: sha256Hex(text),
    tiers,
    source: { ...pack.source, seed: pack.generator.seed, generatorTool: pack.generator.tool },
  };
}

// The pack names bundle cannot write: one used twice, or one of bundle's own
// files and folders (manifest.json, preview/, conformance/).
import { where } from '../../lib/errors.ts';
import type { PacksConfig } from '../../lib/files.ts';

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

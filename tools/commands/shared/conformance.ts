// The conformance vectors of the bundled packs (docs/porting.md): each kind of
// the registry writes its own (PuzzleKind.conformance); this groups the packs
// by kind. The CLI hands it to bundle, which writes dist/conformance/<kind>.json.
import type { ConformanceFile, NamedPack } from '../../lib/conformance.ts';
import { kinds } from '../../kinds/index.ts';

/** The conformance vectors of the bundled packs: one file per kind present, in the registry's order. */
export function writeConformance(packs: readonly NamedPack[]): ConformanceFile[] {
  const out: ConformanceFile[] = [];
  for (const kind of kinds()) {
    const mine = packs.filter((p) => p.pack.kind === kind.name).map(({ name, pack }) => ({ name, levels: pack.levels }));
    if (mine.length === 0) continue;
    const { cases, games } = kind.conformance.vectors(mine);
    out.push({ type: 'conformance', formatVersion: 2, kind: kind.name, cases, games });
  }
  return out;
}

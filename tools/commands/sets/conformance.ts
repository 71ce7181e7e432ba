// The conformance vectors of the bundled packs (docs/porting.md): each kind of
// the registry writes its own (PuzzleKind.conformance, run on the worker pool:
// kindVectors, a step of kind-steps.ts); this makes one file per kind present.
// bundle writes them as dist/conformance/<kind>.json (sets/bundle-pages.ts).
import type { ConformanceFile, KindVectors, NamedPack } from '../../lib/conformance.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { kinds } from '../../kinds/index.ts';

/** One kind's vectors for its packs among `packs` (kind code: run as a step on the pool). */
export function kindVectors(kind: PuzzleKind, packs: readonly NamedPack[]): KindVectors {
  return kind.conformance.vectors(packs.filter((p) => p.pack.kind === kind.name).map(({ name, pack }) => ({ name, levels: pack.levels })));
}

/** The conformance files of the bundled packs: one per kind present, in the registry's order, from each kind's `vectors`. */
export function writeConformance(packs: readonly NamedPack[], vectors: ReadonlyMap<string, KindVectors>): ConformanceFile[] {
  const out: ConformanceFile[] = [];
  for (const kind of kinds()) {
    if (!packs.some((p) => p.pack.kind === kind.name)) continue;
    const found = vectors.get(kind.name);
    if (!found) throw new Error(`conformance: no vectors computed for the ${kind.name} kind`);
    const { cases, games } = found;
    out.push({ type: 'conformance', formatVersion: 2, kind: kind.name, cases, games });
  }
  return out;
}

// Conformance vectors for ports (docs/porting.md): for a sample of every
// bundled pack's levels and for hand-made edge cases, sequences of player
// actions with every result this client library gives. Pure: packs in,
// vectors out (format: tools/lib/conformance.ts). Each kind writes its own
// (ClientKind.vectors: ghost-vectors.ts, slide-vectors.ts, apple-vectors.ts);
// this file groups the packs by kind. The CLI hands `writeConformance` to
// bundle, which writes dist/conformance/<kind>.json (commands may not import
// the client; the client may not import commands).
import type { ConformanceFile, NamedPack } from '../lib/conformance.ts';
import { CLIENT_KINDS } from './kinds.ts';

export { medalQuestions } from './ghost-vectors.ts';

/** The conformance vectors of the bundled packs: one file per kind present, in the order of CLIENT_KINDS. */
export function writeConformance(packs: readonly NamedPack[]): ConformanceFile[] {
  const out: ConformanceFile[] = [];
  for (const kind of CLIENT_KINDS) {
    const mine = packs.filter((p) => p.pack.kind === kind.formats.name).map(({ name, pack }) => ({ name, levels: pack.levels }));
    if (mine.length === 0) continue;
    const { cases, games } = kind.vectors(mine);
    out.push({ type: 'conformance', formatVersion: 2, kind: kind.formats.name, cases, games } as ConformanceFile);
  }
  return out;
}

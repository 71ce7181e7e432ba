// The files bundle derives for its packs (the preview pages, the conformance
// vectors: sets/bundle-pages.ts, shared with validate's check of a dist), from
// the packs as read back from their own text and the sets the packs config names.
import * as path from 'node:path';
import type { PacksConfig } from '../../lib/files.ts';
import { parseDocument } from '../files/documents.ts';
import type { TaskCeilings } from '../run/tasks.ts';
import type { PagePack } from '../sets/bundle-pages.ts';
import { derivedFiles } from '../run/derived-files.ts';
import type { BuiltPack } from './cut.ts';
import { readSet } from './read-set.ts';

/** The packs as the pages get them: each read back from its own text, as validate reads it. */
function pagePacksOf(built: readonly BuiltPack[]): PagePack[] {
  return built.map((b) => {
    const l = parseDocument(b.file, JSON.parse(b.text), ['pack']);
    if (l.type !== 'pack') throw new Error('unreachable');
    return { name: b.entry.name, kind: b.kind, pack: l.doc, setFile: b.setFile };
  });
}

/** The derived files of the built packs (by path below the dist) and the vectors among them; `signal` stops the kinds' steps. */
export async function bundleDerived(packsFile: string, config: PacksConfig, built: readonly BuiltPack[], ceilings: TaskCeilings, signal: AbortSignal) {
  const sets = [...new Set(config.packs.map((p) => p.set))].map((set) => {
    const { kind, doc } = readSet(packsFile, path.dirname(packsFile), set);
    return { file: set, kind, doc };
  });
  return derivedFiles(pagePacksOf(built), sets, { signal, ceilings, label: `bundle ${packsFile}` });
}

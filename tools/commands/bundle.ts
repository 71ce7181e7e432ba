// `proofpack bundle`: cut the packs named in the packs config out of curated
// sets (bundle/cut.ts), write each pack (compact stable JSON), manifest.json
// with sizes and SHA-256 hashes, the preview pages and the conformance vectors
// into a new dist swapped in whole (bundle/write.ts), and print bytes per level
// (raw and gzipped: bundle/sizes.ts). Same input, same bytes.
import type { Console } from '../lib/console.ts';
import { FORMAT_VERSION, TOOL, type Manifest, type PacksConfig } from '../lib/files.ts';
import { loadDocument } from './files/documents.ts';
import { sweepLeftovers } from './files/folder-transaction.ts';
import { ceilingsOf, type TaskCeilings } from './run/tasks.ts';
import { buildPacks } from './bundle/cut.ts';
import { checkOutFolder } from './bundle/old-dist.ts';
import { printSummary } from './bundle/sizes.ts';
import { writeDist } from './bundle/write.ts';

/** The command line of `proofpack bundle` (and what pipeline hands its bundle step). */
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

export async function bundleCommand(opts: BundleOptions, con: Console): Promise<number> {
  const loaded = opts.config ? { type: 'packs-config' as const, doc: opts.config } : loadDocument(opts.packs, ['packs-config']);
  if (loaded.type !== 'packs-config') throw new Error('unreachable');
  const out = opts.out;
  sweepLeftovers(out, con);
  checkOutFolder(out);
  const built = buildPacks(opts.packs, loaded.doc, { allowShort: opts.allowShort ?? false, warn: (line) => con.warn(line) });
  const manifest: Manifest = { type: 'manifest', formatVersion: FORMAT_VERSION, tool: TOOL, packs: built.map((b) => b.entry) };
  const { vectors, removed } = await writeDist({ out, packsFile: opts.packs, config: loaded.doc, built, manifest, ceilings: ceilingsOf(opts) }, con);
  if (removed.length > 0)
    con.warn(
      `removed ${removed.length} pack${removed.length === 1 ? '' : 's'} of the previous manifest that ${opts.packs} does not name: ${removed.join(', ')}`,
    );
  printSummary(con, built, manifest, vectors, out, opts.json ?? false);
  return 0;
}

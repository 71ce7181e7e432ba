// What bundle trusts of the dist it replaces: --out must be a real folder
// (or not there yet), and an old manifest names the packs bundle may remove
// only when their bytes are what it says bundle wrote.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from '../../lib/errors.ts';
import type { Manifest } from '../../lib/files.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { fileOnTheWay, parseJson, readText } from '../../lib/io.ts';
import { readBytes } from '../../lib/safe-read.ts';

/** Whether `p` is a folder itself (not a link to one). */
export const isRealDir = (p: string) => {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** --out is a real folder or not there yet: never a link, a file, a FIFO or a device. */
export function checkOutFolder(out: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(out);
  } catch {
    const blocker = fileOnTheWay(path.dirname(out));
    if (blocker !== undefined) throw new InputError(`--out ${out}: ${blocker} is not a folder, so bundle cannot make ${out} (choose another --out)`);
    return;
  }
  if (st.isSymbolicLink()) throw new InputError(`--out ${out}: is a symbolic link; bundle writes only into a real folder (give the folder it points to)`);
  if (!st.isDirectory()) throw new InputError(`--out ${out}: exists and is not a folder; bundle replaces nothing but its own folder (choose another --out)`);
}

/**
 * Pack files named by an existing manifest (to remove packs the config no
 * longer names): only those whose bytes are what the manifest says bundle
 * wrote (size and SHA-256), so a tampered manifest naming another file
 * (settings.json) never makes bundle delete a file it did not write.
 */
export function previousPackFiles(manifestFile: string): string[] {
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

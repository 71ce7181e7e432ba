// How bundle reads the set a pack entry names: at the path the packs file
// gives (relative to its folder), through no symbolic link and no hidden entry
// (what validate would not have checked), a curated set; every refusal names
// the packs file and the entry.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from '../../lib/errors.ts';
import { parseJson, readText } from '../../lib/io.ts';
import { parseDocument } from '../files/documents.ts';

/** The set of a pack entry, read and checked; every error names the packs file and the entry. */
export function readSet(at: string, base: string, setPath: string) {
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

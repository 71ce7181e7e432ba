// The files validate checks: those named on the command line, and the JSON
// files found by walking the folders named there (sorted; links followed only
// inside the folder; hidden entries and node_modules skipped with a note). A
// walked JSON file that is no proofpack document is skipped, with a note.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { linkOnPath } from '../../lib/io.ts';
import { isInside } from '../../lib/safe-read.ts';

/** A file to check: named on the command line, or found under a folder (then it must resolve inside it). */
export interface Target {
  file: string;
  /** The folder given on the command line that this file was found under. */
  within?: string;
  /** Found by walking a folder (a JSON file that is not a proofpack document is then skipped, with a note). */
  walked: boolean;
  /** Refused before reading (a link out of the folder): the error to report. */
  refused?: string;
}

/**
 * Files named on the command line; directories are searched for *.json,
 * sorted. Symbolic links are followed only when they resolve inside the folder
 * given on the command line (else the entry is reported, never skipped);
 * hidden entries and node_modules are skipped with a note.
 */
export function expandPaths(paths: readonly string[], note: (line: string) => void): Target[] {
  const out: Target[] = [];
  const walk = (dir: string, root: string, rootReal: string, seen: Set<string>) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch (e) {
      out.push({ file: dir, walked: false, refused: `${dir}: cannot read the folder (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
      return;
    }
    for (const entry of entries) {
      const p = path.join(dir, entry.name);
      if (entry.name.startsWith('.') || entry.name === 'node_modules') {
        if (entry.isDirectory() || entry.name.endsWith('.json'))
          note(`note: ${p}: skipped (validate does not search hidden entries or node_modules; name the file to check it)`);
        continue;
      }
      let isDir = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        let real: string;
        let st: fs.Stats;
        try {
          real = fs.realpathSync(p);
          st = fs.statSync(real);
        } catch {
          if (entry.name.endsWith('.json')) out.push({ file: p, walked: true, refused: `${p}: a symbolic link that leads nowhere; refused` });
          continue;
        }
        if (!st.isDirectory() && !entry.name.endsWith('.json')) continue;
        if (!isInside(real, rootReal)) {
          out.push({
            file: p,
            walked: true,
            refused: `${p}: a symbolic link to ${real}, outside the folder being checked (${root}); refused, not checked (bundle refuses it too: copy the file in instead)`,
          });
          continue;
        }
        isDir = st.isDirectory();
        if (isDir && seen.has(real)) continue;
      }
      if (isDir) {
        const real = fs.realpathSync(p);
        if (seen.has(real)) continue;
        seen.add(real);
        walk(p, root, rootReal, seen);
      } else if (entry.name.endsWith('.json')) out.push({ file: p, within: root, walked: true });
    }
  };
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = fs.statSync(p).isDirectory();
    } catch {
      // the read reports the missing file
    }
    if (isDir) {
      const rootReal = fs.realpathSync(p);
      // a folder named on the command line that is a link out of the current directory is not walked (levels -> /usr)
      const link = linkOnPath(p);
      if (link && !isInside(rootReal, fs.realpathSync('.'))) {
        out.push({
          file: p,
          walked: false,
          refused: `${p}: ${link.link} is a symbolic link to ${rootReal}, outside the current directory; refused, not searched (name the real folder instead)`,
        });
        continue;
      }
      walk(p, p, rootReal, new Set([rootReal]));
    } else out.push({ file: p, walked: false });
  }
  return out;
}

const DOCUMENT_TYPES: readonly string[] = ['set', 'pack', 'manifest', 'packs-config', 'validate-report', 'conformance', 'checkpoint'];

/**
 * Whether a JSON value found by walking a folder is meant as a proofpack
 * document: an object whose `type` is one of ours, or that has a
 * `formatVersion`. Others (package.json, tsconfig.json) are skipped with a note.
 */
export function looksLikeDocument(raw: unknown): boolean {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const r = raw as Record<string, unknown>;
  return DOCUMENT_TYPES.includes(r['type'] as string) || Object.hasOwn(r, 'formatVersion');
}

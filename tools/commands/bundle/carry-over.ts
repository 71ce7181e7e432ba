// What of the old dist goes into the new one: every file and folder bundle
// does not own (a game's own notes, assets), as hard links (links kept as
// links); never a file bundle wrote this run, an old pack it owns, an old
// page or an old conformance/<kind>.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Console } from '../../lib/console.ts';
import { KIND_NAME } from '../../lib/kind-name.ts';
import { isRealDir } from './old-dist.ts';

/**
 * Files and folders of the old dist that bundle does not own go into the new one (hard links, links kept as links).
 * Never one bundle wrote this run (`written`, by its '/'-separated path), nor an old conformance/<kind>.json.
 */
export function carryOver(out: string, stage: string, owned: ReadonlySet<string>, written: ReadonlySet<string>, con: Console): void {
  if (!isRealDir(out)) return;
  const copy = (from: string, to: string, rel: string) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      const src = path.join(from, entry.name);
      const dst = path.join(to, entry.name);
      if ((rel === '' && owned.has(entry.name)) || written.has(name)) continue;
      if (rel === 'preview' && (entry.name === 'index.html' || entry.name === 'play.html')) continue;
      if (rel === 'conformance' && entry.name.endsWith('.json') && KIND_NAME.test(entry.name.slice(0, -'.json'.length))) continue;
      if (entry.isDirectory()) {
        if (!fs.existsSync(dst)) fs.mkdirSync(dst);
        copy(src, dst, name);
      } else if (entry.isSymbolicLink()) {
        if (rel === '' && (entry.name === 'preview' || entry.name === 'conformance')) {
          con.warn(`warning: ${src}: a symbolic link where bundle keeps its ${entry.name}/ folder; replaced by a real folder`);
          continue;
        }
        fs.symlinkSync(fs.readlinkSync(src), dst);
      } else if (entry.isFile()) {
        try {
          fs.linkSync(src, dst);
        } catch {
          fs.copyFileSync(src, dst);
        }
      } else con.warn(`warning: ${src}: not a regular file, folder or link; not kept in the new ${out}`);
    }
  };
  copy(out, stage, '');
}

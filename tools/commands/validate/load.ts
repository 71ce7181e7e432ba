// validate's reading of its files: each target read (within its folder, under
// one read budget), parsed and checked against the stored budgets; an
// unreadable one becomes its report's error line. A manifest's packs are read
// too, even when only the manifest was named.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from '../../lib/errors.ts';
import type { FileReport } from '../../lib/files.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { parseJson, readText } from '../../lib/io.ts';
import { ReadBudget } from '../../lib/safe-read.ts';
import { at } from '../../lib/at.ts';
import { parseDocument, type Loaded } from '../files/documents.ts';
import { budgetProblems, type BudgetLimits } from '../run/budgets.ts';
import { isPlainPackFile } from '../sets/level-checks.ts';
import { looksLikeDocument, type Target } from './targets.ts';

/** The files validate read, index by index: each one's document, the SHA-256 of its text and its report. */
export interface LoadedFiles {
  /** The document of each file; null when it could not be read (its report holds the error). */
  loaded: (Loaded | null)[];
  /** The SHA-256 of each loaded file's text (a manifest names its packs' sets by it). */
  shas: (string | null)[];
  reports: FileReport[];
  /** The one budget every file of the run is read under (the dist's pages too). */
  budget: ReadBudget;
  /** A stored config over a budget, one line each: the run stops before any analysis. */
  overBudget: string[];
}

/** A file's real path (its resolved path when it has none): the key a file is read once by. */
export function realOf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/** Read every target once (by real path), then the packs of each manifest read; `mineFile`: this shard reports whole-file errors. */
export function loadTargets(targets: readonly Target[], budgets: BudgetLimits | undefined, mineFile: boolean, note: (line: string) => void): LoadedFiles {
  const files: LoadedFiles = { loaded: [], shas: [], reports: [], budget: new ReadBudget(), overBudget: [] };
  const { loaded, shas, reports, budget, overBudget } = files;
  const seen = new Set<string>();
  const add = (t: Target) => {
    const key = realOf(t.file);
    if (seen.has(key)) return;
    seen.add(key);
    try {
      if (t.refused) throw new InputError(t.refused);
      const text = readText(t.file, { ...(t.within !== undefined ? { within: t.within } : {}), budget });
      const raw = parseJson(t.file, text);
      if (t.walked && !looksLikeDocument(raw)) {
        note(`note: ${t.file}: skipped, not a proofpack document (no proofpack "type" and no "formatVersion"); name it on the command line to have it checked`);
        return;
      }
      const l = parseDocument(t.file, raw);
      try {
        budgetProblems(t.file, l, budgets);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        overBudget.push(e.message);
      }
      loaded.push(l);
      shas.push(sha256Hex(text));
      const kind = l.type === 'set' || l.type === 'pack' ? l.kind.name : null;
      const levels = l.type === 'set' || l.type === 'pack' ? l.doc.levels.length : 0;
      reports.push({ file: t.file, type: l.type, kind, levels, error: null, problems: [] });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      loaded.push(null);
      shas.push(null);
      reports.push({ file: t.file, type: null, kind: null, levels: 0, error: mineFile ? e.message : null, problems: [] });
    }
  };
  for (const t of targets) add(t);
  // a manifest's packs are checked too, even when only the manifest was named (never "ok" for a pack not checked)
  for (let f = 0; f < loaded.length; f++) {
    const l = loaded[f];
    if (l?.type !== 'manifest') continue;
    const dir = path.dirname(at(reports, f).file);
    for (const entry of l.doc.packs) if (isPlainPackFile(entry.file)) add({ file: path.join(dir, entry.file), within: dir, walked: false });
  }
  return files;
}

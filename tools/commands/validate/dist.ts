// validate's check of a dist beside its manifest: each file bundle derives
// (the preview pages, the conformance vectors) recomputed with bundle's own
// builders (sets/bundle-pages.ts) and compared byte for byte, and each pack
// checked against the set it says it was cut from when that set is validated too.
import * as path from 'node:path';
import { InputError } from '../../lib/errors.ts';
import type { Manifest, ReportedProblem } from '../../lib/files.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { readText } from '../../lib/io.ts';
import { at } from '../../lib/at.ts';
import type { Loaded } from '../files/documents.ts';
import { interruptible } from '../run/interrupt.ts';
import type { TaskCeilings } from '../run/tasks.ts';
import type { PagePack, PageSet } from '../sets/bundle-pages.ts';
import { derivedFiles } from '../run/derived-files.ts';
import { cutFromProblems, isPlainPackFile } from '../sets/level-checks.ts';
import { realOf, type LoadedFiles } from './load.ts';

/** How the dist is checked: on the run's pool and ceilings; `mineFile`: this shard reports whole files; `note`: a line on stderr. */
export interface DistRun {
  threads: number;
  ceilings?: TaskCeilings | undefined;
  mineFile: boolean;
  note: (line: string) => void;
}

/**
 * The files bundle derives (pages, conformance vectors) recomputed from the
 * manifest's packs and sets with bundle's own builders, each compared byte
 * for byte with the file beside the manifest. The play-test page needs the
 * sets: found among the files validated by the SHA-256 the manifest gives
 * (validate levels and dist together); without them it is noted, not checked.
 */
export async function derivedProblems(file: string, m: Manifest, files: LoadedFiles, run: DistRun): Promise<ReportedProblem[]> {
  const { loaded, shas, reports, budget: readBudget } = files;
  const { mineFile, note } = run;
  const dir = path.dirname(file);
  const find = (test: (l: Loaded, f: number) => boolean) => loaded.findIndex((l, f) => l !== null && test(l, f));
  const packs: PagePack[] = [];
  for (const entry of m.packs) {
    if (!isPlainPackFile(entry.file)) return [];
    const real = realOf(path.join(dir, entry.file));
    const f = find((l, i) => l.type === 'pack' && realOf(at(reports, i).file) === real);
    const l = loaded[f];
    if (l?.type !== 'pack') return []; // the manifest's own checks name the pack
    packs.push({ name: entry.name, kind: l.kind, pack: l.doc });
    // the pack against the set it says it was cut from, when that set is among the files validated
    const s = loaded[find((x, i) => x.type === 'set' && shas[i] === l.doc.source.sha256)];
    if (s?.type === 'set' && mineFile) at(reports, f).problems.push(...cutFromProblems(l.doc, s.doc));
  }
  const sets: PageSet[] = [];
  let missing: string | undefined;
  for (const entry of m.packs) {
    if (sets.some((s) => s.file === entry.source.set)) continue;
    const l = loaded[find((x, i) => x.type === 'set' && shas[i] === entry.source.sha256)];
    if (l?.type !== 'set') {
      missing ??= entry.source.set;
      continue;
    }
    sets.push({ file: entry.source.set, kind: l.kind, doc: l.doc });
  }
  if (missing !== undefined)
    note(
      `note: ${path.join(dir, 'preview', 'play.html')}: not checked (its set ${missing} is not among the files validated; validate the levels folder and the dist folder together to check it)`,
    );
  const problems: ReportedProblem[] = [];
  // the kinds' preview data and vectors on the pool, under the run's ceilings
  const derived = await interruptible((signal) =>
    derivedFiles(packs, missing === undefined ? sets : undefined, {
      signal,
      threads: run.threads,
      ...(run.ceilings ? { ceilings: run.ceilings } : {}),
      label: `validate ${file}`,
    }),
  );
  for (const [rel, text] of derived.files) {
    let found: string;
    try {
      found = readText(path.join(dir, ...rel.split('/')), { within: dir, budget: readBudget });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push({ level: rel, index: -1, field: 'file', stored: e.message, expected: 'the file bundle writes' });
      continue;
    }
    if (found !== text)
      problems.push({ level: rel, index: -1, field: 'sha256', stored: sha256Hex(found), expected: `${sha256Hex(text)} (what bundle writes; rerun bundle)` });
  }
  return problems;
}

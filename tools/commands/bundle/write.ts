// bundle's write of the new dist, all or nothing: the packs, manifest.json and
// the derived files are written into a stage beside --out, with what bundle
// does not own of the old dist carried over, then swapped in. The old dist
// stays exactly as it was until the swap, on any error, a full disk or a signal.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Console } from '../../lib/console.ts';
import type { ConformanceFile } from '../../lib/conformance.ts';
import { InputError } from '../../lib/errors.ts';
import type { Manifest, PacksConfig } from '../../lib/files.ts';
import { writeNewFile } from '../../lib/io.ts';
import { formatDocument } from '../../lib/json.ts';
import { stagePath, swapAll } from '../files/folder-transaction.ts';
import { Interrupted, interruptible } from '../run/interrupt.ts';
import type { TaskCeilings } from '../run/tasks.ts';
import { carryOver } from './carry-over.ts';
import type { BuiltPack } from './cut.ts';
import { isRealDir, previousPackFiles } from './old-dist.ts';
import { bundleDerived } from './pages.ts';

/** What the new dist is made of: the packs built from the packs config (named in messages), their manifest, and the run's ceilings. */
export interface NewDist {
  out: string;
  packsFile: string;
  config: PacksConfig;
  built: readonly BuiltPack[];
  manifest: Manifest;
  ceilings: TaskCeilings;
}

/** Write the new dist in place of `out`: the vectors written, and the packs of the old manifest removed. */
export async function writeDist(d: NewDist, con: Console): Promise<{ vectors: ConformanceFile[]; removed: string[] }> {
  const { out, packsFile, config, built, manifest, ceilings } = d;
  const previous = previousPackFiles(path.join(out, 'manifest.json'));
  const stage = stagePath(out, 'new');
  const writePauseMs = Number(process.env['PROOFPACK_TEST_WORK_PAUSE_MS'] ?? 0);
  let vectors: ConformanceFile[] = [];
  let removed: string[] = [];
  let swapped = false;
  try {
    await interruptible(async (signal) => {
      // The new dist is written whole beside the old one, then swapped in: the old one stays exactly as it was
      // until the swap, on any error, a full disk or a signal.
      const step = async () => {
        // tests only (PROOFPACK_TEST_WORK_PAUSE_MS, see run/tasks.ts): a wider window for a kill between writes
        await new Promise((r) => (writePauseMs > 0 ? setTimeout(r, writePauseMs) : setImmediate(r)));
        signal.throwIfAborted();
      };
      fs.mkdirSync(stage);
      for (const b of built) {
        writeNew(path.join(stage, b.file), b.text);
        await step();
      }
      writeNew(path.join(stage, 'manifest.json'), formatDocument(manifest, new Set()));
      // the pages and the conformance vectors: always written new, never carried over (pages.ts, carry-over.ts)
      const derived = await bundleDerived(packsFile, config, built, ceilings, signal);
      vectors = derived.vectors;
      await step();
      fs.mkdirSync(path.join(stage, 'preview'));
      if (vectors.length > 0 || isRealDir(path.join(out, 'conformance'))) fs.mkdirSync(path.join(stage, 'conformance'));
      for (const [rel, text] of derived.files) writeNew(path.join(stage, ...rel.split('/')), text);
      await step();
      // bundle owns its folder's manifest: packs the old manifest named and this packs file does not are removed, by name
      const owned = new Set(['manifest.json', ...previous, ...built.map((b) => b.file)]);
      removed = previous.filter((old) => !built.some((b) => b.file === old) && fs.existsSync(path.join(out, old)));
      carryOver(out, stage, owned, new Set(derived.files.keys()), con);
      await step();
      syncDir(stage);
      swapIn(stage, out);
      swapped = true;
      // a signal that came during the swap is answered here, saying the new dist is in place (not a bare exit 130)
      await step();
    });
  } catch (e) {
    if (swapped && e instanceof Interrupted)
      throw new Interrupted(e.signal, `interrupted just after the swap: ${out} is the new dist, complete (nothing else was left to do but print the summary)`);
    fs.rmSync(stage, { recursive: true, force: true });
    if (e instanceof Interrupted) throw new Interrupted(e.signal, `interrupted: bundle stopped before replacing ${out}; it is exactly as it was`);
    const err = e as NodeJS.ErrnoException;
    if (!(e instanceof InputError) && typeof err.code === 'string')
      throw new InputError(`${out}: cannot write the new dist (${err.code}); ${out} is exactly as it was`);
    throw e;
  }
  return { vectors, removed };
}

/** A new file in the stage (the stage is new, so nothing is there to go through or replace). */
function writeNew(file: string, data: string): void {
  writeNewFile(file, data);
}

/** Flush the stage's folder entries to disk before the swap (where the file system can). */
function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // not every file system syncs folders
  }
}

/** Replace `out` by `stage`: the old folder is parked beside it, the new one renamed in, the old one removed (files/folder-transaction.ts). */
function swapIn(stage: string, out: string): void {
  swapAll([{ staged: stage, target: path.resolve(out), parked: stagePath(out, 'old') }]);
}

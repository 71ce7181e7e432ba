// The lock of a pipeline's work folder (<work>/lock): one run at a time builds
// in <work>/run/, keeps its checkpoints in <work>/ and swaps levels/ and
// dist/. A second run refuses at once (it never waits), naming the running
// one; without the lock it would delete the first run's folder and could put
// back a folder the first run had parked mid-swap. The lock file is made whole
// and exclusive in one step (a hard link to a file written first) and holds
// the run's pid and host, and on Linux its boot and start time. A lock whose
// process is gone on this host (a run killed with SIGKILL, a reboot), or whose
// pid now names a later process, is stale: the next run says so and takes it.
// A lock of another host, or one proofpack cannot read, is refused, never
// taken: the line says to delete it once no run is using the folder.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import type { Console } from '../../lib/console.ts';
import { InputError } from '../../lib/errors.ts';
import { linkOnPath } from '../../lib/io.ts';
import { code } from '../../lib/safe-read.ts';
import { bootId, processStart } from '../../lib/process-start.ts';
import { pidAlive } from '../files/folder-transaction.ts';

/** What a lock file holds: the run that took it (boot and start: lib/process-start.ts, where known). */
const LockFile = z.strictObject({
  pid: z.number().int().positive(),
  host: z.string().max(256),
  started: z.string().max(64),
  boot: z.string().max(64).optional(),
  start: z.number().int().nonnegative().optional(),
});
type LockFile = z.infer<typeof LockFile>;

/** A lock file larger than this is not one proofpack wrote. */
const MAX_LOCK_BYTES = 1024;

/** A taken lock: release() removes it (and the work folder, when the lock made it and it is empty). */
export interface WorkLock {
  release(): void;
}

const NO_LOCK: WorkLock = { release: () => {} };

/** The lock at `file`, when it is a small regular file of the lock's shape; else undefined. */
function readLock(file: string): LockFile | undefined {
  try {
    const st = fs.lstatSync(file);
    if (!st.isFile() || st.size > MAX_LOCK_BYTES) return undefined;
    const parsed = LockFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the run that wrote `held` on this host still runs: its pid is alive
 * and, where both the lock and this machine (`boot`, this run's lock's) say, in
 * the same boot and the same process (not a later one that was given the pid).
 */
function runAlive(held: LockFile, boot: string | undefined): boolean {
  if (!pidAlive(held.pid)) return false;
  if (held.boot !== undefined && boot !== undefined && held.boot !== boot) return false;
  const start = processStart(held.pid);
  return held.start === undefined || start === undefined || held.start === start;
}

/** Make `file` hold `data`, whole, only if it does not exist yet; false when it does. */
function linkNew(file: string, data: string): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.rmSync(tmp, { force: true });
    fs.writeFileSync(tmp, data, { flag: 'wx' });
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    if (code(e) === 'EEXIST') return false;
    throw new InputError(`${file}: cannot write the run's lock (${code(e)}); give --work a folder this user can write`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Take the lock of `work` for this run, or throw the one line that says which
 * run holds it and what to do. A work path that is a link, not a folder, or
 * one the run cannot make is left to the plan's checks (no lock is written
 * through it).
 */
export function takeWorkLock(work: string, con: Console): WorkLock {
  if (linkOnPath(work) || (fs.existsSync(work) && !fs.lstatSync(work).isDirectory())) return NO_LOCK;
  const made = !fs.existsSync(work);
  try {
    fs.mkdirSync(work, { recursive: true });
  } catch {
    // a path the run cannot make (a file on the way): the plan names it
    return NO_LOCK;
  }
  const file = path.join(work, 'lock');
  const boot = bootId();
  const start = processStart(process.pid);
  const mine: LockFile = {
    pid: process.pid,
    host: os.hostname(),
    started: new Date().toISOString(),
    ...(boot !== undefined ? { boot } : {}),
    ...(start !== undefined ? { start } : {}),
  };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; !linkNew(file, text); attempt++) {
    const held = readLock(file);
    const deleteIt = `delete ${file} once no proofpack run is using ${work}`;
    if (!held) throw new InputError(`${file}: not a lock proofpack wrote; ${deleteIt}`);
    if (held.host !== mine.host || runAlive(held, mine.boot) || attempt > 0)
      throw new InputError(
        `${file}: another proofpack pipeline (pid ${held.pid} on ${held.host}, started ${held.started}) is using ${work}; wait for it to end, give this run another --work, or ${deleteIt}`,
      );
    con.warn(`${file}: the run that took it (pid ${held.pid}, started ${held.started}) is gone; lock taken`);
    fs.rmSync(file, { force: true });
  }
  return {
    release: () => {
      if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      if (made && fs.readdirSync(work).length === 0) fs.rmdirSync(work);
    },
  };
}

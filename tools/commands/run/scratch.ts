// The Scratch (lib/machine-services.ts) the commands give a kind: scratch files in the
// temp folder, machine-wide locks there, and the disk space free there now
// past a reserve never filled (machine.ts usableDiskBytes). A scratch file's folder is removed
// as soon as the file is open (the system frees the file when it is closed or
// the process ends, so a run stopped by Ctrl-C leaves nothing on the disk);
// folders left by a killed process of an older version are swept once.
//
// A lock is a file, proofpack-<name>.lock, created whole (written beside it,
// then hard-linked into place, which fails when it exists) and holding
// "<pid> <start>": the owner's pid and its process start time (Linux
// /proc/<pid>/stat, field 22; "-" where the system has no /proc). The holder
// is alive when that pid runs with that start time. A lock that says
// otherwise, or whose content cannot be read as such (an older version's lock
// folder, a half-written or foreign file), is stale and taken over at once. A
// holder alive by pid alone (no start time to compare) is waited on at most
// `patience` ms, then the lock is refused with a one-line message naming it.
// A worker thread stopped mid-computation (Ctrl-C ends the pool's threads)
// never runs its release: once the pool is gone, the command layer removes
// the locks that still name this process (releaseOwnLocks), so a lock never
// outlives its holder's run; a killed process's lock names a dead pid and is
// taken over by the next taker.
// The wait sleeps in steps of WAIT_STEP_MS; on the main thread the Ctrl-C and
// SIGTERM handlers are taken off while it waits, so either stops the process
// there and then (in a worker thread the pool's abort ends the thread).
import { closeSync, linkSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { Scratch, ScratchFile } from '../../lib/machine-services.ts';
import { pidAlive } from '../files/folder-transaction.ts';
import { usableDiskBytes } from './machine.ts';

/** Sleep between two looks at a held lock. */
export const WAIT_STEP_MS = 250;
/** The longest wait on a holder whose start time cannot be compared: 30 min. */
export const UNPROVEN_PATIENCE_MS = 30 * 60 * 1000;

export interface ScratchOptions {
  /** The folder for scratch files and locks (the system's temp folder). */
  dir?: string;
  /** See UNPROVEN_PATIENCE_MS. */
  patience?: number;
}

/** This process's Scratch in `dir`. */
export function machineScratch(options: ScratchOptions = {}): Scratch {
  const dir = options.dir ?? tmpdir();
  const patience = options.patience ?? UNPROVEN_PATIENCE_MS;
  return { file: () => scratchFile(dir), lock: (name) => takeLock(join(dir, `proofpack-${name}.lock`), patience), freeBytes: () => usableDiskBytes(dir) };
}

/** This process as a lock names its holder: "<pid> <start>\n". */
function identity(): string {
  return `${process.pid} ${startTimeOf(process.pid) ?? '-'}\n`;
}

/**
 * Removes the locks in `dir` that this process holds. Call it only where no
 * thread of this process computes any more (after the pool ended): a lock
 * still naming this process then belongs to a thread stopped before its release.
 */
export function releaseOwnLocks(dir: string = tmpdir()): void {
  const mine = identity();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (/^proofpack-.*\.lock$/.test(name) && readLock(join(dir, name)) === mine) rmSync(join(dir, name), { force: true });
}

const swept = new Set<string>();

function scratchFile(dir: string): ScratchFile {
  if (!swept.has(dir)) {
    swept.add(dir);
    sweepStale(dir);
  }
  const folder = mkdtempSync(join(dir, `proofpack-score-${process.pid}-`));
  const fd = openSync(join(folder, 'data'), 'w+');
  rmSync(folder, { recursive: true, force: true });
  return {
    write: (bytes, offset, length, position) => {
      for (let done = 0; done < length; ) done += writeSync(fd, bytes, offset + done, length - done, position + done);
    },
    read: (bytes, offset, length, position) => {
      let done = 0;
      while (done < length) {
        const n = readSync(fd, bytes, offset + done, length - done, position + done);
        if (n === 0) break;
        done += n;
      }
      bytes.fill(0, offset + done, offset + length);
    },
    close: () => closeSync(fd),
  };
}

/** Removes the scratch folders of processes that were killed (their pid is in the name). */
function sweepStale(dir: string): void {
  for (const name of readdirSync(dir)) {
    const m = /^proofpack-score-(\d+)-/.exec(name);
    if (m && !pidAlive(Number(m[1]))) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** The start time of process `pid` as the system counts it, or null when it cannot be read. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    const field22 = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return field22 && /^\d+$/.test(field22) ? field22 : null;
  } catch {
    return null;
  }
}

/** What a lock file says of its holder: 'alive', 'unproven' (alive by pid, no start time to compare) or 'stale'. */
export function holderState(content: string | null): 'alive' | 'unproven' | 'stale' {
  const m = content === null ? null : /^(\d+) (\d+|-)\n$/.exec(content);
  if (!m) return 'stale';
  const pid = Number(m[1]);
  if (pid <= 0 || !pidAlive(pid)) return 'stale';
  const now = startTimeOf(pid);
  if (m[2] === '-' || now === null) return 'unproven';
  return now === m[2] ? 'alive' : 'stale';
}

/** The lock's content, or null when it is not a readable file (a folder, say). */
function readLock(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
    return null;
  }
}

function takeLock(path: string, patience: number): () => void {
  const mine = identity();
  const draft = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  let waited = 0;
  let restore: (() => void) | null = null;
  try {
    for (;;) {
      writeFileSync(draft, mine);
      try {
        linkSync(draft, path);
        return () => rmSync(path, { force: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      } finally {
        rmSync(draft, { force: true });
      }
      const content = readLock(path);
      if (content === '') continue; // released just now
      const state = holderState(content);
      if (state === 'stale') {
        takeOver(path, content);
        continue;
      }
      if (state === 'unproven' && waited >= patience) {
        throw new Error(
          `the lock ${path} is held by process ${content?.split(' ')[0]}, which this system cannot show to be a proofpack run; remove the file if no other proofpack run is working, then run again`,
        );
      }
      restore ??= isMainThread ? letSignalsStop() : () => {};
      Atomics.wait(nap, 0, 0, WAIT_STEP_MS);
      waited += WAIT_STEP_MS;
    }
  } finally {
    restore?.();
  }
}

/**
 * Removes a stale lock: moved aside first, so that of two processes taking it
 * over at once only one removes it; a lock found moved aside that is not the
 * stale one judged (another's fresh lock) is put back.
 */
function takeOver(path: string, judged: string | null): void {
  const aside = `${path}.stale.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // gone already: someone else took it over
  }
  if (readLock(aside) !== judged) {
    try {
      linkSync(aside, path);
    } catch {
      // a third process's lock is in place by now: it holds the lock, this one is dropped
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

/** Takes the SIGINT and SIGTERM handlers off, so either signal ends the process during a blocking wait; returns their restore. */
function letSignalsStop(): () => void {
  const saved = (['SIGINT', 'SIGTERM'] as const).map((sig) => [sig, process.listeners(sig)] as const);
  for (const [sig] of saved) process.removeAllListeners(sig);
  return () => {
    for (const [sig, handlers] of saved) for (const h of handlers) process.on(sig, h);
  };
}

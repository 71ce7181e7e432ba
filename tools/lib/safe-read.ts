// The one rule for what a command reads (docs/untrusted-input.md): regular files
// only, checked before and after opening, opened once without blocking (a FIFO
// or a device is refused, never waited on), and read with a bounded loop that
// stops at the size cap whatever stat says (0 for /dev/zero or a FIFO). Files
// reached through a folder being checked must resolve inside it: a symbolic
// link that leaves the folder is refused, never followed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from './errors.ts';

/** One input file larger than this is refused, well below what its parsed form needs of the heap. */
export const MAX_INPUT_BYTES = 32 * 1024 * 1024;
/** All inputs of one command together (validate keeps every document it reads in memory at once). */
export const MAX_TOTAL_INPUT_BYTES = 128 * 1024 * 1024;

const MIB = 1024 * 1024;
const CHUNK = 1024 * 1024;

export interface ReadRule {
  /** The folder being checked: the file must resolve (through any link) to a path inside it. */
  within?: string;
  /** Counts the bytes of several reads against MAX_TOTAL_INPUT_BYTES. */
  budget?: ReadBudget;
}

/** Bytes read so far by one command run. */
export class ReadBudget {
  used = 0;
  constructor(readonly limit = MAX_TOTAL_INPUT_BYTES) {}
}

/** Why a file cannot be read, in words (the system's code in brackets when it has no words here). */
const IN_WORDS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of its path is not a folder',
  ELOOP: 'too many symbolic links on its path',
  EISDIR: 'a directory',
};

export function code(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code && Object.hasOwn(IN_WORDS, err.code)) return IN_WORDS[err.code] as string;
  return err.code ?? err.message;
}

function kindOf(s: fs.Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isSocket()) return 'a socket';
  if (s.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** Whether `child` (a real path) is `folder` (a real path) or inside it. */
export function isInside(child: string, folder: string): boolean {
  const rel = path.relative(folder, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Where `file` really is, refused unless it lies inside `folder` (both
 * resolved through every symbolic link on the way).
 */
export function resolveInside(file: string, folder: string): string {
  let real: string;
  let root: string;
  try {
    root = fs.realpathSync(folder);
  } catch (e) {
    throw new InputError(`${folder}: cannot read (${code(e)})`);
  }
  try {
    real = fs.realpathSync(file);
  } catch (e) {
    throw new InputError(`${file}: cannot read (${code(e)})`);
  }
  if (!isInside(real, root)) {
    throw new InputError(
      `${file}: resolves to ${real}, outside the folder being checked (${folder}); refused (copy the file into the folder instead of linking to it)`,
    );
  }
  return real;
}

/** The bytes of a regular file, at most MAX_INPUT_BYTES, or an InputError naming the file. */
export function readBytes(file: string, rule: ReadRule = {}): Buffer {
  const target = rule.within !== undefined ? resolveInside(file, rule.within) : file;
  let before: fs.Stats;
  try {
    before = fs.statSync(target);
  } catch (e) {
    throw new InputError(`${file}: cannot read (${code(e)})`);
  }
  if (!before.isFile()) throw new InputError(`${file}: is ${kindOf(before)}, expected a regular file`);
  let fd: number;
  try {
    // O_NONBLOCK: should the path have been swapped for a FIFO since the stat, opening it does not wait for a writer
    fd = fs.openSync(target, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    throw new InputError(`${file}: cannot read (${code(e)})`);
  }
  try {
    const opened = fs.fstatSync(fd);
    if (!opened.isFile()) throw new InputError(`${file}: is ${kindOf(opened)}, expected a regular file`);
    const budget = rule.budget;
    const left = budget ? budget.limit - budget.used : Infinity;
    const cap = Math.min(MAX_INPUT_BYTES, left);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, cap + 1 - total));
      let n: number;
      try {
        n = fs.readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw new InputError(`${file}: cannot read (${code(e)})`);
      }
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
      if (total > cap) {
        if (budget !== undefined && cap < MAX_INPUT_BYTES) {
          throw new InputError(
            `${file}: the inputs of this run pass the ${budget.limit / MIB} MiB limit for all files together (${budget.used} bytes before this file); validate fewer files at a time`,
          );
        }
        throw new InputError(`${file}: larger than the ${MAX_INPUT_BYTES / MIB} MiB input limit; refused before parsing (split the set into smaller files)`);
      }
    }
    if (budget) budget.used += total;
    return Buffer.concat(chunks, total);
  } finally {
    fs.closeSync(fd);
  }
}

/** The text (UTF-8) of a regular file under the same rule as readBytes. */
export function readTextSafe(file: string, rule: ReadRule = {}): string {
  return readBytes(file, rule).toString('utf8');
}

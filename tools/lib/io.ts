// File I/O for the commands: reading JSON input with one-line errors (under
// the read rule of safe-read.ts), and atomic writes (temp file in the same
// folder, fsync, rename) so an interrupted run leaves the previous file intact.
// A write never goes through a symbolic link nor replaces anything but a
// regular file: a link on any folder of the target's path (below the current
// directory, or from the root for a path outside it), or a link, FIFO or
// device at the target itself, is refused before anything is created.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from './errors.ts';
import { readTextSafe, type ReadRule } from './safe-read.ts';
import { at } from './at.ts';

export { MAX_INPUT_BYTES } from './safe-read.ts';

export function readText(file: string, rule: ReadRule = {}): string {
  return readTextSafe(file, rule);
}

export function readJson(file: string, rule: ReadRule = {}): unknown {
  return parseJson(file, readText(file, rule));
}

/** Line and column (both from 1) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: end - start + 1 };
}

/**
 * Where JSON.parse failed, when its message gives no position: the shortest
 * prefix that fails for another reason than ending early (a binary search,
 * run only on a file that does not parse).
 */
function failureOffset(text: string): number {
  const failsInside = (n: number) => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (e) {
      const message = (e as Error).message;
      if (/Unexpected end of JSON input/.test(message)) return false;
      const at = /at position (\d+)/.exec(message)?.[1];
      return at === undefined || Number(at) < n;
    }
  };
  if (!failsInside(text.length)) return text.length;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (failsInside(mid)) hi = mid;
    else lo = mid + 1;
  }
  return Math.max(0, lo - 1);
}

/** The deepest nesting of arrays and objects a document may have (proofpack's own go about 8 deep). */
export const MAX_JSON_DEPTH = 100;

/**
 * The nesting depth of a JSON text, counted in one pass over its brackets
 * outside strings, stopping past `limit`: checked before parsing, so that no
 * later recursive step (schema checks, stable stringify) can run out of stack.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

export function parseJson(file: string, text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new InputError(`${file}: not valid JSON for proofpack (nested more than ${MAX_JSON_DEPTH} deep); refused before parsing`);
  try {
    return JSON.parse(text);
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(`${file}: not valid JSON (nested too deeply)`);
    // V8 quotes a piece of the text after the position; keep only what went wrong, and say where as line and column
    const message = (e as Error).message;
    const pos = /at position (\d+)/.exec(message)?.[1];
    const head = at(message.split(/, "|\n| \(/), 0)
      .replace(/ in JSON at position \d+.*$/, '')
      .replace(/ at position \d+.*$/, '')
      .trim();
    const offset = pos !== undefined ? Number(pos) : /Unexpected end of JSON input/.test(message) ? text.length : failureOffset(text);
    const { line, column } = lineColumn(text, offset);
    throw new InputError(`${file}: not valid JSON at line ${line}, column ${column} (${head})`);
  }
}

let tmpCounter = 0;

/** What a non-regular entry is, in words. */
function entryKind(st: fs.Stats): string {
  return st.isSymbolicLink()
    ? 'a symbolic link'
    : st.isDirectory()
      ? 'a directory'
      : st.isFIFO()
        ? 'a FIFO (named pipe)'
        : st.isCharacterDevice() || st.isBlockDevice()
          ? 'a device'
          : 'not a regular file';
}

/**
 * The first symbolic link on the way to `target` (the target itself
 * included), as the path to it, or undefined. The folders checked are those
 * below the current directory when `target` is inside it (the checkout the
 * run was started in: every entry there may be a pull request's), else every
 * folder from the root. A folder that does not exist yet ends the walk.
 */
export function linkOnPath(target: string): { link: string; to: string } | undefined {
  const abs = path.resolve(target);
  const cwd = path.resolve('.');
  const rel = path.relative(cwd, abs);
  const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  let at = inside ? cwd : path.parse(abs).root;
  const parts = (inside ? rel : path.relative(at, abs)).split(path.sep).filter((s) => s !== '' && s !== '.');
  for (const part of parts) {
    at = path.join(at, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(at);
    } catch {
      return undefined;
    }
    if (st.isSymbolicLink()) {
      let to = '?';
      try {
        to = fs.readlinkSync(at);
      } catch {
        // unreadable link: named without its target
      }
      return { link: path.relative(cwd, at) || at, to };
    }
  }
  return undefined;
}

/** The refusal of a link on the way to an output, naming the link and what to do. */
export function linkRefusal(what: string, found: { link: string; to: string }): string {
  return `${what}: ${found.link} is a symbolic link (to ${found.to}); proofpack never writes or deletes through a link: replace it with a real folder or file (or remove it) and run again`;
}

/**
 * The first symbolic link, FIFO, device or socket at or below `folder`
 * (lstat only: nothing is followed), as a refusal line, or undefined.
 */
export function nonRegularBelow(folder: string, what: string): string | undefined {
  const walk = (dir: string): string | undefined => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        const below = walk(p);
        if (below) return below;
      } else if (e.isSymbolicLink()) {
        let to = '?';
        try {
          to = fs.readlinkSync(p);
        } catch {
          // named without its target
        }
        return linkRefusal(what, { link: p, to });
      } else if (!e.isFile()) {
        return `${what}: ${p} is ${entryKind(fs.lstatSync(p))}; proofpack keeps only regular files and folders there: remove it and run again`;
      }
    }
    return undefined;
  };
  let st: fs.Stats;
  try {
    st = fs.lstatSync(folder);
  } catch {
    return undefined;
  }
  return st.isDirectory() ? walk(folder) : undefined;
}

/**
 * Copy a tree of regular files and folders from `from` to `to` (which must
 * not exist): links are never copied as links nor followed (refused, like any
 * entry that is not a file or folder), files are created new (never through
 * anything already there).
 */
export function copyRealTree(from: string, to: string): void {
  const st = fs.lstatSync(from);
  if (st.isDirectory()) {
    fs.mkdirSync(to);
    for (const name of fs.readdirSync(from).sort()) copyRealTree(path.join(from, name), path.join(to, name));
  } else if (st.isFile()) {
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  } else {
    throw new InputError(`${from}: is ${entryKind(st)}; proofpack copies only regular files and folders (remove it and run again)`);
  }
}

/**
 * The nearest existing path at or above `folder`, when it is not a folder: a
 * file in the way, so `folder` cannot be made (or written in); else undefined.
 */
export function fileOnTheWay(folder: string): string | undefined {
  let at = folder;
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return fs.existsSync(at) && !fs.statSync(at).isDirectory() ? at : undefined;
}

/**
 * Refuse a write target that is not a regular file or missing: a symbolic
 * link (the write would replace the link or, elsewhere, go through it), a FIFO,
 * a device, a socket or a directory; or a missing one below a file.
 */
export function checkWriteTarget(file: string): void {
  const link = linkOnPath(path.dirname(file));
  if (link) throw new InputError(linkRefusal(file, link));
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch {
    // not there yet: its folder must be one, or makeable
    const blocker = fileOnTheWay(path.dirname(file));
    if (blocker !== undefined) throw new InputError(`${file}: ${blocker} is not a folder, so ${file} cannot be written there (choose another output path)`);
    return;
  }
  if (st.isFile()) return;
  const what = entryKind(st);
  throw new InputError(`${file}: is ${what}; proofpack writes only regular files and never replaces anything else (choose another output path)`);
}

/** Create `file`, which must not exist yet (wx: never through an existing file or link), write `data` and sync it. */
export function writeNewFile(file: string, data: string | Uint8Array): void {
  const fd = fs.openSync(file, 'wx');
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Write `data` to `file` atomically: readers see the old file or the whole new one. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const dir = path.dirname(file);
  checkWriteTarget(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}-${tmpCounter++}`);
  try {
    writeNewFile(tmp, data);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw new InputError(`${file}: cannot write (${errCode(e)})`);
  }
}

function errCode(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code ?? err.message;
}

// File I/O for the commands: reading JSON input with one-line errors (under
// the read rule of safe-read.ts), and atomic writes (temp file in the same
// folder, fsync, rename) so an interrupted run leaves the previous file intact.
// A write never goes through a symbolic link nor replaces anything but a
// regular file: a link, FIFO or device at the target is refused.
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

export function parseJson(file: string, text: string): unknown {
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

/**
 * Refuse a write target that is not a regular file or missing: a symbolic
 * link (the write would replace the link or, elsewhere, go through it), a FIFO,
 * a device, a socket or a directory.
 */
export function checkWriteTarget(file: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch {
    return; // not there yet
  }
  if (st.isFile()) return;
  const what = st.isSymbolicLink()
    ? 'a symbolic link'
    : st.isDirectory()
      ? 'a directory'
      : st.isFIFO()
        ? 'a FIFO (named pipe)'
        : st.isCharacterDevice() || st.isBlockDevice()
          ? 'a device'
          : 'not a regular file';
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
  fs.mkdirSync(dir, { recursive: true });
  checkWriteTarget(file);
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

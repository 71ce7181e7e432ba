// File I/O for the commands: reading JSON input with one-line errors, and
// atomic writes (temp file in the same folder, fsync, rename) so an interrupted
// run leaves the previous file intact.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputError } from './errors.ts';

/** Inputs larger than this are refused rather than read into memory. */
const MAX_INPUT_BYTES = 512 * 1024 * 1024;

export function readText(file: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    throw new InputError(`${file}: cannot read (${errCode(e)})`);
  }
  if (stat.isDirectory()) throw new InputError(`${file}: is a directory, expected a file`);
  if (stat.size > MAX_INPUT_BYTES) throw new InputError(`${file}: ${stat.size} bytes is larger than the ${MAX_INPUT_BYTES}-byte input limit`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`${file}: cannot read (${errCode(e)})`);
  }
}

export function readJson(file: string): unknown {
  return parseJson(file, readText(file));
}

export function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    // V8 quotes a piece of the text after the position; keep only "... at position N"
    const message = (e as Error).message;
    const at = /at position \d+/.exec(message)?.[0];
    const head = message.split(/, "|\n| \(/)[0]!.trim();
    const why = e instanceof RangeError ? 'nested too deeply' : at && !head.includes(at) ? `${head} ${at}` : head;
    throw new InputError(`${file}: not valid JSON (${why})`);
  }
}

let tmpCounter = 0;

/** Write `data` to `file` atomically: readers see the old file or the whole new one. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}-${tmpCounter++}`);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
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

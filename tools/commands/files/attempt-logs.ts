// Reading attempt logs (JSON Lines, docs/players.md) as untrusted input:
// regular files only, opened without blocking, all logs of a run together
// under a size cap checked before any byte is parsed, each line at most
// MAX_LINE_BYTES, read in chunks (never one string for the file). Each line
// is checked with the AttemptRecord schema; a bad line is one line naming the
// file and line number, never its text. What is kept is columnar: interned
// level and player ids, solved, seconds, and the SHA-256 of each line's
// canonical form (stable JSON), from which a log's order-free digest is made.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { InputError } from '../../lib/errors.ts';
import { AttemptRecord } from '../../lib/formats.ts';
import { stableJson } from '../../lib/json.ts';
import { code } from '../../lib/safe-read.ts';
import { parseWith } from './issue-lines.ts';

const MIB = 1024 * 1024;
/** The longest line an attempt log may hold. */
export const MAX_LINE_BYTES = 64 * 1024;
/** The default cap on all the logs of one run together, in MiB (--max-log-mib raises it). */
export const LOG_MIB = 256;
/** The most --max-log-mib may say: what the columns and line digests of that many attempts need stays under 1 GiB of memory. */
export const MAX_LOG_MIB = 1024;

/**
 * Where a set's stored log name points: relative to the set file (an absolute
 * name is refused). Where it points is not limited: a log is read like any
 * input (a regular file, under the size cap) and no line of it is ever
 * printed by validate, so naming another file tells nothing of it.
 */
export function logPath(setFile: string, name: string): string {
  if (path.isAbsolute(name)) throw new InputError(`${setFile} › players.logs: ${name} is an absolute path; a set names its logs relative to itself`);
  return path.join(path.dirname(setFile), name);
}

/** A log as stored in a set's provenance: its name, its well-formed lines and their order-free digest. */
export interface LogDigest {
  file: string;
  attempts: number;
  sha256: string;
}

/** The attempts of every log read, column by column (attempt i across the arrays). */
export class AttemptColumns {
  /** Each distinct level id, in the order first seen. */
  readonly levelIds: string[] = [];
  /** Each distinct player id, in the order first seen. */
  readonly playerIds: string[] = [];
  private readonly levelIndex = new Map<string, number>();
  private readonly playerIndex = new Map<string, number>();
  level = new Int32Array(1024);
  player = new Int32Array(1024);
  solved = new Uint8Array(1024);
  seconds = new Float64Array(1024);
  /** The SHA-256 (hex) of each attempt's canonical line (canonicalLine); after each log is read, that log's are sorted (no longer in attempt order). */
  readonly lineHashes: string[] = [];
  length = 0;

  push(a: AttemptRecord, hash: string): void {
    if (this.length === this.level.length) this.grow();
    const n = this.length++;
    this.level[n] = intern(a.level, this.levelIds, this.levelIndex);
    this.player[n] = intern(a.player, this.playerIds, this.playerIndex);
    this.solved[n] = a.solved ? 1 : 0;
    this.seconds[n] = a.seconds;
    this.lineHashes.push(hash);
  }

  private grow(): void {
    const size = this.level.length * 2;
    const level = new Int32Array(size);
    level.set(this.level);
    const player = new Int32Array(size);
    player.set(this.player);
    const solved = new Uint8Array(size);
    solved.set(this.solved);
    const seconds = new Float64Array(size);
    seconds.set(this.seconds);
    Object.assign(this, { level, player, solved, seconds });
  }
}

function intern(id: string, ids: string[], index: Map<string, number>): number {
  let i = index.get(id);
  if (i === undefined) {
    i = ids.length;
    ids.push(id);
    index.set(id, i);
  }
  return i;
}

/**
 * An attempt's canonical line: stable JSON (keys sorted, no spaces; what
 * stableJson writes), built directly for the flat record a log line is.
 */
export function canonicalLine(a: Record<string, unknown>): string {
  let out = '';
  for (const key of Object.keys(a).sort()) {
    const v = a[key];
    if (v === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${typeof v === 'object' && v !== null ? stableJson(v) : JSON.stringify(v)}`;
  }
  return `{${out}}`;
}

/** The order-free digest of line digests: SHA-256 over them sorted, each followed by a newline (sorts `hashes` in place). */
export function digestOf(hashes: string[]): string {
  hashes.sort();
  const h = createHash('sha256');
  for (const line of hashes) h.update(`${line}\n`);
  return h.digest('hex');
}

/** How logs are read: the cap on them together, whether a bad line is skipped, a stop signal, progress. */
export interface LogReading {
  maxMib?: number;
  skipMalformed?: boolean;
  signal?: AbortSignal;
  /** Bytes read so far, after each chunk. */
  onBytes?: (done: number, total: number) => void;
  /** One line a bad log line (file and line number). */
  onProblem: (line: string) => void;
  /** Name the field that is wrong but never show a value of the line (validate: the log may be any file). */
  withoutValues?: boolean;
}

/** What reading the logs gave: the columns, each log's digest, and how many bad lines were skipped. */
export interface ReadLogs {
  columns: AttemptColumns;
  logs: LogDigest[];
  skipped: number;
}

/** A regular file opened without blocking, and its size; an InputError naming it otherwise. */
function openLog(file: string): { fd: number; size: number } {
  let fd: number;
  try {
    if (!fs.statSync(file).isFile()) throw new InputError(`${file}: not a regular file; an attempt log is a JSON Lines file`);
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${file}: cannot read the attempt log (${code(e)})`);
  }
  const st = fs.fstatSync(fd);
  if (!st.isFile()) {
    fs.closeSync(fd);
    throw new InputError(`${file}: not a regular file; an attempt log is a JSON Lines file`);
  }
  return { fd, size: st.size };
}

/**
 * Read `files` (each with the name reports use) into one set of columns, in
 * the order given. The sizes are checked together before any parsing; a bad
 * line is reported and, unless skipMalformed, ends the reading with an
 * InputError counting them once the file is read.
 */
export async function readAttemptLogs(files: readonly { path: string; name: string }[], how: LogReading): Promise<ReadLogs> {
  const maxMib = how.maxMib ?? LOG_MIB;
  const opened: { fd: number; size: number; path: string; name: string }[] = [];
  try {
    for (const f of files) opened.push({ ...openLog(f.path), ...f });
    const total = opened.reduce((s, o) => s + o.size, 0);
    if (total > maxMib * MIB)
      throw new InputError(
        `${opened.map((o) => o.path).join(', ')}: ${total} bytes of attempt logs, over the cap of ${maxMib} MiB; nothing read (raise it with --max-log-mib N, at most ${MAX_LOG_MIB}, or fit fewer logs)`,
      );
    const columns = new AttemptColumns();
    const logs: LogDigest[] = [];
    let skipped = 0;
    let done = 0;
    for (const o of opened) {
      const first = columns.length;
      const bad = await readLines(
        o,
        maxMib * MIB - done,
        (text, lineNo) => {
          const where = `${o.path}:${lineNo}`;
          let raw: unknown;
          try {
            raw = JSON.parse(text);
          } catch {
            return `${where}: not a JSON value (an attempt log holds one JSON object a line)`;
          }
          const quick = AttemptRecord.safeParse(raw);
          if (quick.success) {
            columns.push(quick.data, createHash('sha256').update(canonicalLine(quick.data)).digest('hex'));
            return null;
          }
          if (how.withoutValues) return `${where}: not an attempt (${quick.error.issues[0]?.path.join('.') || 'the line'})`;
          const parsed = parseWith(where, raw, AttemptRecord);
          return 'lines' in parsed ? `${parsed.lines[0]}` : `${where}: not an attempt`;
        },
        how,
        (n) => {
          done += n;
          how.onBytes?.(done, total);
        },
      );
      if (bad > 0 && !how.skipMalformed)
        throw new InputError(`${o.path}: ${bad} malformed line${bad > 1 ? 's' : ''}, nothing fitted (--skip-malformed fits the others)`);
      skipped += bad;
      // this log's line digests sorted in place: the digest of all logs then sorts runs already in order
      const mine = columns.lineHashes.slice(first);
      const sha256 = digestOf(mine);
      for (let i = 0; i < mine.length; i++) columns.lineHashes[first + i] = mine[i] as string;
      logs.push({ file: o.name, attempts: columns.length - first, sha256 });
    }
    return { columns, logs, skipped };
  } finally {
    for (const o of opened) fs.closeSync(o.fd);
  }
}

/**
 * Each non-blank line of an open log handed to `line` (its text and 1-based
 * number); `line` returns a problem or null. Stops at `cap` bytes whatever
 * the file grows to. Yields to the event loop between chunks, so a stop
 * signal is answered. Returns how many lines had a problem.
 */
async function readLines(
  o: { fd: number; path: string },
  cap: number,
  line: (text: string, lineNo: number) => string | null,
  how: LogReading,
  onBytes: (n: number) => void,
): Promise<number> {
  const chunk = Buffer.allocUnsafe(MIB);
  let carry: Buffer = Buffer.alloc(0);
  let lineNo = 0;
  let bad = 0;
  let read = 0;
  const take = (bytes: Buffer) => {
    lineNo++;
    const text = bytes.toString('utf8').trim();
    if (text === '') return;
    const problem =
      bytes.length > MAX_LINE_BYTES ? `${o.path}:${lineNo}: a line of ${bytes.length} bytes, over the ${MAX_LINE_BYTES}-byte limit` : line(text, lineNo);
    if (problem !== null) {
      bad++;
      how.onProblem(problem);
    }
  };
  for (;;) {
    if (how.signal?.aborted) throw how.signal.reason;
    let n: number;
    try {
      n = fs.readSync(o.fd, chunk, 0, chunk.length, null);
    } catch (e) {
      throw new InputError(`${o.path}: cannot read the attempt log (${code(e)})`);
    }
    if (n === 0) break;
    read += n;
    if (read > cap) throw new InputError(`${o.path}: grew past the cap on attempt logs while being read; nothing fitted`);
    let data = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
    let start = 0;
    for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
      take(data.subarray(start, nl));
      start = nl + 1;
    }
    data = data.subarray(start);
    // a line that passes the limit is named once, not kept growing
    carry = data.length > MAX_LINE_BYTES + 1 ? Buffer.from(data.subarray(0, MAX_LINE_BYTES + 1)) : Buffer.from(data);
    onBytes(n);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (carry.length) take(carry);
  return bad;
}

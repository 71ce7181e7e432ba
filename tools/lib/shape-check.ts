// Shape checks without a schema library, for the game client's reading of a
// pack (each kind's face, tools/kinds/<kind>/face.ts, writes its level check
// with these): small combinators that return the first problem as
// ".field[i]: what is wrong", or null. No dependency, no Node-only import.
import { at } from './at.ts';
import { isBase64 } from './bytes.ts';

export type Check = (v: unknown, at: string) => string | null;

export const int =
  (lo: number, hi: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi ? null : `expected a whole number ${lo}..${hi}, found ${show(v)}`;
export const str =
  (re: RegExp, what: string): Check =>
  (v) =>
    typeof v === 'string' && re.test(v) ? null : `expected ${what}, found ${show(v)}`;
export const oneOf =
  (...checks: Check[]): Check =>
  (v, at) => {
    let first: string | null = null;
    for (const c of checks) {
      const e = c(v, at);
      if (e === null) return null;
      first ??= e;
    }
    return first;
  };
export const unknownOr = (c: Check): Check => oneOf(c, (v) => (v === 'unknown' ? null : 'expected "unknown"'));
export const arr =
  (item: Check, min: number, max: number): Check =>
  (v, at) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return `expected a list of ${min}..${max} items, found ${show(v)}`;
    for (let i = 0; i < v.length; i++) {
      const e = item(v[i], `${at}[${i}]`);
      if (e !== null) return nest(`[${i}]`, e);
    }
    return null;
  };
export const tuple =
  (...items: Check[]): Check =>
  (v, where) => {
    if (!Array.isArray(v) || v.length !== items.length) return `expected ${items.length} items, found ${show(v)}`;
    for (let i = 0; i < items.length; i++) {
      const e = at(items, i)(v[i], `${where}[${i}]`);
      if (e !== null) return nest(`[${i}]`, e);
    }
    return null;
  };
/** An object with at least these fields (others are let through: the client does not read them). */
export const obj =
  (fields: Record<string, Check>): Check =>
  (v, at) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return `expected an object, found ${show(v)}`;
    for (const [k, c] of Object.entries(fields)) {
      const e = c((v as Record<string, unknown>)[k], `${at}.${k}`);
      if (e !== null) return nest(`.${k}`, e);
    }
    return null;
  };

/** A problem found under `step` (".field" or "[i]"): its path grows, its message stays. */
export const nest = (step: string, e: string): string => (e.startsWith('.') || e.startsWith('[') ? `${step}${e}` : `${step}: ${e}`);

/**
 * A value as a message shows it: its JSON, cut to 40 characters ("..." at the
 * end). Only the characters shown are written: a hostile value of megabytes,
 * or nested 100,000 deep (where JSON.stringify overflows the stack), costs
 * a few dozen steps, and the text is the same as JSON.stringify's cut.
 */
export function show(v: unknown): string {
  if (v === undefined) return 'undefined';
  const out = { text: '' };
  writeShort(v, out);
  return out.text.length > 40 ? `${out.text.slice(0, 37)}...` : out.text;
}

/** JSON of `v` appended to `out.text` until it is past 41 characters. */
function writeShort(v: unknown, out: { text: string }): void {
  const full = () => out.text.length > 41;
  const value = (x: unknown) => (x === undefined || typeof x === 'function' || typeof x === 'symbol' ? null : x);
  if (Array.isArray(v)) {
    out.text += '[';
    for (let i = 0; i < v.length && !full(); i++) {
      if (i > 0) out.text += ',';
      writeShort(value(v[i]), out);
    }
    if (!full()) out.text += ']';
  } else if (v !== null && typeof v === 'object') {
    out.text += '{';
    let first = true;
    for (const k in v) {
      if (full()) break;
      const x = (v as Record<string, unknown>)[k];
      if (!Object.hasOwn(v, k) || value(x) === null) continue;
      out.text += `${first ? '' : ','}${JSON.stringify(k.slice(0, 42))}:`;
      first = false;
      writeShort(x, out);
    }
    if (!full()) out.text += '}';
  } else if (typeof v === 'string') out.text += JSON.stringify(v.slice(0, 42));
  else out.text += JSON.stringify(v) ?? String(v);
}

/** Unpadded base64 of at most `maxChars` characters, exactly as lib/bytes.ts writes and reads it (no `=`); the length is checked first, so the check is linear and bounded. */
export const base64 =
  (maxChars: number): Check =>
  (v) =>
    typeof v !== 'string'
      ? `expected base64 (A-Z a-z 0-9 + /, no padding), found ${show(v)}`
      : v.length > maxChars
        ? `expected base64 of at most ${maxChars} characters, found ${v.length} characters`
        : isBase64(v)
          ? null
          : `expected base64 (A-Z a-z 0-9 + /, no padding, length mod 4 not 1), found ${show(v)}`;

/** The first problem of decoding `v` with `decode` (which throws on bad bytes), as a check. */
export const decodes =
  (decode: (v: string) => unknown): Check =>
  (v) => {
    try {
      decode(v as string);
      return null;
    } catch (e) {
      return `does not decode (${(e as Error).message})`;
    }
  };

/** A kind's rule problem (lib/kind.ts `Problem`: field, stored, expected) as a check's ".field: what is wrong". */
export function ruleProblem(p: { field: string; stored: unknown; expected: unknown }): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : show(v));
  return `.${p.field}: found ${text(p.stored)}, expected ${text(p.expected)}`;
}

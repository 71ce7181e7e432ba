// No function in tools/commands/ is longer than LIMIT lines (issue 51: a command
// is a short driver over parts of one idea each). Lengths are counted by a small
// tokenizer written here (TypeScript 7's native compiler has no JS API to parse
// with): strings, template literals, regular expressions and comments are
// skipped, brackets matched, and a `{` is a function's body when it follows
// `=>`, or a parameter list (with an optional return type on the same line)
// that follows a name, `function`, `*` or `>` but not `if`, `for`, `while`,
// `switch`, `catch` or `with`. A function's length runs from the line of its
// name (or first parameter) to the line of its closing brace, nested functions
// included. No file is skipped (SKIPPED, each with why, when one must be), and
// no function is let past the limit (LONG, each with why, when one must be).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The most lines a function of tools/commands/ may have. */
const LIMIT = 80;
/** Files left out of the count, each with why. */
const SKIPPED: Record<string, string> = {};
/**
 * Functions allowed past LIMIT for now, by `file name`, each with why. Each must still be
 * over it (a stale entry fails): drop the entry when its function is split.
 */
const LONG: Record<string, string> = {};

interface Token {
  /** `id` (identifier, keyword or number), `str` (a string, template or regular expression), or the punctuator itself. */
  t: string;
  text: string;
  line: number;
}

const PUNCT = ['=>', '...', '?.', '??=', '||=', '&&=', '===', '!==', '**=', '<<=', '>>>=', '>>='];
/** After these a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

/** The tokens of a TypeScript text, comments dropped; a template literal is one token (its `${…}` code is tokenized too). */
function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  // one entry per open `{`: whether it opened a template's `${`
  const braces: boolean[] = [];
  const push = (t: string, text: string, at: number) => out.push({ t, text, line: at });
  const count = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (src[k] === '\n') line++;
  };
  /** Scan template text from i (just after ` or }) to its end or its next `${`. */
  const template = () => {
    const start = i;
    const at = line;
    while (i < src.length && src[i] !== '`' && !(src[i] === '$' && src[i + 1] === '{')) i += src[i] === '\\' ? 2 : 1;
    count(start, i);
    if (src[i] === '`') {
      i++;
      push('str', src.slice(start, i), at);
    } else {
      i += 2;
      braces.push(true);
      push('str', src.slice(start, i), at);
    }
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === '/' && src[i + 1] === '/') while (i < src.length && src[i] !== '\n') i++;
    else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      count(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      const start = i++;
      while (i < src.length && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      push('str', src.slice(start, i), line);
    } else if (c === '`') {
      i++;
      template();
    } else if (c === '/' && regexAllowed(out.at(-1))) {
      const start = i++;
      let inClass = false;
      while (i < src.length && src[i] !== '\n' && (inClass || src[i] !== '/')) {
        if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i += src[i] === '\\' ? 2 : 1;
      }
      i++;
      while (/[a-z]/.test(src[i] ?? '')) i++;
      push('str', src.slice(start, i), line);
    } else if (/[\w$]/.test(c)) {
      const start = i;
      while (i < src.length && /[\w$]/.test(src[i] as string)) i++;
      push('id', src.slice(start, i), line);
    } else if (c === '{') {
      braces.push(false);
      push('{', c, line);
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop()) template();
      else push('}', c, line);
    } else {
      const p = PUNCT.find((q) => src.startsWith(q, i)) ?? c;
      push(p, p, line);
      i += p.length;
    }
  }
  return out;
}

/** Whether a `/` after this token starts a regular expression. */
function regexAllowed(prev: Token | undefined): boolean {
  if (!prev) return true;
  if (prev.t === 'id') return BEFORE_REGEX.has(prev.text);
  return prev.t !== ')' && prev.t !== ']' && prev.t !== 'str';
}

/** For each bracket token, the index of its partner. */
function partners(tokens: Token[]): Map<number, number> {
  const match = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((tok, k) => {
    if (tok.t === '(' || tok.t === '[' || tok.t === '{') open.push(k);
    else if (tok.t === ')' || tok.t === ']' || tok.t === '}') {
      const o = open.pop();
      if (o === undefined) return;
      match.set(o, k);
      match.set(k, o);
    }
  });
  return match;
}

const NOT_FUNCTIONS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'await']);

/** A function found: its name (as near as the tokens tell), first line and length in lines. */
interface Span {
  name: string;
  line: number;
  lines: number;
}

/** Every function body of a TypeScript text: declarations, methods, function expressions and arrows with a block body. */
function functionSpans(src: string): Span[] {
  const tokens = tokenize(src);
  const match = partners(tokens);
  const spans: Span[] = [];
  const tok = (k: number) => tokens[k];
  tokens.forEach((open, k) => {
    if (open.t !== '{') return;
    const close = match.get(k);
    if (close === undefined) return;
    const head = functionHead(tokens, match, k);
    if (!head) return;
    spans.push({ name: head.name, line: tok(head.start)!.line, lines: tok(close)!.line - tok(head.start)!.line + 1 });
  });
  return spans;
}

/** Where the function whose body opens at `k` starts, and its name; undefined when the `{` opens no function body. */
function functionHead(tokens: Token[], match: Map<number, number>, k: number): { start: number; name: string } | undefined {
  const prev = tokens[k - 1];
  if (!prev) return undefined;
  if (prev.t === '=>') {
    // the arrow's parameters: `(…)` with an optional return type, or one name
    const close = paramsClose(tokens, match, k - 2);
    const start = close !== undefined ? (match.get(close) as number) : k - 2;
    return { start, name: arrowName(tokens, match, start) };
  }
  const close = paramsClose(tokens, match, k - 1);
  if (close === undefined) return undefined;
  const q = match.get(close) as number;
  // type parameters: `name<T>(`
  let n = q - 1;
  if (tokens[n]?.t === '>') {
    for (let depth = 0; n >= 0; n--) {
      if (tokens[n]!.t === '>') depth++;
      else if (tokens[n]!.t === '<' && --depth === 0) break;
    }
    n--;
  }
  const before = tokens[n];
  if (!before) return undefined;
  if (before.t === 'id' && NOT_FUNCTIONS.has(before.text)) return undefined;
  if (before.t === 'id' && before.text !== 'function') return { start: n, name: before.text };
  if (before.t === 'id' || before.t === '*') return { start: n, name: arrowName(tokens, match, n) };
  return undefined;
}

/** The `)` of a parameter list ending at `p`, or followed there by `: ReturnType` written on one line; undefined when there is none. */
function paramsClose(tokens: Token[], match: Map<number, number>, p: number): number | undefined {
  const line = tokens[p]?.line;
  if (tokens[p]?.t === ')') return match.has(p) ? p : undefined;
  // a body follows the end of a type (`): T {`); `): {`, `<A, {` and the like open an object type
  if (!['id', 'str', '>', ']', '}'].includes(tokens[p]?.t ?? '')) return undefined;
  while (p >= 0 && tokens[p]!.line === line && tokens[p]!.t !== ':') {
    const t = tokens[p]!.t;
    if (t === '}' || t === ')' || t === ']') p = (match.get(p) ?? 0) - 1;
    else if (t === '{' || t === '(' || t === '[' || t === ';' || t === '=') return undefined;
    else p--;
  }
  return tokens[p]?.t === ':' && tokens[p - 1]?.t === ')' && match.has(p - 1) ? p - 1 : undefined;
}

/** The name a function expression or arrow starting at `start` is given: `const x =`, `x:`, or `callee(…)`'s callback. */
function arrowName(tokens: Token[], match: Map<number, number>, start: number): string {
  let p = start - 1;
  while (tokens[p]?.t === 'id' && (tokens[p]!.text === 'async' || tokens[p]!.text === 'function')) p--;
  const t = tokens[p];
  if ((t?.t === '=' || t?.t === ':') && tokens[p - 1]?.t === 'id') return tokens[p - 1]!.text;
  // an argument of a call: the callee's name
  for (let q = p; q >= 0; q--) {
    const u = tokens[q]!.t;
    if (u === ')' || u === ']' || u === '}') q = match.get(q) ?? q;
    else if (u === '(') return tokens[q - 1]?.t === 'id' ? `${tokens[q - 1]!.text}(…) callback` : 'anonymous';
    else if (u === '{' || u === '[' || u === ';') break;
  }
  return 'anonymous';
}

/** Every .ts file under tools/commands/, project-relative with /, the skipped ones left out. */
function commandFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'tools', 'commands'), { recursive: true, encoding: 'utf8' })
    .map((f) => `tools/commands/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.ts') && !Object.keys(SKIPPED).some((s) => f === s || (s.endsWith('/') && f.startsWith(s))))
    .sort();
}

describe('function lengths in tools/commands/', () => {
  it(`no function is longer than ${LIMIT} lines`, () => {
    const files = commandFiles();
    expect(files.length).toBeGreaterThan(50);
    const over = files.flatMap((f) =>
      functionSpans(fs.readFileSync(path.join(ROOT, f), 'utf8'))
        .filter((s) => s.lines > LIMIT)
        .map((s) => ({ key: `${f} ${s.name}`, line: `${f}:${s.line} ${s.name}: ${s.lines} lines` })),
    );
    expect(over.filter((o) => !(o.key in LONG)).map((o) => o.line)).toEqual([]);
    // an exception whose function is split (or gone) is dropped from LONG
    expect(Object.keys(LONG).filter((k) => !over.some((o) => o.key === k))).toEqual([]);
  });

  it('skips only files that exist, each with its reason', () => {
    expect(Object.keys(SKIPPED).filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
    expect([...Object.values(SKIPPED), ...Object.values(LONG)].every((why) => why.length > 10)).toBe(true);
  });

  it('measures declarations, methods, arrows and callbacks, and not blocks, strings, comments or regular expressions', () => {
    const src = [
      'export async function plan(opts: O): Promise<Map<string, { a: number }>> {', // 1
      "  const s = '{ not a brace'; // {",
      '  const re = /[{(]/g; /* { */',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the text under test
      '  const t = `x ${`${1}`} {`;',
      '  if (s) {',
      '    for (const x of y) { z(); }',
      '  }',
      '  const inner = (a: number): number => {', // 8
      '    return a / 2;',
      '  };',
      '  program.action(async (o) => {', // 11
      '    run(o);',
      '  });',
      '  return { a: 1 };',
      '}', // 15
      'class K {',
      '  get size(): number {', // 17
      '    return 1;',
      '  }',
      '  method<T>(',
      '    x: T,',
      '  ): { x: T } {', // 22
      '    return { x };',
      '  }',
      '}',
      'const f = function () {', // 26
      '};',
      'function scan(): { dir: string } {', // 28
      '  return { dir };',
      '}',
    ].join('\n');
    expect(functionSpans(src).map((s) => `${s.name}@${s.line}:${s.lines}`)).toEqual([
      'plan@1:15',
      'inner@8:3',
      'action(…) callback@11:3',
      'size@17:3',
      'method@20:5',
      'f@26:2',
      'scan@28:3',
    ]);
  });
});

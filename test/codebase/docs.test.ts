// The docs tell the truth about the CLI and the tree: every `proofpack <command>`
// line in README.md, docs/*.md and the kinds' design notes (tools/kinds/<kind>/DESIGN.md,
// each linked from its kind's page and back) names a real command and only options that
// command's --help lists; every option docs/cli.md should cover is in its
// synopsis; every relative link (and #anchor) and every repository path in
// inline code exists; nothing points outside the repository.
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../tools/cli.ts';
import type { Io } from '../../tools/lib/console.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Doc {
  file: string;
  text: string;
}

function readDocs(): Doc[] {
  const docsDir = path.join(ROOT, 'docs');
  const files = [
    'README.md',
    ...fs
      .readdirSync(docsDir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => path.join('docs', f)),
  ];
  return [...files, ...designNotes()].map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
}

/** Each built-in kind's design notes, beside its code: tools/kinds/<kind>/DESIGN.md. */
function designNotes(): string[] {
  const kinds = path.join(ROOT, 'tools', 'kinds');
  return fs
    .readdirSync(kinds, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(kinds, d.name, 'DESIGN.md')))
    .map((d) => path.join('tools', 'kinds', d.name, 'DESIGN.md'))
    .sort();
}

async function helpText(args: string[]): Promise<string> {
  let out = '';
  const append = (t: string) => {
    out += t;
  };
  const io: Io = { stdout: append, stderr: append, interactive: false };
  const code = await main(['node', 'proofpack', ...args, '--help'], io);
  if (code !== 0) throw new Error(`proofpack ${args.join(' ')} --help exited ${code}: ${out}`);
  return out;
}

/** command -> the options its --help lists (long names, without --help). */
type HelpIndex = Map<string, Set<string>>;

async function helpIndex(): Promise<HelpIndex> {
  const top = await helpText([]);
  const commands = [...top.split(/^Commands:$/m)[1]!.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
  const index: HelpIndex = new Map();
  for (const command of commands) {
    const text = await helpText([command]);
    const options = [...text.split(/^Options:$/m)[1]!.matchAll(/^ {2}(?:-[a-zA-Z], )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]!).filter((o) => o !== '--help');
    index.set(command, new Set(options));
  }
  return index;
}

/** Lines of fenced code blocks joined with their continuation lines (indented, starting with `[`). */
function codeLines(text: string): string[] {
  const lines: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) continue;
    if (/^\s+\[/.test(line) && lines.length > 0 && /\bproofpack\s/.test(lines[lines.length - 1]!)) lines[lines.length - 1] += ` ${line.trim()}`;
    else lines.push(line);
  }
  return lines;
}

/** Inline code spans outside fenced blocks. */
function inlineCode(text: string): string[] {
  const outside = text.replace(/^\s*```[\s\S]*?^\s*```/gm, '');
  return [...outside.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

interface CommandUse {
  command: string;
  options: string[];
  text: string;
}

/** Every `proofpack <command> ...` in code: the command and the --options up to a shell operator or comment. */
function commandUses(text: string): CommandUse[] {
  const uses: CommandUse[] = [];
  for (const chunk of [...codeLines(text), ...inlineCode(text)]) {
    for (const m of chunk.matchAll(/\bproofpack\s+([a-z][a-z-]*)([^\n]*)/g)) {
      // a `|` inside [...] separates alternatives; outside it is a shell pipe
      const rest = m[2]!.replace(/\[[^\]]*\]/g, (s) => s.replace(/\|/g, ' ')).split(/\s(?:>|\|\||\||;|&&|#)\s?|`/)[0]!;
      const options = [...rest.matchAll(/(?:^|[\s[|])(--[a-z][a-z-]*)/g)].map((o) => o[1]!);
      uses.push({ command: m[1]!, options, text: `proofpack ${m[1]}${rest}`.trim() });
    }
  }
  return uses;
}

/** What the docs name that --help does not know, one line each. */
function unknownUses(docs: Doc[], help: HelpIndex): string[] {
  const all = new Set([...help.values()].flatMap((s) => [...s]));
  const found: string[] = [];
  for (const doc of docs) {
    for (const use of commandUses(doc.text)) {
      const known = help.get(use.command);
      if (!known) {
        found.push(`${doc.file}: "${use.text}": no command ${use.command}`);
        continue;
      }
      for (const o of use.options) if (!known.has(o)) found.push(`${doc.file}: "${use.text}": ${use.command} has no ${o}`);
    }
    // an option named on its own (`--count N`) must exist in some command
    for (const code of inlineCode(doc.text)) {
      const m = /^(--[a-z][a-z-]*)\b/.exec(code);
      if (m && !all.has(m[1]!) && m[1] !== '--help' && m[1] !== '--version') found.push(`${doc.file}: \`${code}\`: no command has ${m[1]}`);
    }
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.replace(/^\s*```[\s\S]*?^\s*```/gm, '').matchAll(/^#{1,6}\s+(.+)$/gm)) {
    out.add(
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/`/g, '')
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return out;
}

/** Relative links that do not resolve to a file (and anchor) inside the repository. */
function brokenLinks(docs: Doc[], root = ROOT): string[] {
  const found: string[] = [];
  for (const doc of docs) {
    const outside = doc.text.replace(/^\s*```[\s\S]*?^\s*```/gm, '');
    for (const m of outside.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file === '' ? path.join(root, doc.file) : path.resolve(root, path.dirname(doc.file), file);
      if (!resolved.startsWith(root)) {
        found.push(`${doc.file}: (${target}) points outside the repository`);
        continue;
      }
      if (!fs.existsSync(resolved)) {
        found.push(`${doc.file}: (${target}) does not exist`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor))
        found.push(`${doc.file}: (${target}) has no heading #${anchor}`);
    }
  }
  return found;
}

/** Repository paths named in inline code (`tools/lib/io.ts`) that do not exist. Placeholders (<kind>, *) are skipped. */
function missingPaths(docs: Doc[], root = ROOT): string[] {
  const found: string[] = [];
  for (const doc of docs) {
    for (const code of inlineCode(doc.text)) {
      if (!/^(bin|docs|levels|dist|schema|test|tools)\/[\w./-]*$/.test(code)) continue;
      if (!fs.existsSync(path.join(root, code))) found.push(`${doc.file}: \`${code}\` does not exist`);
    }
  }
  return found;
}

/** References to files users of the repository do not have. */
function outsidePointers(docs: Doc[]): string[] {
  const found: string[] = [];
  for (const doc of docs) {
    doc.text.split('\n').forEach((line, i) => {
      if (/\.\.\/shared|SPEC\.md|SPEC\s*§|\bseeds\//.test(line)) found.push(`${doc.file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/**
 * The claims "every command (but X) takes `--opt`" (prose) and "# every command (but X): [--opt …]"
 * (a synopsis comment) that --help does not bear out: a command outside the exceptions that lacks
 * the option, or an exception that has it.
 */
function everyCommandClaims(docs: Doc[], help: HelpIndex): string[] {
  const found: string[] = [];
  for (const doc of docs) {
    const text = doc.text.replace(/\s+/g, ' ');
    for (const m of text.matchAll(/every command(?: but ([`a-z, -]+?))?(?: \([^)]*\))?(?: takes |: \[)`?(--[a-z][a-z-]*)/gi)) {
      const but = new Set(
        (m[1] ?? '')
          .split(/,|\band\b/)
          .map((c) => c.replace(/`/g, '').trim())
          .filter(Boolean),
      );
      for (const [command, options] of help) {
        if (but.has(command) === options.has(m[2]!)) found.push(`${doc.file}: "${m[0]}": ${command} ${options.has(m[2]!) ? 'has' : 'lacks'} ${m[2]}`);
      }
    }
  }
  return found;
}

describe('docs', () => {
  let help: HelpIndex;
  let docs: Doc[];
  beforeAll(async () => {
    help = await helpIndex();
    docs = readDocs();
  });

  it('reads the commands and options from --help', () => {
    expect([...help.keys()]).toEqual(expect.arrayContaining(['generate', 'curate', 'validate', 'bundle', 'pipeline']));
    expect([...help.get('generate')!]).toEqual(expect.arrayContaining(['--config', '--out', '--shard']));
  });

  it('names only commands and options that --help lists', () => {
    expect(docs.flatMap((d) => commandUses(d.text)).length).toBeGreaterThan(20);
    expect(unknownUses(docs, help)).toEqual([]);
  });

  it('catches a made-up option, a made-up command and a stray option', () => {
    const made = [
      { file: 'made-up.md', text: 'Run `proofpack generate ghost --colour red --out x.json`.\n```\nproofpack polish F\n```\n`--frobnicate` does it.\n' },
    ];
    expect(unknownUses(made, help)).toEqual([
      'made-up.md: "proofpack polish F": no command polish',
      'made-up.md: "proofpack generate ghost --colour red --out x.json": generate has no --colour',
      'made-up.md: `--frobnicate`: no command has --frobnicate',
    ]);
  });

  it('docs/cli.md has a section and a synopsis line with every option of every command', () => {
    const cli = docs.find((d) => d.file === path.join('docs', 'cli.md'))!;
    const synopsis = commandUses(cli.text.split(/^## /m)[1]!);
    const missing: string[] = [];
    for (const [command, options] of help) {
      if (!new RegExp(`^## ${command}$`, 'm').test(cli.text)) missing.push(`no section "## ${command}"`);
      const line = synopsis.find((u) => u.command === command);
      if (!line) missing.push(`no synopsis line for ${command}`);
      else for (const o of options) if (!line.options.includes(o)) missing.push(`synopsis of ${command} lacks ${o}`);
    }
    expect(missing).toEqual([]);
  });

  it('has relative links that resolve inside the repository, anchors included', () => {
    expect(brokenLinks(docs)).toEqual([]);
    expect(brokenLinks([{ file: 'README.md', text: 'see [x](docs/nowhere.md), [y](docs/cli.md#no-such-heading), [z](../shared/SPEC.md)' }])).toEqual([
      'README.md: (docs/nowhere.md) does not exist',
      'README.md: (docs/cli.md#no-such-heading) has no heading #no-such-heading',
      'README.md: (../shared/SPEC.md) points outside the repository',
    ]);
  });

  it('names repository paths that exist', () => {
    expect(missingPaths(docs)).toEqual([]);
    expect(missingPaths([{ file: 'x.md', text: 'in `tools/lib/nowhere.ts` and `levels/<kind>/standard.json`' }])).toEqual([
      'x.md: `tools/lib/nowhere.ts` does not exist',
    ]);
  });

  it('points to nothing outside the repository', () => {
    expect(outsidePointers(docs)).toEqual([]);
    expect(outsidePointers([{ file: 'x.md', text: 'as in SPEC §2' }])).toEqual(['x.md:1: as in SPEC §2']);
  });

  it('has a page for every kind generate knows, linked from the README', async () => {
    const kinds = /puzzle kind: ([a-z, ]+)/.exec(await helpText(['generate']))![1]!.split(', ');
    expect(kinds.length).toBeGreaterThan(0);
    const readme = docs.find((d) => d.file === 'README.md')!.text;
    expect(kinds.filter((k) => !fs.existsSync(path.join(ROOT, 'docs', `${k}.md`)) || !readme.includes(`(docs/${k}.md)`))).toEqual([]);
  });

  it('says "every command takes --X" only where --help bears it out', () => {
    expect(everyCommandClaims(docs, help)).toEqual([]);
    const made = [{ file: 'x.md', text: 'Every command takes `--config-dir DIR`.' }];
    expect(everyCommandClaims(made, help)).toEqual(['x.md: "Every command takes `--config-dir": init lacks --config-dir']);
  });

  it("docs/cli.md's list of the commands with --json is the one --help gives", () => {
    const cli = docs.find((d) => d.file === path.join('docs', 'cli.md'))!.text.replace(/\s+/g, ' ');
    const [has = '', none = ''] = /`--json` — print one machine-readable report[^(]*\(([a-z-, ]+); ([a-z-, ]+) have none\)/.exec(cli)!.slice(1);
    const names = (list: string) =>
      list
        .split(/, | and /)
        .map((c) => c.trim())
        .sort();
    const withJson = [...help]
      .filter(([, o]) => o.has('--json'))
      .map(([c]) => c)
      .sort();
    expect({ has: names(has), none: names(none) }).toEqual({ has: withJson, none: [...help.keys()].filter((c) => !withJson.includes(c)).sort() });
  });

  it("has each built-in kind's design notes beside its code, linked from the kind's page and back", () => {
    const kinds = fs
      .readdirSync(path.join(ROOT, 'tools', 'kinds'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(kinds.length).toBeGreaterThan(2);
    const missing = kinds.flatMap((k) => {
      const notes = path.join('tools', 'kinds', k, 'DESIGN.md');
      if (!fs.existsSync(path.join(ROOT, notes))) return [`${notes} is missing`];
      const out: string[] = [];
      if (!fs.readFileSync(path.join(ROOT, 'docs', `${k}.md`), 'utf8').includes(`(../tools/kinds/${k}/DESIGN.md`))
        out.push(`docs/${k}.md does not link ${notes}`);
      if (!fs.readFileSync(path.join(ROOT, notes), 'utf8').includes(`(../../../docs/${k}.md`)) out.push(`${notes} does not link docs/${k}.md`);
      return out;
    });
    expect(missing).toEqual([]);
  });

  it('keeps the README at most 200 lines', () => {
    expect(
      docs
        .find((d) => d.file === 'README.md')!
        .text.trimEnd()
        .split('\n').length,
    ).toBeLessThanOrEqual(200);
  });
});

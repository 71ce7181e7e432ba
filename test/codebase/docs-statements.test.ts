// What the docs say about the code, checked against the code: docs/architecture.md's
// import claims (nothing but the client imports the client; the shared code that
// looks the registry up is the list the page gives; every file that touches the
// file system is named on the page), docs/kind-contract.md's kind-name rule (the
// registry's KIND_NAME), the heavy-DP lock threshold (from HEAVY_GHOSTS on, as the
// code compares), the contract version as a number literal in every built-in kind,
// the Resources' memory, the files the steps of adding a kind edit, and the
// README's map of tools/commands/ and tools/preview/, and the SDK entries' export lists. Reads
// files and imports the two SDK entries: fast.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KIND_NAME } from '../../tools/lib/kind-name.ts';
import { HEAVY_GHOSTS } from '../../tools/kinds/ghost/limits.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** A doc's text with its lines joined (a sentence may wrap anywhere). */
const flat = (file: string) => read(file).replace(/\s+/g, ' ');
/** Whether a doc says `what` (a failure then names the file and what, not the whole page). */
const says = (file: string, what: string | RegExp) => (typeof what === 'string' ? flat(file).includes(what) : what.test(flat(file)));

/** Every .ts file under tools/ (project-relative, with /). */
function toolFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'tools'), { recursive: true, encoding: 'utf8' })
    .map((f) => `tools/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.ts') && !f.includes('/node_modules/'))
    .sort();
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** What a file imports: relative imports resolved to project paths, others as written. */
function importsOf(file: string): string[] {
  return [...read(file).matchAll(IMPORT)].map((m) => {
    const spec = (m[1] ?? m[2])!;
    return spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
  });
}

/** The text of a doc from a heading to the next heading of the same level. */
function section(file: string, heading: string): string {
  const text = read(file);
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file}: no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0];
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return (end < 0 ? rest : rest.slice(0, end)).replace(/\s+/g, ' ');
}

describe('docs/architecture.md and the imports', () => {
  it('nothing outside tools/client/ imports the client (the page says so; the CLI does not)', () => {
    const row = flat('docs/architecture.md');
    expect(row.includes('nothing else imports the client'), 'architecture.md: "nothing else imports the client"').toBe(true);
    expect(/the CLI may (also )?import the client/.test(row), 'architecture.md: "the CLI may import the client"').toBe(false);
    expect(toolFiles().filter((f) => !f.startsWith('tools/client/') && importsOf(f).some((i) => i.startsWith('tools/client/')))).toEqual([]);
  });

  it("the shared code that looks the registry up is the page's list, and nothing below the registry imports it", () => {
    const registry = 'tools/kinds/index.ts';
    const commandFolders = (f: string) => {
      const m = /^tools\/commands\/([^/]+)\//.exec(f);
      // a command's own folder (check-kind/ beside check-kind.ts) belongs to the command
      return m !== null && !fs.existsSync(path.join(ROOT, 'tools', 'commands', `${m[1]}.ts`));
    };
    const lookers = toolFiles().filter((f) => commandFolders(f) && importsOf(f).includes(registry));
    expect(lookers.length).toBeGreaterThan(0);
    const paragraph = /Kinds are handed down[\s\S]*?a test checks this list\)/.exec(flat('docs/architecture.md'))?.[0] ?? '';
    const named = new Set([...paragraph.matchAll(/`([a-z-]+\.ts)`/g)].map((m) => m[1]!));
    expect([...named].filter((n) => n !== 'index.ts').sort()).toEqual(lookers.map((f) => path.posix.basename(f)).sort());
    const below = toolFiles().filter((f) => /^tools\/(lib|sdk|preview)\//.test(f) || /^tools\/kinds\/[^/]+\//.test(f));
    expect(
      below.filter(
        (f) => importsOf(f).some((i) => /^tools\/kinds\/(index|list|load|kinds-config|faces|views)\.ts$/.test(i)) && !/^tools\/preview\/play-page\.ts$/.test(f),
      ),
    ).toEqual([]);
  });

  it('every file that imports node:fs is named in "Where files are read and written", or lies in a folder named there', () => {
    const text = section('docs/architecture.md', '## Where files are read and written');
    const names = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const folders = names.filter((n) => n.endsWith('/'));
    const touching = toolFiles().filter((f) => importsOf(f).some((i) => i === 'node:fs' || i === 'node:fs/promises'));
    expect(touching.length).toBeGreaterThan(5);
    const unnamed = touching.filter((f) => !names.some((n) => n === f || n === path.posix.basename(f)) && !folders.some((d) => f.startsWith(d)));
    expect(unnamed).toEqual([]);
  });
});

describe('docs/kind-contract.md and the code', () => {
  it('states the kind-name rule the registry holds (KIND_NAME), digits included', () => {
    const [rule] = /\*\*`name`\*\* — [^(]*\(`([^`]+)`/.exec(flat('docs/kind-contract.md'))!.slice(1);
    expect(rule).toBe(KIND_NAME.source);
    expect(says('docs/kind-contract.md', /the kind's name: lower case letters,/)).toBe(false);
  });

  it('says the heavy-DP lock is taken from HEAVY_GHOSTS on (the code compares with >=), never "past" it', () => {
    const docs = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)];
    expect(docs.filter((d) => /(past|more than|over) `?HEAVY_GHOSTS`?/.test(flat(d)))).toEqual([]);
    expect(says('docs/kind-contract.md', `from \`HEAVY_GHOSTS\` = ${HEAVY_GHOSTS} ghosts on`)).toBe(true);
    const ghost = toolFiles().filter((f) => f.startsWith('tools/kinds/ghost/'));
    expect(ghost.filter((f) => /\b\w+ >= HEAVY_GHOSTS\b/.test(read(f))).length).toBeGreaterThan(0);
    expect(ghost.filter((f) => /\b\w+ > HEAVY_GHOSTS\b|HEAVY_GHOSTS < \w+/.test(read(f)))).toEqual([]);
  });

  it('a built-in kind declares contractVersion as a number literal, as the guide says (the registry compares it with KIND_CONTRACT_VERSION)', () => {
    expect(says('docs/kind-contract.md', /never `KIND_CONTRACT_VERSION`/)).toBe(true);
    expect(read('tools/kinds/index.ts')).toMatch(/contractVersion !== KIND_CONTRACT_VERSION/);
    const kinds = fs.readdirSync(path.join(ROOT, 'tools', 'kinds'), { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(kinds.length).toBeGreaterThan(2);
    expect(kinds.map((d) => `tools/kinds/${d.name}/index.ts`).filter((f) => !/contractVersion: \d+,/.test(read(f)))).toEqual([]);
  });

  it("names the Resources' memory as the code reads it: the container's limit where smaller", () => {
    expect(says('docs/kind-contract.md', "the machine's memory (`os.totalmem()`)")).toBe(false);
    expect(says('docs/kind-contract.md', /`ctx\.resources` \(a `Resources`\)[^.]*`process\.constrainedMemory\(\)`/)).toBe(true);
  });

  it("step 2 of adding a kind names every file outside the kind's folder the later steps edit", () => {
    const steps = section('docs/kind-contract.md', '## Adding a kind to proofpack itself');
    const step2 = /2\. \*\*Its entry in the one list\*\*[\s\S]*?(?= 3\. \*\*)/.exec(steps)![0];
    const later = steps.slice(steps.indexOf(step2) + step2.length);
    const edited = new Set([...later.matchAll(/`((?:tools\/client|test|levels|docs)\/[^`]*)`/g)].map((p) => p[1]!));
    // named as checks that run, not files a step edits
    edited.delete('test/codebase/client-docs.test.ts');
    expect(edited.size).toBeGreaterThan(3);
    expect([...edited].filter((p) => !step2.includes(`\`${p}\``))).toEqual([]);
    expect(step2).not.toContain('the only change outside the folder');
  });
});

describe("docs/kind-contract.md's lists of what the SDK entries export", () => {
  it('names every value proofpack/kind and proofpack/face export, each under its entry', async () => {
    const kind = await import('../../tools/sdk/kind.ts');
    const face = await import('../../tools/sdk/face.ts');
    const text = flat('docs/kind-contract.md');
    const part = (from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));
    const kindList = part('**`proofpack/kind`** exports', '**`proofpack/face`** exports');
    const faceList = part('**`proofpack/face`** exports', '## The smallest complete kind');
    const unnamed = (names: string[], list: string) => names.filter((n) => !list.includes(`\`${n}\``) && !list.includes(`\`${n}(`)).sort();
    expect({
      kind: unnamed(
        Object.keys(kind).filter((n) => !(n in face)),
        kindList,
      ),
      face: unnamed(Object.keys(face), faceList),
    }).toEqual({ kind: [], face: [] });
  });
});

describe("README.md's map of the code", () => {
  it('names every file of tools/commands/ (a command each) and says what tools/preview/ holds', () => {
    const map = /```\nbin\/proofpack\.js[\s\S]*?```/.exec(read('README.md'))![0];
    const line = /tools\/commands\/ {2,}([\s\S]*?)\ntools\/commands\/files/.exec(map)![1]!;
    const commands = fs
      .readdirSync(path.join(ROOT, 'tools', 'commands'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(commands.filter((c) => !new RegExp(`\\b${c}\\b`).test(line))).toEqual([]);
    const preview = /tools\/preview\/ {2,}([\s\S]*?)\ntools\//.exec(map)![1]!;
    expect(preview).toMatch(/play-test page/);
  });
});

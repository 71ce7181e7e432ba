// README.md's map of the repository is the tree git tracks: every path a row
// names exists; every top-level folder, every entry of tools/ and every folder
// of tools/commands/ has its row or is named in one; the test/ row lists every
// folder of test/, and so does docs/testing.md's layout table. (docs-statements.test.ts
// checks the tools/commands/ row names every command file.)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The map's code block of README.md. */
function readmeMap(): string {
  const m = /## Map of the repository\s*```\n([\s\S]*?)```/.exec(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  if (!m) throw new Error('README.md: no "## Map of the repository" code block');
  return m[1]!;
}

/** The map's rows: the paths a row starts with (`levels/, dist/` names two), and the row's text with its continuation lines. */
function rows(map: string): { paths: string[]; text: string }[] {
  const out: { paths: string[]; text: string }[] = [];
  for (const line of map.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\s/.test(line) && out.length > 0) {
      out[out.length - 1]!.text += ` ${line.trim()}`;
      continue;
    }
    // the path column: one path, or several with commas (`levels/, dist/`)
    const [, first = '', rest = ''] = /^([^\s,]+(?:,\s*[^\s,]+)*)\s*(.*)$/.exec(line) ?? [];
    out.push({ paths: first.split(/,\s*/), text: `${first} ${rest}` });
  }
  return out;
}

/** What the map gets wrong about a tree (its tracked files, project-relative with /), one line each. */
function mapProblems(map: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const dirs = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
    ),
  );
  const exists = (p: string) => files.includes(p) || dirs.has(p.endsWith('/') ? p : `${p}/`);
  const children = (dir: string) => [...new Set(files.filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length).replace(/\/.*$/, '/')))].sort();
  const all = rows(map);
  const named = all.flatMap((r) => r.paths);
  for (const p of named) {
    // tools/kinds/<kind>/: some folder of tools/kinds/
    const placeholder = /^(.*)<[a-z]+>\/$/.exec(p);
    if (placeholder ? !children(placeholder[1]!).some((c) => c.endsWith('/')) : !exists(p)) problems.push(`the map names ${p}, which is not in the tree`);
  }
  const hasRow = (p: string) => named.some((n) => n === p || n.startsWith(p));
  for (const top of children('')) if (!top.startsWith('.') && top.endsWith('/') && !hasRow(top)) problems.push(`no row for ${top}`);
  for (const entry of children('tools/')) if (!hasRow(`tools/${entry}`)) problems.push(`no row for tools/${entry}`);
  const commandsRow = all.find((r) => r.paths.includes('tools/commands/'))?.text ?? '';
  for (const entry of children('tools/commands/').filter((c) => c.endsWith('/')))
    if (!hasRow(`tools/commands/${entry}`) && !new RegExp(`(^|[\\s,])${entry}`).test(commandsRow)) problems.push(`tools/commands/${entry} is not named`);
  const testRow = all.find((r) => r.paths.includes('test/'))?.text ?? '';
  for (const entry of children('test/').filter((c) => c.endsWith('/')))
    if (!new RegExp(`(^|[\\s,])${entry}`).test(testRow)) problems.push(`the test/ row does not list ${entry}`);
  return problems;
}

/** The files git tracks (a new one counts once added). */
function tracked(): string[] {
  const r = spawnSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ls-files: ${r.stderr}`);
  return r.stdout.trim().split('\n');
}

describe("README.md's map of the repository", () => {
  it('is the tree: every row exists, every folder has its row, the test/ row lists every folder of test/', () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(100);
    expect(rows(readmeMap()).length).toBeGreaterThan(15);
    expect(mapProblems(readmeMap(), files)).toEqual([]);
  });

  it("docs/testing.md's layout table has a row for every folder of test/", () => {
    const table = /## Layout\s+\| folder \| what \|\n\|---\|---\|\n((?:\|.*\n)+)/.exec(fs.readFileSync(path.join(ROOT, 'docs', 'testing.md'), 'utf8'));
    expect(table, 'docs/testing.md: no layout table').not.toBeNull();
    const listed = [...table![1]!.matchAll(/^\| `test\/([a-z-]+)` \|/gm)].map((m) => m[1]!);
    const folders = [
      ...new Set(
        tracked()
          .filter((f) => /^test\/[^/]+\//.test(f))
          .map((f) => f.split('/')[1]!),
      ),
    ];
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((f) => !listed.includes(f))).toEqual([]);
  });

  it('catches a row of nothing, a folder without a row and a test folder left out', () => {
    const map = [
      'bin/proofpack.js        the CLI entry',
      'tools/commands/         the commands; validate/:',
      "                        a command's parts",
      'tools/kinds/<kind>/     one folder per kind',
      'tools/gone/             removed',
      'test/                   vitest suites: kinds/',
    ].join('\n');
    const files = [
      'bin/proofpack.js',
      'tools/commands/validate/a.ts',
      'tools/commands/pipeline/b.ts',
      'tools/kinds/ghost/index.ts',
      'tools/lib/x.ts',
      'test/kinds/a.test.ts',
      'test/sdk/b.test.ts',
      'docs/x.md',
    ];
    expect(mapProblems(map, files)).toEqual([
      'the map names tools/gone/, which is not in the tree',
      'no row for docs/',
      'no row for tools/lib/',
      'tools/commands/pipeline/ is not named',
      'the test/ row does not list sdk/',
    ]);
  });
});

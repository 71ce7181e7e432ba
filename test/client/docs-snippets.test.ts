// docs/client.md's code is compiled: every ```ts block becomes a module that
// imports from the client sources instead of 'proofpack-client', with the
// drawing helpers the page leaves out declared, and tsc checks them all with
// the repository's strict settings. A snippet that calls a function with the
// wrong arguments, or one that no longer exists, fails here.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/helpers.ts';

const DOC = path.join(ROOT, 'docs', 'client.md');
const HELPERS = 'declare function show(text: string): void;\ndeclare function draw(a: unknown, b: unknown): void;\n';

/** The ```ts blocks of a markdown text. */
function tsBlocks(md: string): string[] {
  return [...md.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('docs/client.md snippets', () => {
  it('finds the blocks', () => {
    expect(tsBlocks('a\n```ts\nconst x = 1;\n```\nb\n```json\n{}\n```\n')).toEqual(['const x = 1;\n']);
  });

  it('every ts snippet compiles against the client sources', () => {
    const blocks = tsBlocks(fs.readFileSync(DOC, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const dir = path.join(ROOT, 'build', 'doc-snippets');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const files = blocks.map((code, i) => {
      const file = path.join(dir, `snippet-${i}.ts`);
      const body = code.replaceAll("from 'proofpack-client'", "from '../../tools/client/index.ts'");
      fs.writeFileSync(file, `${HELPERS}${body}\nexport {};\n`);
      return file;
    });
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { noEmit: true, noUnusedLocals: false },
        include: [],
        files: files.map((f) => path.basename(f)),
      }),
    );
    let out = '';
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(dir, 'tsconfig.json')], {
        encoding: 'utf8',
      });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe('');
  });
});

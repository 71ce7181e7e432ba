// docs/glossary.md, the one place the project's words are defined: the README
// links it, and every term it defines (a bold word at the start of an entry) is
// used in another doc, so no entry outlives its word.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The terms an entry defines: the bold words before its dash (`**team**, **crew** — …`). */
function terms(glossary: string): string[] {
  return glossary
    .split('\n')
    .filter((line) => line.startsWith('**'))
    .flatMap((line) => [...(line.split(' — ')[0] ?? '').matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!));
}

/** The other docs (README.md and docs/*.md but the glossary), as one lower-case text. */
function otherDocs(): string {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'glossary.md');
  return [read('README.md'), ...docs.map((f) => read(path.join('docs', f)))].join('\n').toLowerCase();
}

describe('docs/glossary.md', () => {
  const glossary = read('docs/glossary.md');

  it('is linked from the README', () => {
    expect(read('README.md')).toContain('(docs/glossary.md)');
  });

  it('defines only words the other docs use', () => {
    const defined = terms(glossary);
    expect(defined.length).toBeGreaterThan(30);
    const text = otherDocs();
    const unused = defined.filter((t) => !new RegExp(`\\b${t.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text));
    expect(unused).toEqual([]);
  });
});

// Every export of the client's own modules carries a doc comment (what it
// takes, returns, when it throws): the declarations a game reads are these.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/helpers.ts';

const FILES = fs.readdirSync(path.join(ROOT, 'tools', 'client')).filter((f) => f.endsWith('.ts'));

/** Exported declarations whose previous non-blank line is not the end of a doc comment. */
function undocumented(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  lines.forEach((line, i) => {
    const m = /^export (?:declare )?(?:async )?(?:function|const|interface|type|class) (\w+)/.exec(line);
    if (!m) return;
    let j = i - 1;
    while (j >= 0 && lines[j]!.trim() === '') j--;
    if (!(j >= 0 && lines[j]!.trim().endsWith('*/'))) out.push(m[1]!);
  });
  return out;
}

describe('client doc comments', () => {
  it.each(FILES)('tools/client/%s documents every export', (file) => {
    expect(undocumented(fs.readFileSync(path.join(ROOT, 'tools', 'client', file), 'utf8'))).toEqual([]);
  });

  it('flags an export without one', () => {
    expect(undocumented('/** yes */\nexport function a() {}\n\nexport const b = 1;\n// not a doc\nexport type C = 1;')).toEqual(['b', 'C']);
  });
});

// import's caps (issue 43): a file of more records, or more bytes, than the
// command line allows is refused before any record is analysed, one line naming
// the file and the flag that raises the cap; the flag raises it.
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../../support/helpers.ts';
import { run } from '../../support/run-cli.ts';

const dir = tempDir();
let boards: string[][];
const text = (bs: string[][]) => `${bs.map((b) => b.join('\n')).join('\n\n')}\n`;

beforeAll(() => {
  const standard = path.join(ROOT, 'levels', 'apple', 'standard.json');
  boards = (JSON.parse(fs.readFileSync(standard, 'utf8')).levels as { puzzle: { board: string[] } }[]).map((l) => l.puzzle.board);
});

describe('import caps', () => {
  it('1,001 records (over the default 1,000): refused at once, naming the file and --max-records; nothing written', async () => {
    const file = path.join(dir, 'many.txt');
    fs.writeFileSync(file, text(Array.from({ length: 1001 }, (_, i) => boards[i % boards.length]!)));
    const out = path.join(dir, 'many.json');
    const started = performance.now();
    const r = await run(['import', 'apple', file, '--out', out, '--threads', '1']);
    expect(performance.now() - started).toBeLessThan(5000); // 1,001 boards analysed would take minutes
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file}: 1001 records, over import's cap of 1000 (each is analysed like a generated level); nothing imported: raise it with --max-records N (at most 10000) if you mean to import them all\n`,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('--max-records lowers or raises the cap', async () => {
    const file = path.join(dir, 'three.txt');
    fs.writeFileSync(file, text(boards.slice(0, 3)));
    const out = path.join(dir, 'three.json');
    const low = await run(['import', 'apple', file, '--out', out, '--threads', '1', '--max-records', '2']);
    expect(low.code).toBe(2);
    expect(low.stderr).toContain("3 records, over import's cap of 2");
    const ok = await run(['import', 'apple', file, '--out', out, '--threads', '1', '--max-records', '3']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).levels.length).toBeGreaterThan(0);
  });

  it('a file over the size cap (4 MiB by default) is refused before it is parsed, naming --max-mib', async () => {
    const file = path.join(dir, 'big.txt');
    fs.writeFileSync(file, `${text(boards.slice(0, 1))}${'\n'.repeat(4 * 1024 * 1024)}`);
    const r = await run(['import', 'apple', file, '--out', path.join(dir, 'big.json'), '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^proofpack: ${file.replace(/[.]/g, '\\.')}: \\d+ bytes, over import's size cap of 4 MiB; nothing imported: raise it with --max-mib N \\(at most 32\\)`,
      ),
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const raised = await run(['import', 'apple', file, '--out', path.join(dir, 'big.json'), '--threads', '1', '--max-mib', '5']);
    expect(raised.code, raised.stderr).toBe(0);
  });
});

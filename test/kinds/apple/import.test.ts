// proofpack import apple: recorded boards (10 lines of 17 digits, blank lines
// between) into a set that validate and curate accept; malformed boards named
// with their line; validate --compare between a recorded and a generated set.
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../../support/helpers.ts';
import { run } from '../../support/run-cli.ts';
import { importAppleText } from '../../../tools/kinds/apple/import.ts';

const dir = tempDir();
const standard = path.join(ROOT, 'levels', 'apple', 'standard.json');
let boards: string[][];

beforeAll(async () => {
  boards = (JSON.parse(fs.readFileSync(standard, 'utf8')).levels as { puzzle: { board: string[] } }[]).map((l) => l.puzzle.board);
});

const text = (bs: string[][]) => `${bs.map((b) => b.join('\n')).join('\n\n')}\n`;

describe('import apple', () => {
  it('names every malformed board with its line, and writes nothing', async () => {
    const good = boards.slice(0, 3);
    const short = [...boards[3]!.slice(0, 4), boards[3]![4]!.slice(1), ...boards[3]!.slice(5)]; // line 5 of the board: 16 digits
    const zero = [...boards[4]!];
    zero[2] = `0${zero[2]!.slice(1)}`;
    const checksum = [...boards[5]!];
    const d = Number(checksum[9]![16]);
    checksum[9] = checksum[9]!.slice(0, 16) + String(d === 9 ? 8 : d + 1); // sum moves by 1
    const nine = boards[6]!.slice(0, 9); // 9 lines
    const file = path.join(dir, 'recorded.txt');
    fs.writeFileSync(file, text([...good, short, zero, checksum, nine]));
    // boards are 11 lines apart (10 rows + a blank): board k starts on line 11k + 1
    const r = importAppleText(fs.readFileSync(file, 'utf8'));
    expect(r.puzzles).toHaveLength(3);
    expect(r.problems).toEqual([
      { where: 'board 4 (line 34)', message: 'line 38 has 16 characters, a row has 17 digits' },
      { where: 'board 5 (line 45)', message: 'line 47 has a 0 at column 1: apples hold 1..9' },
      { where: 'board 6 (line 56)', message: expect.stringMatching(/^its digits sum to \d+, not a multiple of 10/) },
      { where: 'board 7 (line 67)', message: '9 lines, a board has 10 lines of 17 digits' },
    ]);
    const out = path.join(dir, 'strict.json');
    const strict = await run(['import', 'apple', file, '--out', out, '--threads', '1']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('recorded.txt › board 5 (line 45): line 47 has a 0 at column 1');
    expect(strict.stderr).toMatch(/recorded\.txt: 4 malformed records, nothing written/);
    expect(fs.existsSync(out)).toBe(false);

    const lenient = await run(['import', 'apple', file, '--out', out, '--skip-malformed', '--threads', '1']);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stdout).toMatch(/imported 3 of 7 apple records .* \(4 malformed, skipped\)/);
    const set = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(set.generator.imported).toEqual({ file: 'recorded.txt', records: 7, skipped: 4 });
  });

  it('writes a set that validate and curate accept, and validate compares it with a generated set', async () => {
    const file = path.join(dir, 'rec20.txt');
    fs.writeFileSync(file, text(boards.slice(100, 120)));
    const set = path.join(dir, 'imported.json');
    expect((await run(['import', 'apple', file, '--out', set, '--threads', '2'])).code).toBe(0);
    const v = await run(['validate', set, '--threads', '2', '--compare', standard]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    expect(v.stdout).toMatch(/compared with .*standard\.json: 20 boards vs 200 boards/);
    expect(v.stdout).toMatch(/digit frequencies: chi-square/);
    expect((await run(['curate', set, '--out', path.join(dir, 'curated.json')])).code).toBe(0);
  });

  it('validate --compare reports a set whose digits lean to 9 as a problem', async () => {
    // 40 boards whose digits are 9 half the time (the rest uniform on 1..8), sum fixed up to a
    // multiple of 10 by the last cell when possible: far from the game's uniform digits.
    let x = 12345;
    const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
    const biased: string[][] = [];
    while (biased.length < 40) {
      const digits = Array.from({ length: 170 }, () => (next() < 0.5 ? 9 : 1 + Math.floor(next() * 8)));
      const sum = digits.reduce((a, b) => a + b, 0);
      if (sum % 10 !== 0) continue;
      biased.push(Array.from({ length: 10 }, (_, r) => digits.slice(r * 17, r * 17 + 17).join('')));
    }
    const file = path.join(dir, 'nines.txt');
    fs.writeFileSync(file, text(biased));
    const set = path.join(dir, 'nines.json');
    expect((await run(['import', 'apple', file, '--out', set, '--threads', '2'])).code).toBe(0);
    const v = await run(['validate', set, '--threads', '2', '--compare', standard, '--json']);
    expect(v.code).toBe(1);
    const report = JSON.parse(v.stdout);
    const fields = report.files[0].problems.map((p: { field: string }) => p.field);
    expect(fields).toContain('compare standard.json › digits');
    expect(fields).toContain('fidelity.digits');
    expect(report.files[0].stats.compare.digits.p).toBeLessThan(0.001);
  });
});

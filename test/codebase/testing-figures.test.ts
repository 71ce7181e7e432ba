// The figures README.md and docs/testing.md give are read from where they come
// from: the test parameters from the tests, the bench's from the bench, the
// README's from the code and package.json. Neither page gives a measured time
// (a run's seconds go to docs/experiments.md with their commit and load): every
// `N s`, `N ms` or `N min` on them is a checked figure (the bench's targets),
// and nothing is "about N". Reads files: fast.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\s+/g, ' ');
/** `2,000`, `100_000` → 2000, 100000. */
const num = (text: string) => Number(text.replace(/[,_]/g, ''));

/** A figure a page gives (`says`'s groups) and where it comes from (each source's groups, in order). */
interface Figure {
  doc: string;
  says: RegExp;
  from: [file: string, holds: RegExp][];
}

const FIGURES: Figure[] = [
  { doc: 'README.md', says: /proofpack-(\d+)\.(\d+)\.(\d+)\.tgz/, from: [['package.json', /"version": "(\d+)\.(\d+)\.(\d+)"/]] },
  {
    doc: 'docs/testing.md',
    says: /all G! orders \(G = 1\.\.(\d+)\) and an independent plain DP \(G = \d+\.\.(\d+)\)/,
    from: [['test/kinds/ghost/score/score.test.ts', /brute force over all orders \(G ≤ (\d+)\).*plain DP on every state \(G ≤ (\d+)\)/]],
  },
  {
    doc: 'docs/testing.md',
    says: /so a (\d+)×(\d+) board's score DP is refused/,
    from: [['test/pipeline/machine-room.test.ts', /plan: \[\{ size: (\d+), mode/]],
  },
  { doc: 'docs/testing.md', says: /layered solves of random (\d+)×(\d+) boards/, from: [['tools/kinds/ghost/bench.ts', /random (\d+)×(\d+) boards/]] },
  { doc: 'README.md', says: /Node 20 \(≥ (20)\.(\d+)\)/, from: [['package.json', /"node": ">=(\d+)\.(\d+)"/]] },
  { doc: 'README.md', says: /templates\/kind\/ [^(]*\(≤ (\d+) lines/, from: [['test/sdk/template-kind.test.ts', /toBeLessThanOrEqual\((\d+)\)/]] },
  { doc: 'README.md', says: /and (\d+) hex digits of the SHA-256/, from: [['tools/lib/ids.ts', /\.slice\(0, (\d+)\)/]] },
  { doc: 'README.md', says: /a (\d+)×(\d+) board of digits/, from: [['tools/kinds/apple/schema.ts', /(\d+) rows of (\d+) digits/]] },
  {
    doc: 'README.md',
    says: /\| (\d) \| ok \| \| (\d) \| validate .*?\| (\d) \| bad usage .*?\| (\d) \| internal error/,
    from: [['tools/lib/errors.ts', /EXIT_OK = (\d+);.*EXIT_PROBLEMS = (\d+);.*EXIT_INPUT = (\d+);.*EXIT_INTERNAL = (\d+);/]],
  },
  {
    doc: 'docs/testing.md',
    says: /quick config, (\d+) boards, seed (\d+),/,
    from: [['test/support/global-setup.ts', /'--count', '(\d+)', '--seed', '(\d+)'/]],
  },
  { doc: 'docs/testing.md', says: /`maxWorkers: (\d+)`/, from: [['vitest.config.ts', /maxWorkers: (\d+)/]] },
  { doc: 'docs/testing.md', says: /the README stays within (\d+) lines/, from: [['test/codebase/docs.test.ts', /toBeLessThanOrEqual\((\d+)\)/]] },
  { doc: 'docs/testing.md', says: /the preview is tested with ([\d,]+) levels/, from: [['test/pipeline/preview.test.ts', /Array\.from\(\{ length: (\d+) \}/]] },
  {
    doc: 'docs/testing.md',
    says: /([\d,]+)-deep nesting and a (\d+) MB file/,
    from: [['test/pipeline/fuzz.test.ts', /'\['\.repeat\(([\d_]+)\).*it\('a (\d+) MB file'/]],
  },
  {
    doc: 'docs/testing.md',
    says: /a job of (\d+) slots or (\d+) packs/,
    from: [['test/pipeline/interrupt.test.ts', /'--count', '(\d+)'.*?packs: Array\.from\(\{ length: (\d+) \}/]],
  },
  { doc: 'docs/testing.md', says: /template's size \(at most (\d+) lines/, from: [['test/sdk/template-kind.test.ts', /toBeLessThanOrEqual\((\d+)\)/]] },
  {
    doc: 'docs/testing.md',
    says: /`PROOFPACK_TEST_MACHINE_BYTES` [^)]*\) at (\d) kB/,
    from: [['test/pipeline/machine-room.test.ts', /process\.env\[MACHINE\] = '(\d)000'/]],
  },
  { doc: 'docs/testing.md', says: /a (\d+)-second slide slot/, from: [['test/pipeline/cost-signal.test.ts', /minMoves 1–64: about (\d+) s alone/]] },
  { doc: 'docs/testing.md', says: /`BENCH_RUNS` \(default (\d+)\)/, from: [['tools/bench/run.ts', /BENCH_RUNS'\] === undefined \? (\d+) :/]] },
  {
    doc: 'docs/testing.md',
    says: /N levels generated and N sampled; default (\d+) and (\d+)\).*?\((\d+) wanted levels, one thread\).*? on (\d+) levels spread/,
    from: [['tools/bench/run.ts', /generateCount: (\d+), sampleCount: (\d+),/]],
  },
  { doc: 'docs/testing.md', says: /with `--count (\d+) --runs (\d+)`/, from: [['test/bench/game-kinds.test.ts', /'--count', '(\d+)', '--runs', '(\d+)'/]] },
  {
    doc: 'docs/testing.md',
    says: /score assets for G = (\d+), (\d+) and (\d+);/,
    from: [['tools/kinds/ghost/bench.ts', /for \(const G of \[(\d+), (\d+), (\d+)\]\)/]],
  },
  {
    doc: 'docs/testing.md',
    says: /targets: ghost (\d+) s, slide (\d+) s/,
    from: [['tools/bench/full-build.ts', /TARGETS[^=]*= \{ ghost: (\d+), slide: (\d+) \}/]],
  },
  { doc: 'docs/testing.md', says: /with (\d+) blocks and minMoves (\d+)/, from: [['tools/kinds/slide/bench.ts', /(\d+) blocks, minMoves (\d+);/]] },
  {
    doc: 'docs/testing.md',
    says: /on (\d+) boards of seed (\d+)\./,
    from: [
      ['tools/kinds/apple/bench.ts', /BENCH_BOARDS = (\d+);/],
      ['tools/kinds/apple/bench.ts', /BENCH_SEED = (\d+);/],
    ],
  },
];

/** The groups of `re` in `file` (as numbers), or a failure naming the file and what was looked for. */
function groups(file: string, re: RegExp): number[] {
  const m = re.exec(read(file));
  if (!m) throw new Error(`${file}: nothing matches ${re}`);
  return m.slice(1).map(num);
}

/** The figures a page gives that its source does not hold, one line each. */
function wrongFigures(figures: Figure[]): string[] {
  return figures.flatMap((f) => {
    const says = groups(f.doc, f.says);
    const holds = f.from.flatMap(([file, re]) => groups(file, re));
    // a figure the page gives twice (default 60 and 40 … 60 wanted … 40 levels) is the source's each time
    const expected = says.map((_, i) => holds[i % holds.length]);
    return says.some((n, i) => n !== expected[i])
      ? [`${f.doc}: ${f.says} says ${says.join(', ')}; ${f.from.map(([file]) => file).join(', ')}: ${holds.join(', ')}`]
      : [];
  });
}

describe("README.md's and docs/testing.md's figures", () => {
  it('are the ones their sources hold', () => {
    expect(wrongFigures(FIGURES)).toEqual([]);
  });

  it('catches a figure its source does not hold', () => {
    const wrong: Figure = { doc: 'docs/testing.md', says: /`maxWorkers: (\d+)`/, from: [['package.json', /"node": ">=(\d+)/]] };
    expect(wrongFigures([wrong])).toEqual([`docs/testing.md: ${wrong.says} says 2; package.json: 20`]);
  });

  it('give no measured time and nothing "about N"', () => {
    const checked = new Set(['120 s', '30 s']);
    for (const doc of ['README.md', 'docs/testing.md']) {
      const text = read(doc);
      const times = [...text.matchAll(/\b\d+(?:[.,]\d+)? ?(?:s|ms|min|seconds?|minutes?)\b/g)].map((m) => m[0]).filter((t) => !checked.has(t));
      expect(times, doc).toEqual([]);
      expect(
        [...text.matchAll(/\babout [\d,.]+/g)].map((m) => m[0]),
        doc,
      ).toEqual([]);
    }
  });
});

// Fuzzing validate, curate and bundle with corrupted files (fast-check): every
// run must end in exit 0/1/2 with at most one line per unreadable file, never a
// stack trace, an internal error, a hang or a half-written output. Every kind
// gets the generic cases (truncation, replaced values, spliced characters) on
// a set of its own; a ghost set also gets the explicit sizes, duplicated ids,
// deep nesting and a 50 MB file.
import { describe, expect, inject, it, beforeAll } from 'vitest';
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ghost } from '../../tools/kinds/ghost/index.ts';
import { slide } from '../../tools/kinds/slide/index.ts';
import { apple } from '../../tools/kinds/apple/index.ts';
import { generateSet } from '../../tools/commands/generate.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import { quickConfig, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const dir = tempDir();
let goodText = '';
let runs = 0;

/** A small curated set of a kind, as file text, and a tier it holds (for the packs file). */
async function goodSet(kind: typeof ghost | typeof slide | typeof apple, config: unknown, count: number) {
  const { set } = await generateSet({ kind, config, seed: 9, name: 'fuzz', count }, { threads: 1, con: memoryConsole() });
  const curated = curateSet(kind, set, 'fuzz');
  return { text: formatDocument(curated), tier: curated.levels[0]!.tier };
}

/** Feed one file text to validate, curate and bundle; check how each ends. */
async function feed(text: string, tier = 'EASY') {
  const n = runs++;
  const file = path.join(dir, `f${n}.json`);
  fs.writeFileSync(file, text);
  const out = path.join(dir, `out${n}.json`);
  const packs = path.join(dir, `packs${n}.json`);
  fs.writeFileSync(
    packs,
    JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [{ name: 'p', set: path.basename(file), tiers: { [tier]: 'all' }, order: 'difficulty' }] }),
  );
  const results = [
    await run(['validate', file, '--threads', '1']),
    await run(['curate', file, '--out', out]),
    await run(['bundle', '--packs', packs, '--out', path.join(dir, `dist${n}`)]),
    await run(['bundle', '--packs', file, '--out', path.join(dir, `distb${n}`)]),
  ];
  for (const r of results) {
    expect([0, 1, 2]).toContain(r.code);
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
    if (r.code === 2) expect(r.stderr.trim().split('\n')).toHaveLength(1);
  }
  if (results[1]!.code !== 0) expect(fs.existsSync(out)).toBe(false);
  return results;
}

/** Replace the value at a random path of the document. */
function replaceAt(doc: unknown, pathBits: number[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  let node: unknown = copy;
  for (let depth = 0; depth < pathBits.length; depth++) {
    if (node === null || typeof node !== 'object') break;
    const keys = Object.keys(node as object);
    if (keys.length === 0) break;
    const key = keys[pathBits[depth]! % keys.length]!;
    const child = (node as Record<string, unknown>)[key];
    if (depth === pathBits.length - 1 || child === null || typeof child !== 'object') {
      (node as Record<string, unknown>)[key] = value;
      break;
    }
    node = child;
  }
  return copy;
}

describe('fuzz ghost: sizes, duplicates, nesting, size of the file', () => {
  beforeAll(async () => {
    // the run's small curated ghost set (30 boards, seed 4; test/support/global-setup.ts)
    goodText = fs.readFileSync(inject('smallGhostSet').curated, 'utf8');
  });

  it('huge, negative and fractional sizes and counts', async () => {
    const doc = JSON.parse(goodText);
    const cases: [string, (d: any) => void][] = [
      ['size 10^9', (d) => (d.levels[0].puzzle.size = 1e9)],
      ['size -5', (d) => (d.levels[0].puzzle.size = -5)],
      ['size 6.5', (d) => (d.levels[0].puzzle.size = 6.5)],
      ['a negative row count', (d) => (d.levels[0].puzzle.rows[0] = -1)],
      ['a million row counts', (d) => (d.levels[0].puzzle.rows = new Array(1_000_000).fill(1))],
      ['a 2^60 seed', (d) => (d.generator.seed = 2 ** 60)],
      ['a negative tries budget', (d) => (d.generator.config.triesPerBoard = -600)],
    ];
    for (const [name, mutate] of cases) {
      const d = structuredClone(doc);
      mutate(d);
      const [v] = await feed(JSON.stringify(d));
      expect(v!.code, name).toBe(2);
    }
  });

  it('duplicated ids: validate reports them (exit 1), curate drops the copies', async () => {
    const doc = JSON.parse(goodText);
    doc.levels.push(structuredClone(doc.levels[0]));
    const [v, c] = await feed(JSON.stringify(doc));
    expect(v!.code).toBe(1);
    expect(v!.stdout).toMatch(/› id: stored "ghost-[0-9a-f]{12}", recomputed "unique within the file \(also levels\[0\]\)"/);
    expect(c!.code).toBe(0);
  });

  it('deep nesting', async () => {
    const doc = JSON.parse(goodText);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = JSON.stringify(doc).replace('"levels":[', `"levels":[${deep},`);
    const [v] = await feed(text);
    expect(v!.code).toBe(2);
    expect(v!.stderr).toMatch(/nested more than 100 deep\); refused before parsing/);
  });

  it('a 50 MB file', async () => {
    const doc = JSON.parse(goodText);
    const junk = Array.from({ length: 700_000 }, (_, i) => ({
      id: `ghost-${(i % 4096).toString(16).padStart(12, '0')}`,
      pad: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    }));
    const text = JSON.stringify({ ...doc, levels: [...doc.levels, ...junk] });
    expect(text.length).toBeGreaterThan(50_000_000);
    const [v, c] = await feed(text);
    expect(v!.code).toBe(2);
    expect(c!.code).toBe(2);
  });
});

// The generic corruptions for every kind, on a small set of each (apple with a
// small search budget: the fuzzing is about reading files, not the solver);
// ghost gets the most runs.
const KIND_CASES = [
  { kind: ghost, config: () => quickConfig('ghost'), count: 12, runs: { truncated: 15, replaced: 60, spliced: 25 } },
  { kind: slide, config: () => quickConfig('slide'), count: 6, runs: { truncated: 8, replaced: 30, spliced: 10 } },
  {
    kind: apple,
    config: () => {
      const c = quickConfig('apple') as { search: { work: number } };
      c.search.work = 50_000;
      return c;
    },
    count: 4,
    runs: { truncated: 8, replaced: 30, spliced: 10 },
  },
];

describe.each(KIND_CASES)('fuzz $kind.name', ({ kind, config, count, runs }) => {
  let text = '';
  let tier = '';
  beforeAll(async () => {
    ({ text, tier } = await goodSet(kind, config(), count));
  });

  it('the untouched file passes', async () => {
    const [v, c, b] = await feed(text, tier);
    expect([v!.code, c!.code, b!.code]).toEqual([0, 0, 0]);
  });

  it('truncated JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 100_000 }), async (cut) => {
        const [v] = await feed(text.slice(0, cut % text.length), tier);
        expect(v!.code).toBe(2);
      }),
      { numRuns: runs.truncated, seed: 1 },
    );
  });

  it('any value replaced by any JSON value (wrong types, huge or negative numbers, non-ASCII)', async () => {
    const doc = JSON.parse(text);
    const weird = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(-1, 1e308, -1e308, 2 ** 53 + 1, 0.5, 12, 99999999, '', 'ゴースト', '\u0000', 'é'.repeat(1000), [], {}, null, true),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), weird, async (bits, value) => {
        await feed(JSON.stringify(replaceAt(doc, bits, value)), tier);
      }),
      { numRuns: runs.replaced, seed: 2 },
    );
  });

  it('non-ASCII and control characters spliced into the text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), async (at, junk) => {
        const i = at % text.length;
        await feed(text.slice(0, i) + junk + text.slice(i), tier);
      }),
      { numRuns: runs.spliced, seed: 3 },
    );
  });
});

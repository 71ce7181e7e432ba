// Long strings in every base64 field of every kind (issue 43): a 6 MB string
// once blew V8's stack in the schema's pattern (validate exit 3) and in the
// client's check (loadPack threw RangeError). Each field the pack schemas mark
// as base64 gets strings of many megabytes; validate answers with one line
// naming the level and field (exit 1 or 2, never 3), loadPack with a PackError,
// both in bounded time.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPack, PackError } from '../../tools/client/index.ts';
import { KINDS } from '../../tools/kinds/index.ts';
import { BASE64_PATTERN } from '../../tools/lib/bytes.ts';
import { ROOT, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

/** Dotted paths (from the level) of every field the kind's pack schema gives the base64 pattern. */
function base64Fields(kind: string): string[] {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schema', `${kind}.pack.schema.json`), 'utf8'));
  const out = new Set<string>();
  const walk = (node: unknown, at: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.pattern === BASE64_PATTERN.source) out.add(at.join('.'));
    for (const [k, v] of Object.entries(n)) {
      if (k === 'properties' && v && typeof v === 'object') for (const [name, sub] of Object.entries(v)) walk(sub, [...at, name]);
      else if (k !== 'properties') walk(v, at);
    }
  };
  walk(schema, []);
  // paths from the pack root: properties.levels.items.properties.<field>…
  return [...out].map((p) => p.replace(/^levels\./, ''));
}

const firstPack = (kind: string): string => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'manifest.json'), 'utf8'));
  const entry = manifest.packs.find((p: { kind: string }) => p.kind === kind);
  return path.join(ROOT, 'dist', entry.file);
};

/** The kind's first shipped pack cut to its first level, with `field` set to `value`. */
function bent(kind: string, field: string, value: string): Record<string, any> {
  const pack = JSON.parse(fs.readFileSync(firstPack(kind), 'utf8'));
  pack.levels = pack.levels.slice(0, 1);
  const parts = field.split('.');
  let o = pack.levels[0];
  for (const p of parts.slice(0, -1)) o = o[p];
  o[parts.at(-1)!] = value;
  return pack;
}

const MB = 1_000_000;
/** Long strings: the alphabet only (length mod 4 = 0 and = 1), a character outside it at the end, and past any cap. */
const LONG: [string, string][] = [
  ['6 MB of "A"', 'A'.repeat(6 * MB)],
  ['6 MB + 1 of "A"', 'A'.repeat(6 * MB + 1)],
  ['6 MB of "A" then "="', `${'A'.repeat(6 * MB)}=`],
  ['20 MB of "A/"', 'A/'.repeat(10 * MB)],
];

const cases = KINDS.flatMap((k) => base64Fields(k.name).map((f) => [k.name, f] as const));

describe('base64 fields', () => {
  it('the pack schemas name the ghost assets as base64 (the list this test covers)', () => {
    expect(cases).toEqual([
      ['ghost', 'analysis.maxCourse'],
      ['ghost', 'analysis.minCourse'],
      ['ghost', 'analysis.hints'],
    ]);
  });

  it.each(cases)('%s %s: loadPack refuses each long string with a PackError naming the field, in bounded time', (kind, field) => {
    for (const [what, value] of LONG) {
      const pack = bent(kind, field, value);
      const t = performance.now();
      let error: unknown = null;
      try {
        loadPack(pack);
      } catch (e) {
        error = e;
      }
      const ms = performance.now() - t;
      expect(error, what).toBeInstanceOf(PackError);
      expect((error as Error).message, what).toMatch(new RegExp(`^${pack.levels[0].id} › ${field.replace(/\./g, '\\.')}: `));
      expect((error as Error).message.length, what).toBeLessThan(300);
      expect(ms, what).toBeLessThan(2000);
    }
  });

  it.each(cases)('%s %s: validate answers in one line naming the field, never exit 3', { timeout: 60_000 }, async (kind, field) => {
    const dir = tempDir();
    for (const [what, value] of LONG.slice(0, 2)) {
      const file = path.join(dir, `${kind}-bent.json`);
      fs.writeFileSync(file, JSON.stringify(bent(kind, field, value)));
      const r = await run(['validate', file]);
      expect([1, 2], `${what}: ${r.stderr}`).toContain(r.code);
      const line = `${r.stdout}\n${r.stderr}`.split('\n').find((l) => l.includes(field));
      expect(line, what).toBeDefined();
      expect(line!.length, what).toBeLessThan(400);
      expect(r.stderr, what).not.toMatch(/Maximum call stack|RangeError|\n\s+at /);
    }
  });
});

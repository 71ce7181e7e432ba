// The client's reading of a pack agrees with the schemas where they overlap,
// and refuses a level whose stored assets do not decode (which play would
// otherwise throw on at its first question). Each case is one field bent on a
// shipped level; each was accepted before the kinds' faces checked it.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPack, PackError } from '../../tools/client/index.ts';
import { ROOT } from '../support/helpers.ts';
import { kindByName } from '../../tools/kinds/index.ts';
import { packSchema } from '../../tools/lib/formats.ts';

const packText = (file: string) => fs.readFileSync(path.join(ROOT, 'dist', file), 'utf8');

/** The pack `file` with its first level bent by `bend`. */
function bent(file: string, bend: (level: Record<string, any>) => void): unknown {
  const pack = JSON.parse(packText(file));
  bend(pack.levels[0]);
  return pack;
}

describe('loadPack refuses what the schemas or the decoders refuse', () => {
  it('accepts the shipped packs', () => {
    for (const f of ['ghost-free.json', 'slide-free.json', 'apple-gentle.json']) expect(() => loadPack(packText(f))).not.toThrow();
  });

  it.each([
    [
      'ghost hints padded with "=" (lib/bytes.ts refuses padding)',
      'ghost-free.json',
      (l: any) => (l.analysis.hints = `${l.analysis.hints.slice(0, 2)}==`),
      /analysis\.hints: expected base64/,
    ],
    ['ghost maxCourse with "=" inside', 'ghost-free.json', (l: any) => (l.analysis.maxCourse = 'AQ=I'), /analysis\.maxCourse/],
    [
      'slide minMoves 0 (the schema says ≥ 1)',
      'slide-free.json',
      (l: any) => (l.analysis.minMoves = 0),
      /analysis\.minMoves: expected a whole number 1\.\.256/,
    ],
    ['ghost hints that do not decode', 'ghost-free.json', (l: any) => (l.analysis.hints = 'AAAA'), /analysis\.hints: does not decode/],
    ['ghost maxCourse that does not decode', 'ghost-free.json', (l: any) => (l.analysis.maxCourse = 'AQI'), /analysis\.maxCourse: does not decode/],
    ["ghost count that is not the solution's", 'ghost-free.json', (l: any) => (l.analysis.ghosts += 1), /analysis\.ghosts: expected \d+/],
  ])('%s', (_what, file, bend, message) => {
    const pack = bent(file, bend);
    expect(() => loadPack(pack)).toThrow(PackError);
    expect(() => loadPack(pack)).toThrow(message);
  });
});

/** The fields each kind's face reads (a test's list: what the property below holds the face to). */
const READS: Record<string, RegExp> = {
  ghost: /^(puzzle|solution|analysis\.(ghosts|logicDepth|maxScore|minScore|maxCourse|minCourse|hints))(\.|$)/,
  slide: /^(puzzle|solution|analysis\.(minMoves|stars))(\.|$)/,
  apple: /^(puzzle|solution|analysis\.(greedyScore|bestScore|upperBound|greedyPlay))(\.|$)/,
};

/** Every leaf path of a value, as dotted paths with indexes (`analysis.stars.three`, `solution.3.2`). */
function leaves(v: unknown, at = ''): string[] {
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, at ? `${at}.${k}` : k));
  return [at];
}

function setAt(root: Record<string, any>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let o = root;
  for (const p of parts.slice(0, -1)) o = o[p];
  o[parts.at(-1)!] = value;
}

describe('the face refuses every bent field it reads that the schemas refuse (each field of a shipped level, 14 values)', () => {
  it.each([
    ['ghost', 'ghost-free.json'],
    ['slide', 'slide-free.json'],
    ['apple', 'apple-gentle.json'],
  ])('%s', (kindName, file) => {
    const kind = kindByName(kindName);
    const pack = JSON.parse(packText(file));
    const schema = packSchema(kind);
    const level = pack.levels[0];
    const paths = leaves({ puzzle: level.puzzle, solution: level.solution, analysis: level.analysis })
      .filter((p) => READS[kindName]!.test(p))
      .filter((p) => !/^(solution|analysis\.greedyPlay)\.([3-9]|\d\d)/.test(p)); // the first three moves stand for the rest
    const bends = [-1, 0, 1, 0.5, 1e9, Number.NaN, '', '=', 'AA==', 'AAAA', 'unknown', null, 'x', true];
    pack.levels = [level]; // one level: every (field, value) pair below is tried
    const missed: string[] = [];
    for (const where of paths)
      for (const value of bends) {
        const copy = structuredClone(pack);
        setAt(copy.levels[0], where, value);
        const zod = schema.safeParse(copy);
        if (zod.success || !zod.error.issues.some((i) => READS[kindName]!.test(i.path.slice(2).join('.')))) continue;
        try {
          loadPack(copy);
          missed.push(`${where} = ${JSON.stringify(value)}`);
        } catch (e) {
          if (!(e instanceof PackError)) missed.push(`${where} = ${JSON.stringify(value)}: ${(e as Error).message}`);
        }
      }
    expect(missed).toEqual([]);
    expect(paths.length).toBeGreaterThan(5);
  });
});

describe('a value nested 200,000 deep or megabytes long is named, not stringified whole (issue 43: no RangeError from a message)', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const text = packText('ghost-free.json');
  it.each([
    ['a level id', (t: string) => t.replace(/"id":"ghost-[0-9a-f]{12}"/, `"id":${deep(200_000)}`), /^levels\[0\] › id: expected "ghost-"/],
    ['a puzzle', (t: string) => t.replace(/"puzzle":\{[^}]*\}/, `"puzzle":${deep(200_000)}`), /› puzzle: expected an object, found \[\[\[/],
    ['the hints', (t: string) => t.replace(/"hints":"[^"]*"/, `"hints":${deep(200_000)}`), /› analysis\.hints: expected base64/],
    ['the pack name', (t: string) => t.replace(/"name":"[^"]*"/, `"name":${deep(200_000)}`), /^name: expected a string/],
  ])('%s', (_what, bend, message) => {
    const bent = bend(text);
    expect(() => loadPack(bent)).toThrow(PackError);
    expect(() => loadPack(bent)).toThrow(message);
  });

  it('in a manifest', async () => {
    const { loadManifest } = await import('../../tools/client/index.ts');
    const manifest = `{"type":"manifest","packs":[{"name":"x","kind":${deep(200_000)}}]}`;
    expect(() => loadManifest(manifest)).toThrow(PackError);
    expect(() => loadManifest(`{"type":${deep(200_000)}}`)).toThrow(/^manifest › type: expected "manifest", found \[\[\[/);
  });
});

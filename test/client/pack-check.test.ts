// The client's reading of a pack agrees with the schemas where they overlap,
// and refuses a level whose stored assets do not decode (which play would
// otherwise throw on at its first question). Each case is one field bent on a
// shipped level; each was accepted before the kinds' faces checked it.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPack, PackError } from '../../tools/client/index.ts';
import { ROOT } from '../support/helpers.ts';

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

// The committed levels/ and dist/ are what the default pipeline makes, byte for
// byte, and they validate: every set regenerated from its config and seed;
// every file of dist/ (packs, manifest, pages, conformance vectors) compared
// with the dist the suite's global setup bundled from levels/ with the
// current code, and no file more or less.
import { describe, expect, inject, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KINDS } from '../../tools/kinds/index.ts';
import { generateSet } from '../../tools/commands/generate.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import { validateFiles, type OutcomeCache } from '../../tools/commands/validate.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import { ROOT, firstDifference } from '../support/helpers.ts';

// As in `proofpack pipeline`: a level in levels/ and in dist/ is recomputed once.
const cache: OutcomeCache = new Map();

describe('committed levels', () => {
  it.each(KINDS.map((k) => k.name))('levels/%s/standard.json is reproduced byte for byte from its config and seed', async (name) => {
    const kind = KINDS.find((k) => k.name === name)!;
    const file = path.join(ROOT, 'levels', name, `${kind.defaults.setName}.json`);
    const { set } = await generateSet(
      { kind, config: kind.defaults.config, seed: kind.defaults.seed, name: kind.defaults.setName },
      { threads: 2, con: memoryConsole() },
    );
    const curated = curateSet(kind, set, 'candidates');
    expect(firstDifference(formatDocument(curated), fs.readFileSync(file, 'utf8'))).toBeNull();
  });

  it('levels/ validates', async () => {
    const report = await validateFiles([path.join(ROOT, 'levels')], { threads: 2, cache });
    expect(report.files.flatMap((f) => [f.error, ...f.problems.map((p) => `${p.level} ${p.field}`)].filter(Boolean))).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('dist/ is, file for file and byte for byte, what bundle makes from levels/packs.json (pages and conformance vectors included), and validates', async () => {
    // the suite's global setup ran `proofpack bundle` on the committed levels with the current code
    const fresh = inject('freshDist');
    const dist = path.join(ROOT, 'dist');
    const files = (d: string) =>
      (fs.readdirSync(d, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => fs.statSync(path.join(d, f)).isFile()).sort();
    expect(files(dist)).toEqual(files(fresh));
    for (const f of files(fresh))
      expect(firstDifference(fs.readFileSync(path.join(dist, f), 'utf8'), fs.readFileSync(path.join(fresh, f), 'utf8')), f).toBeNull();
    const report = await validateFiles([dist], { threads: 2, cache });
    expect(report.ok).toBe(true);
  });
});

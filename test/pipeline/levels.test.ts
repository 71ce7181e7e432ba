// The committed levels/ and dist/ are what the default pipeline makes, byte for
// byte, and they validate.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KINDS } from '../../tools/kinds/index.ts';
import { generateSet } from '../../tools/commands/generate.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import { validateFiles, type OutcomeCache } from '../../tools/commands/validate.ts';
import { buildPacks, conformanceText, previewOf } from '../../tools/commands/bundle.ts';
import { writeConformance } from '../../tools/commands/shared/conformance.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import { loadDocument } from '../../tools/commands/shared/documents.ts';
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

  it('dist/ is what bundle makes from levels/packs.json, and validates', async () => {
    const packsFile = path.join(ROOT, 'levels', 'packs.json');
    const loaded = loadDocument(packsFile, ['packs-config']);
    if (loaded.type !== 'packs-config') throw new Error('not a packs config');
    const built = buildPacks(packsFile, loaded.doc);
    for (const b of built) expect(firstDifference(b.text, fs.readFileSync(path.join(ROOT, 'dist', b.file), 'utf8')), b.file).toBeNull();
    expect(firstDifference(previewOf(built), fs.readFileSync(path.join(ROOT, 'dist', 'preview', 'index.html'), 'utf8'))).toBeNull();
    // the client's conformance vectors, as the CLI has bundle write them
    const vectors = writeConformance(built.map((b) => ({ name: b.entry.name, pack: b.pack })));
    expect(vectors.map((v) => `${v.kind}.json`).sort()).toEqual(fs.readdirSync(path.join(ROOT, 'dist', 'conformance')).sort());
    for (const v of vectors)
      expect(firstDifference(conformanceText(v), fs.readFileSync(path.join(ROOT, 'dist', 'conformance', `${v.kind}.json`), 'utf8')), v.kind).toBeNull();
    const report = await validateFiles([path.join(ROOT, 'dist')], { threads: 2, cache });
    expect(report.ok).toBe(true);
  });
});

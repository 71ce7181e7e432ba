// The client restates the pack, level and manifest shapes it reads (tools/client/types.ts,
// packs.ts) so that it needs no schema library at run time. These checks hold the
// restatements to the pipeline's own types (tools/lib/formats.ts, tools/lib/kind.ts, the
// zod schemas): a field renamed or retyped on one side and not the other fails `tsc`
// (npm test's type check) here, and the runtime part checks the committed files.
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as fs from 'node:fs';
import type { Level as ClientLevel, PackFile as ClientPack } from '../../tools/client/types.ts';
import type { ManifestEntry } from '../../tools/client/packs.ts';
import { loadManifest } from '../../tools/client/index.ts';
import type { Level as LibLevel } from '../../tools/lib/kind.ts';
import type { Manifest, PackFile as LibPack } from '../../tools/lib/formats.ts';

type Keys<T> = keyof T & string;
type ClientEntryFields = { [K in keyof ManifestEntry]: ManifestEntry[K] };

describe('the client restates the formats it reads', () => {
  it('level: the same fields with the same types', () => {
    expectTypeOf<Keys<ClientLevel>>().toEqualTypeOf<Keys<LibLevel>>();
    expectTypeOf<LibLevel>().toExtend<ClientLevel>();
    expectTypeOf<ClientLevel>().toExtend<LibLevel>();
  });
  it('pack: the same fields; what the pipeline writes is what the client reads', () => {
    expectTypeOf<Keys<ClientPack>>().toEqualTypeOf<Keys<LibPack>>();
    expectTypeOf<LibPack>().toExtend<ClientPack>();
    expectTypeOf<ClientPack['source']>().toEqualTypeOf<LibPack['source']>();
  });
  it('manifest entry: every field the client reads exists in the pipeline manifest with that type', () => {
    type Entry = Manifest['packs'][number];
    expectTypeOf<Entry>().toExtend<ClientEntryFields>();
    // the committed manifest loads and keeps every entry's fields
    const text = fs.readFileSync('dist/manifest.json', 'utf8');
    const raw = JSON.parse(text) as Manifest;
    const loaded = loadManifest(text);
    expect(loaded.packs.map((p) => [p.name, p.kind, p.file, p.levels, p.bytes, p.sha256])).toEqual(
      raw.packs.map((p) => [p.name, p.kind, p.file, p.levels, p.bytes, p.sha256]),
    );
  });
});

// The JSON Schemas of every file format, built in memory from the zod schemas
// (z.toJSONSchema): the formats' own and, for every registered kind (a game's
// too), its set, pack, config and conformance files. documents.ts checks
// files against the same zod schemas; `proofpack schema --out DIR` and `npm run schema`
// (tools/scripts/write-schemas.ts, proofpack's schema/) write them.
import * as path from 'node:path';
import { z } from 'zod';
import type { PuzzleKind } from '../../lib/kind.ts';
import { writeFileAtomic } from '../../lib/io.ts';
import { AttemptRecord, Checkpoint, KindsConfig, Manifest, PacksConfig, ValidateReportSchema, packSchema, setSchema } from '../../lib/files.ts';
import { kinds } from '../../kinds/index.ts';

/** One published schema: the zod schema, which side of it (`input` for hand-written files: defaults optional), its title. */
export interface SchemaEntry {
  schema: z.ZodType;
  io: 'input' | 'output';
  title: string;
}

/** Every JSON Schema of these kinds (default: the registered ones) and the file formats: file name -> zod schema. */
export function schemaCatalogue(of: readonly PuzzleKind[] = kinds()): Map<string, SchemaEntry> {
  const m = new Map<string, SchemaEntry>();
  for (const kind of of) {
    m.set(`${kind.name}.set.schema.json`, { schema: setSchema(kind), io: 'output', title: `proofpack ${kind.name} set file` });
    m.set(`${kind.name}.pack.schema.json`, { schema: packSchema(kind), io: 'output', title: `proofpack ${kind.name} pack` });
    m.set(`${kind.name}.config.schema.json`, { schema: kind.schemas.config, io: 'input', title: `proofpack ${kind.name} generator config` });
  }
  m.set('manifest.schema.json', { schema: Manifest, io: 'output', title: 'proofpack bundle manifest' });
  m.set('packs.schema.json', { schema: PacksConfig, io: 'input', title: 'proofpack packs config' });
  m.set('kinds-config.schema.json', { schema: KindsConfig, io: 'input', title: "proofpack kinds config (a game's own kinds)" });
  m.set('checkpoint.schema.json', { schema: Checkpoint, io: 'output', title: 'proofpack generate checkpoint' });
  m.set('attempt.schema.json', { schema: AttemptRecord, io: 'input', title: 'proofpack attempt log line (one per line, JSON Lines)' });
  m.set('validate-report.schema.json', { schema: ValidateReportSchema, io: 'output', title: 'proofpack validate --json report' });
  for (const kind of of) {
    m.set(`${kind.name}.conformance.schema.json`, {
      schema: kind.conformance.schema,
      io: 'output',
      title: `proofpack ${kind.name} client conformance vectors`,
    });
  }
  return m;
}

/** The JSON Schema (draft 2020-12) of one entry, without its `$id` and title. */
function jsonSchemaOf(entry: SchemaEntry): Record<string, unknown> {
  return z.toJSONSchema(entry.schema, { io: entry.io, unrepresentable: 'any' }) as Record<string, unknown>;
}

/** The text of the published file `name` of a catalogue (default: the registered kinds'). */
export function jsonSchemaText(name: string, catalogue = schemaCatalogue()): string {
  const entry = catalogue.get(name);
  if (!entry) throw new Error(`no schema ${name}`);
  return `${JSON.stringify({ $id: `https://proofpack.invalid/schema/${name}`, title: entry.title, ...jsonSchemaOf(entry) }, null, 2)}\n`;
}

/**
 * Write every schema of these kinds and the file formats into `dir` (made if
 * missing; nothing else in it is touched), each file atomically, all of them
 * built before the first is written; returns the file names, sorted.
 */
export function writeSchemas(dir: string, of: readonly PuzzleKind[] = kinds()): string[] {
  const catalogue = schemaCatalogue(of);
  const texts = [...catalogue.keys()].sort().map((name) => [name, jsonSchemaText(name, catalogue)] as const);
  for (const [name, text] of texts) writeFileAtomic(path.join(dir, name), text);
  return texts.map(([name]) => name);
}

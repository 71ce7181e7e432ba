// The JSON Schemas in schema/ are generated from the zod schemas: fail on drift.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsonSchemaText, schemaCatalogue } from '../../tools/commands/files/schemas.ts';
import { SCHEMA_DIR } from '../../tools/lib/paths.ts';

describe('schema/', () => {
  const names = [...schemaCatalogue().keys()];
  it.each(names)('%s matches the zod schema (run `npm run schema` after changing a format)', (name) => {
    const file = fileURLToPath(new URL(name, SCHEMA_DIR));
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe(jsonSchemaText(name));
  });

  it('holds no stale schema files', () => {
    const files = fs.readdirSync(fileURLToPath(SCHEMA_DIR)).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual([...names].sort());
  });
});

// A file is checked once, by the zod schema of its format (issue 44: configs
// were checked twice, with ajv against the JSON Schemas built from zod, then
// with zod): no JSON Schema validator is imported under tools/ or depended on.
// The one-line messages keep a validator's words (config.test.ts, cli.test.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const VALIDATORS = /^(ajv|ajv-formats|@cfworker\/json-schema|jsonschema|@hyperjump\/json-schema)(\/|$)/;

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.(ts|mjs)$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('one check of a file', () => {
  it('no JSON Schema validator is imported under tools/ or listed in package.json', () => {
    const imports = sources('tools').flatMap((f) =>
      [...fs.readFileSync(path.join(ROOT, f), 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].filter((m) => VALIDATORS.test(m[1]!)).map((m) => `${f}: ${m[1]}`),
    );
    expect(imports).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const deps = ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {}));
    expect(deps.filter((d) => VALIDATORS.test(d))).toEqual([]);
  });
});

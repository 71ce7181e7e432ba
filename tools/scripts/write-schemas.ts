// Writes schema/*.schema.json from the zod schemas (npm run schema). A test
// fails when the committed files drift from what this would write.
import { writeFileAtomic } from '../lib/io.ts';
import { jsonSchemaText, schemaCatalogue } from '../commands/shared/documents.ts';
import { SCHEMA_DIR } from '../lib/paths.ts';
import { fileURLToPath } from 'node:url';

for (const name of schemaCatalogue().keys()) {
  writeFileAtomic(fileURLToPath(new URL(name, SCHEMA_DIR)), jsonSchemaText(name));
  console.log(`schema/${name}`);
}

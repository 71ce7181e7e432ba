// Writes proofpack's own schema/*.schema.json (npm run schema): the file
// formats' and the built-in kinds' schemas, by the same code as `proofpack
// schema --out DIR` (commands/files/schemas.ts). A test fails when the
// committed files drift from what this would write.
import { fileURLToPath } from 'node:url';
import { writeSchemas } from '../commands/files/schemas.ts';
import { KINDS } from '../kinds/index.ts';
import { SCHEMA_DIR } from '../lib/paths.ts';

for (const name of writeSchemas(fileURLToPath(SCHEMA_DIR), KINDS)) console.log(`schema/${name}`);

// `proofpack schema --out DIR`: the JSON Schemas of every file format and of
// every registered kind's files (a game's own kinds too), for a game's code in
// other languages; built in memory from the zod schemas (files/schemas.ts),
// as `npm run schema` writes proofpack's own schema/.
import type { Console } from '../lib/console.ts';
import { writeSchemas } from './files/schemas.ts';

export interface SchemaOptions {
  /** The folder to write the schemas into (made if missing; other files in it are left alone). */
  out: string;
}

export function schemaCommand(opts: SchemaOptions, con: Console): number {
  const names = writeSchemas(opts.out);
  con.out(`${opts.out}: ${names.length} JSON Schemas (${names.join(', ')})`);
  return 0;
}

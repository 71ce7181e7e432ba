// Level ids (docs/formats.md): `<kind>-` + the first 12 hex digits of the SHA-256 of
// the stable JSON of the canonical puzzle, and file hashes for the manifest.
import { createHash } from 'node:crypto';
import stringify from 'fast-json-stable-stringify';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function levelId(kind: string, canonicalPuzzle: unknown): string {
  return `${kind}-${sha256Hex(stringify(canonicalPuzzle)).slice(0, 12)}`;
}

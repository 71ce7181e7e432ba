// What the client says of a pack, or a manifest entry, whose kind none of its
// faces knows: the kinds it knows, the one found, and how to add a kind's face.
import { show } from '../lib/shape-check.ts';
import type { KindFace } from '../lib/face.ts';

/** One line (without the file or field in front) for a kind `found` that none of `faces` is named. */
export function unknownKind(found: unknown, faces: readonly KindFace[]): string {
  const known = faces.map((f) => JSON.stringify(f.name)).join(', ') || 'no kind';
  return `expected one of ${known}, found ${show(found)}: a kind this client has no face for; give the kind's face to createClient({ faces: [...] }) (docs/client.md)`;
}

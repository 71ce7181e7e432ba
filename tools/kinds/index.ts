// The registry: every puzzle kind the pipeline knows, by name. It sits above
// the kinds (it imports each of them) and below the commands, which look kinds
// up here and pass them down; nothing in tools/lib imports it. Adding a kind:
// one folder under tools/kinds/ plus one line here (docs/kind-contract.md has
// the whole checklist).
import type { PuzzleKind } from '../lib/kind.ts';
import { InputError } from '../lib/errors.ts';
import { ghost } from './ghost/index.ts';
import { slide } from './slide/index.ts';
import { apple } from './apple/index.ts';

export const KINDS: readonly PuzzleKind[] = [ghost, slide, apple];

export function kindByName(name: string): PuzzleKind {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new InputError(`unknown puzzle kind ${JSON.stringify(name)} (known: ${KINDS.map((k) => k.name).join(', ')})`);
  return kind;
}

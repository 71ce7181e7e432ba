// Every puzzle kind the pipeline knows, by name. Adding a kind = one folder
// under tools/kinds/ plus one line here.
import type { PuzzleKind } from './kind.ts';
import { InputError } from './errors.ts';
import { ghost } from '../kinds/ghost/index.ts';
import { slide } from '../kinds/slide/index.ts';
import { apple } from '../kinds/apple/index.ts';

export const KINDS: readonly PuzzleKind[] = [ghost, slide, apple];

export function kindByName(name: string): PuzzleKind {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new InputError(`unknown puzzle kind ${JSON.stringify(name)} (known: ${KINDS.map((k) => k.name).join(', ')})`);
  return kind;
}

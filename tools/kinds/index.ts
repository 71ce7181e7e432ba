// The registry: every puzzle kind the pipeline knows, by name. It sits above
// the kinds (it imports each of them) and below the commands, which look kinds
// up here and pass them down; nothing in tools/lib imports it. Adding a kind:
// one folder under tools/kinds/ plus one line here (docs/kind-contract.md has
// the whole checklist).
import type { PuzzleKind } from '../lib/kind.ts';
import { InputError } from '../lib/errors.ts';
import { budgetValue } from '../lib/budget.ts';
import { ghost } from './ghost/index.ts';
import { slide } from './slide/index.ts';
import { apple } from './apple/index.ts';
import { FACES } from './faces.ts';

/**
 * The kinds, each checked for what the type cannot say: a unique name, its
 * client face at the same place in kinds/faces.ts (the list the client, which
 * cannot import this file, is written against), and
 * budgets that exist (a kind without them would be silently unbounded) and
 * name numbers of its default config. Throws naming the kind and the member.
 */
export function checkedKinds(kinds: readonly PuzzleKind[], faces: readonly unknown[] = FACES): readonly PuzzleKind[] {
  const names = new Set<string>();
  for (const kind of kinds) {
    if (names.has(kind.name)) throw new Error(`kind ${JSON.stringify(kind.name)} is registered twice`);
    names.add(kind.name);
    if (kind.face?.name !== kind.name || faces.indexOf(kind.face) !== names.size - 1)
      throw new Error(`kind ${JSON.stringify(kind.name)}: its face (PuzzleKind.face) must be entry ${names.size} of kinds/faces.ts, the client's list`);
    if (!Array.isArray(kind.budgets) || kind.budgets.length === 0)
      throw new Error(`kind ${JSON.stringify(kind.name)}: no budgets (PuzzleKind.budgets): list the config numbers that bound analyze()`);
    for (const b of kind.budgets)
      if (typeof budgetValue(kind.defaults.config, b.field) !== 'number')
        throw new Error(`kind ${JSON.stringify(kind.name)}: budget ${JSON.stringify(b.field)} is not a number of its default config`);
  }
  if (faces.length !== kinds.length) throw new Error(`kinds/faces.ts lists ${faces.length} faces for ${kinds.length} kinds`);
  return kinds;
}

export const KINDS: readonly PuzzleKind[] = checkedKinds([ghost, slide, apple]);

export function kindByName(name: string): PuzzleKind {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new InputError(`unknown puzzle kind ${JSON.stringify(name)} (known: ${KINDS.map((k) => k.name).join(', ')})`);
  return kind;
}

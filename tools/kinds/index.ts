// The registry: every puzzle kind the pipeline knows, by name, read from the
// one list of kinds (list.ts). It sits above the kinds and below the commands,
// which look kinds up here and pass them down; nothing in tools/lib imports it.
// Adding a kind: one folder under tools/kinds/ plus its entry in list.ts
// (docs/kind-contract.md has the whole checklist).
import { KIND_CONTRACT_VERSION, type PuzzleKind } from '../lib/kind.ts';
import { InputError } from '../lib/errors.ts';
import { budgetValue } from '../lib/budget.ts';
import type { KindFace, KindView } from '../lib/face.ts';
import { KIND_LIST } from './list.ts';

/** An entry of the list: a kind's folder, as its index.ts exports it. */
export interface KindEntry {
  readonly kind: PuzzleKind;
  readonly face: KindFace;
  readonly view: KindView;
}

/**
 * The kinds of the list's entries, each checked for what the type cannot say:
 * a unique name; its record's face the very `face` its folder exports (what
 * the client's browser build reads in place of the record), and a `view` of
 * the same name; and budgets that exist (a kind without them would be
 * silently unbounded) and name numbers of its default config; and the
 * contract version this proofpack speaks. Throws naming the kind and the member.
 */
export function checkedKinds(entries: readonly KindEntry[]): readonly PuzzleKind[] {
  const names = new Set<string>();
  for (const { kind, face, view } of entries) {
    if (names.has(kind.name)) throw new Error(`kind ${JSON.stringify(kind.name)} is registered twice`);
    names.add(kind.name);
    if (kind.contractVersion !== KIND_CONTRACT_VERSION)
      throw new Error(
        `kind ${JSON.stringify(kind.name)} is written against kind contract version ${JSON.stringify(kind.contractVersion)} (PuzzleKind.contractVersion); this proofpack's is version ${KIND_CONTRACT_VERSION}: update the kind (docs/kind-contract.md) or install a matching proofpack`,
      );
    if (kind.face !== face || face?.name !== kind.name)
      throw new Error(
        `kind ${JSON.stringify(kind.name)}: its record's face (PuzzleKind.face) must be the face its folder exports (face.ts), named as the kind`,
      );
    if (view?.name !== kind.name) throw new Error(`kind ${JSON.stringify(kind.name)}: its folder exports no view (view.ts) named as the kind`);
    if (!Array.isArray(kind.budgets) || kind.budgets.length === 0)
      throw new Error(`kind ${JSON.stringify(kind.name)}: no budgets (PuzzleKind.budgets): list the config numbers that bound analyze()`);
    for (const b of kind.budgets)
      if (typeof budgetValue(kind.defaults.config, b.field) !== 'number')
        throw new Error(`kind ${JSON.stringify(kind.name)}: budget ${JSON.stringify(b.field)} is not a number of its default config`);
  }
  return entries.map((e) => e.kind);
}

export const KINDS: readonly PuzzleKind[] = checkedKinds(KIND_LIST as unknown as readonly KindEntry[]);

export function kindByName(name: string): PuzzleKind {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new InputError(`unknown puzzle kind ${JSON.stringify(name)} (known: ${KINDS.map((k) => k.name).join(', ')})`);
  return kind;
}

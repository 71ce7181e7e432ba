// The contract version a kind declares (PuzzleKind.contractVersion): the
// built-in kinds declare the version this proofpack speaks, and the registry
// refuses a kind written against another (or declaring none) in one line
// naming the kind, the member and what to do.
import { describe, expect, it } from 'vitest';
import { checkedKinds, KINDS, type KindEntry } from '../../tools/kinds/index.ts';
import { apple, view as appleView } from '../../tools/kinds/apple/index.ts';
import { KIND_CONTRACT_VERSION } from 'proofpack/kind';

/** A list entry of a copy of apple named apple2 whose record declares `version` (absent: no member). */
function apple2(version: unknown): KindEntry {
  const face = { ...apple.face, name: 'apple2' };
  const { contractVersion: _, ...rest } = apple;
  const kind = version === undefined ? rest : { ...rest, contractVersion: version };
  return { kind: { ...kind, name: 'apple2', face }, face, view: { ...appleView, name: 'apple2' } } as unknown as KindEntry;
}

describe('the kind contract version', () => {
  it('is declared by every built-in kind as the version this proofpack speaks', () => {
    expect(KIND_CONTRACT_VERSION).toBe(1);
    for (const kind of KINDS) expect(kind.contractVersion, kind.name).toBe(KIND_CONTRACT_VERSION);
    expect(() => checkedKinds([apple2(1)])).not.toThrow();
  });

  it('refuses another version, or none, in one line naming the kind and the member', () => {
    for (const [version, shown] of [
      [2, '2'],
      ['1', '"1"'],
      [undefined, 'undefined'],
    ] as const) {
      let message = '';
      try {
        checkedKinds([apple2(version)]);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe(
        `kind "apple2" is written against kind contract version ${shown} (PuzzleKind.contractVersion); this proofpack's is version 1: update the kind (docs/kind-contract.md) or install a matching proofpack`,
      );
    }
  });
});

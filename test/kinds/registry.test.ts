// The registry's own checks: a kind carries its budgets in its one record, and a
// kind registered without them is refused at load, never left unbounded.
import { describe, expect, it } from 'vitest';
import { checkedKinds, KINDS } from '../../tools/kinds/index.ts';
import { apple } from '../../tools/kinds/apple/index.ts';
import { budgetProblems } from '../../tools/commands/shared/budgets.ts';
import type { Loaded } from '../../tools/commands/shared/documents.ts';
import type { SetFile } from '../../tools/lib/formats.ts';

describe('the registry', () => {
  it('every registered kind has budgets naming numbers of its default config', () => {
    expect(() => checkedKinds(KINDS)).not.toThrow();
    for (const kind of KINDS) expect(kind.budgets.length).toBeGreaterThan(0);
  });

  it('refuses a kind with no budgets, or a budget its config does not have, or a name twice', () => {
    const face = { ...apple.face, name: 'apple2' };
    expect(() => checkedKinds([{ ...apple, name: 'apple2', face, budgets: [] }], [face])).toThrow(/"apple2": no budgets/);
    expect(() => checkedKinds([{ ...apple, name: 'apple2', face, budgets: [{ field: 'search.nope', ceiling: 1, bounds: 'x' }] }], [face])).toThrow(
      /budget "search.nope" is not a number/,
    );
    expect(() => checkedKinds([apple, apple], [apple.face, apple.face])).toThrow(/registered twice/);
  });

  it("refuses a kind whose client face is not in the client's list, or a list longer than the kinds", () => {
    const face = { ...apple.face, name: 'apple2' };
    expect(() => checkedKinds([{ ...apple, name: 'apple2', face }], [])).toThrow(/"apple2": its face .* must be entry 1 of kinds\/faces.ts/);
    expect(() => checkedKinds([{ ...apple, name: 'apple2' }], [apple.face])).toThrow(/"apple2": its face/);
    expect(() => checkedKinds([apple], [apple.face, face])).toThrow(/lists 2 faces for 1 kinds/);
  });

  it('a copy of a kind under a new name keeps its ceilings (a stored search.iterations of 1e8 is refused)', () => {
    const copy = { ...apple, name: 'apple2' };
    const config = { ...apple.defaults.config, search: { ...apple.defaults.config.search, iterations: 1e8 } };
    const loaded = { type: 'set', kind: copy, doc: { generator: { config } } as unknown as SetFile } as Loaded;
    expect(() => budgetProblems('copy.json', loaded)).toThrow(/search\.iterations.*over the built-in ceiling/);
  });
});

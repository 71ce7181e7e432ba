// The registry's own checks: a kind carries its budgets in its one record, and a
// kind registered without them is refused at load, never left unbounded.
import { describe, expect, it } from 'vitest';
import { checkedKinds, KINDS, type KindEntry } from '../../tools/kinds/index.ts';
import { KIND_LIST } from '../../tools/kinds/list.ts';
import { apple, view as appleView } from '../../tools/kinds/apple/index.ts';
import { budgetProblems } from '../../tools/commands/run/budgets.ts';
import type { Loaded } from '../../tools/commands/files/documents.ts';
import type { SetFile } from '../../tools/lib/formats.ts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/helpers.ts';

describe('the registry', () => {
  it('every registered kind has budgets naming numbers of its default config', () => {
    expect(checkedKinds(KIND_LIST as unknown as readonly KindEntry[])).toEqual(KINDS);
    for (const kind of KINDS) expect(kind.budgets.length).toBeGreaterThan(0);
  });

  /** A list entry of a copy of apple named apple2 (its record, face and view), with `change` made to its record. */
  const apple2 = (change: object = {}): KindEntry => {
    const face = { ...apple.face, name: 'apple2' };
    return { kind: { ...apple, name: 'apple2', face, ...change }, face, view: { ...appleView, name: 'apple2' } };
  };
  const entry = { kind: apple, face: apple.face, view: appleView } as unknown as KindEntry;

  it('refuses a kind with no budgets, or a budget its config does not have, or a name twice', () => {
    expect(() => checkedKinds([apple2()])).not.toThrow();
    expect(() => checkedKinds([apple2({ budgets: [] })])).toThrow(/"apple2": no budgets/);
    expect(() => checkedKinds([apple2({ budgets: [{ field: 'search.nope', ceiling: 1, bounds: 'x' }] })])).toThrow(/budget "search.nope" is not a number/);
    expect(() => checkedKinds([entry, entry])).toThrow(/registered twice/);
  });

  it('refuses an entry whose record carries another face than its folder exports, or whose view is missing', () => {
    const good = apple2();
    expect(() => checkedKinds([{ ...good, face: { ...good.face } }])).toThrow(/"apple2": its kind object's face .* must be the face its folder exports/);
    expect(() => checkedKinds([{ ...good, kind: { ...apple, name: 'apple2' } }])).toThrow(/"apple2": its kind object's face/);
    expect(() => checkedKinds([{ ...good, view: appleView } as KindEntry])).toThrow(/"apple2": its folder exports no view/);
  });

  it('a copy of a kind under a new name keeps its ceilings (a stored search.iterations of 1e8 is refused)', () => {
    const copy = { ...apple, name: 'apple2' };
    const config = { ...apple.defaults.config, search: { ...apple.defaults.config.search, iterations: 1e8 } };
    const loaded = { type: 'set', kind: copy, doc: { generator: { config } } as unknown as SetFile } as Loaded;
    expect(() => budgetProblems('copy.json', loaded)).toThrow(/search\.iterations.*over the built-in ceiling/);
  });
});

describe('every face', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'manifest.json'), 'utf8')) as { packs: { kind: string; file: string }[] };
  it.each(KINDS.map((k) => [k.name, k] as const))('%s: reads its shipped levels, replays one, and restores its start state from JSON', (_name, kind) => {
    const entry = manifest.packs.find((p) => p.kind === kind.name);
    if (!entry) throw new Error(`no ${kind.name} pack in dist/`);
    const level = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', entry.file), 'utf8')).levels[0];
    expect(kind.face.levelProblem(level)).toBeNull();
    expect(kind.face.replay(level)).toMatchObject({ ok: true });
    const start = kind.face.start(level);
    expect(kind.face.restore(level, JSON.parse(JSON.stringify(start)))).toEqual({ ok: true, state: start });
    expect(kind.face.restore(level, { level: 'x' })).toMatchObject({ ok: false });
    const refused = kind.face.step(level, start, { type: 'no such action' }).event as { kind: string };
    expect(refused.kind).toBe('refused');
  });
});

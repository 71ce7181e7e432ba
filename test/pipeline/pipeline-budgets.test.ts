// pipeline validates what it generated with the user's own config: that config's budgets
// are passed to its validate steps (a file read by plain validate still cannot raise them).
import { describe, expect, it } from 'vitest';
import { budgetsAllowing, parseBudgetOptions } from '../../tools/commands/shared/budgets.ts';
import { KINDS } from '../../tools/kinds/index.ts';

describe('budgetsAllowing', () => {
  it('gives nothing for the built-in configs (they are the ceilings)', () => {
    for (const kind of KINDS) expect(budgetsAllowing(kind.name, kind.defaults.config)).toEqual([]);
  });
  it('names every raised field with the value of the config, in a form --budget accepts', () => {
    const ghost = KINDS.find((k) => k.name === 'ghost')!;
    const raised = { ...(ghost.defaults.config as object), scoreGhostLimit: 30 };
    const items = budgetsAllowing('ghost', raised);
    expect(items).toEqual(['scoreGhostLimit=30']);
    expect(parseBudgetOptions(items).get('scoreGhostLimit')).toBe(30);
    const apple = KINDS.find((k) => k.name === 'apple')!;
    const base = apple.defaults.config as { search: Record<string, unknown> };
    expect(budgetsAllowing('apple', { ...base, search: { ...base.search, work: 0 } })).toEqual(['search.work=0']);
  });
});

// docs/cli.md's tables of budget ceilings are the code's (issue 43: the
// defaults table written from the code or checked by a test): every budget
// field of every kind with its ceiling and the commands that check it, and
// every run ceiling, row for row.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/helpers.ts';
import { budgetFields } from '../../tools/commands/run/budgets.ts';
import { KINDS } from '../../tools/kinds/index.ts';

const cli = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');

/** The table rows after the marker comment `marker`, as lines. */
function rows(marker: string): string[] {
  const after = cli.slice(cli.indexOf(`<!-- ${marker}`));
  const lines = after.split('\n').slice(1);
  const table = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith('|')),
  );
  return table.slice(2);
}

const n = (x: number) => x.toLocaleString('en-US');

describe('docs/cli.md, Budgets', () => {
  it('lists every budget field with its ceiling, the commands that check it and what it bounds', () => {
    const want = budgetFields().map(
      ({ kind, budget: b }) =>
        `| ${kind} | \`${b.field}\` | ${n(b.ceiling)}${b.zeroIsUnlimited ? ' (0, "no limit", is over it)' : ''} | ${b.generateOnly ? 'generate, pipeline' : 'generate, pipeline, validate'} | ${b.bounds} |`,
    );
    expect(want.length).toBeGreaterThan(10);
    expect(rows('budget-table')).toEqual(want);
  });

  it('lists every run ceiling with its default', () => {
    const want = KINDS.flatMap((k) => (k.runBudget ? [`| ${k.name} | \`${k.runBudget.field}\` | ${n(k.runBudget.ceiling)} | ${k.runBudget.unit} |`] : []));
    expect(rows('run-ceiling-table')).toEqual(want);
  });
});

describe('the CI example init writes', () => {
  it("bounds the job (timeout-minutes) and passes the runner's ceilings on the command line of every proofpack step", async () => {
    const { workflowExample } = await import('../../tools/commands/init.ts');
    const { parseBudgetOptions } = await import('../../tools/commands/run/budgets.ts');
    const yml = workflowExample('proofpack');
    expect(yml).toMatch(/^ {4}timeout-minutes: \d+$/m);
    const flags = [...yml.matchAll(/^ {8}--budget (\S+)$/gm)].map((m) => m[1] as string);
    // every budget field and run ceiling, at today's defaults, in a form --budget accepts
    const limits = parseBudgetOptions(flags);
    expect(limits.size).toBe(budgetFields().length + KINDS.filter((k) => k.runBudget).length);
    for (const { kind, budget } of budgetFields()) expect(limits.get(budget.field) ?? limits.get(`${kind}.${budget.field}`)).toBe(budget.ceiling);
    for (const step of yml.split('\n').filter((l) => l.includes('run: npx proofpack'))) expect(step).toMatch(/ \$BUDGETS$/);
  });
});

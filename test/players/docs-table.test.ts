// docs/players.md's table of how many attempts a level needs is what the
// simulator and the fit give: recomputed here (tools/lib/players/recovery.ts,
// the docs' 400 levels and three populations) and compared row by row.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoveryTable } from '../../tools/lib/players/recovery.ts';
import { ROOT } from '../support/helpers.ts';

describe('docs/players.md', () => {
  it('the attempts-per-level table is the recovery the simulator measures', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'players.md'), 'utf8');
    const block = /<!-- recovery-table -->\n([\s\S]*?)<!-- \/recovery-table -->/.exec(doc)?.[1] ?? '';
    const rows = [...block.matchAll(/^\| (\d+) \| ([0-9.]+) \|$/gm)].map((m) => ({ attemptsPerLevel: Number(m[1]), spearman: m[2] }));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const measured = recoveryTable(
      400,
      rows.map((r) => r.attemptsPerLevel),
      3,
    ).map((r) => ({ attemptsPerLevel: r.attemptsPerLevel, spearman: r.spearman.toFixed(2) }));
    expect(rows).toEqual(measured);
  });
});

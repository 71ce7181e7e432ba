// validate trusts no stored value: change one at a time, it must fail naming
// the level and the field.
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ghost } from '../tools/kinds/ghost/index.ts';
import { generateSet } from '../tools/commands/generate.ts';
import { curateSet } from '../tools/commands/curate.ts';
import { validateFiles } from '../tools/commands/validate.ts';
import { memoryConsole } from '../tools/lib/console.ts';
import { formatDocument } from '../tools/lib/json.ts';
import type { SetFile } from '../tools/lib/files.ts';
import { tempDir } from './helpers.ts';

let curated: SetFile;
const dir = tempDir();

beforeAll(async () => {
  const { set } = await generateSet(ghost, ghost.defaults.config, 3, 'mut', 1, memoryConsole(), 60);
  curated = curateSet(ghost, set, 'mut.json');
});

/** A level with pair and contradiction rounds, so every count is non-zero. */
const pick = (s: SetFile) => s.levels.findIndex((l) => (l.analysis as { contradiction: number; pair: number }).contradiction > 0 && (l.analysis as { pair: number }).pair > 0);

async function validateMutated(mutate: (s: SetFile, i: number) => void) {
  const s = structuredClone(curated);
  const i = pick(s);
  expect(i).toBeGreaterThanOrEqual(0);
  const id = s.levels[i]!.id;
  mutate(s, i);
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, formatDocument(s));
  const report = await validateFiles([file], 1);
  return { report, id, problems: report.files[0]!.problems };
}

describe('validate', () => {
  it('passes the untouched set', async () => {
    const { report } = await validateMutated(() => {});
    expect(report.ok).toBe(true);
  });

  const cases: [string, (s: SetFile, i: number) => void, string][] = [
    ['analysis.ghosts', (s, i) => (s.levels[i]!.analysis as { ghosts: number }).ghosts++, 'analysis.ghosts'],
    ['analysis.direct', (s, i) => (s.levels[i]!.analysis as { direct: number }).direct++, 'analysis.direct'],
    ['analysis.pair', (s, i) => (s.levels[i]!.analysis as { pair: number }).pair--, 'analysis.pair'],
    ['analysis.contradiction', (s, i) => (s.levels[i]!.analysis as { contradiction: number }).contradiction++, 'analysis.contradiction'],
    ['analysis.logicDepth', (s, i) => (s.levels[i]!.analysis as { logicDepth: number }).logicDepth--, 'analysis.logicDepth'],
    [
      'a clue number',
      (s, i) => {
        const p = s.levels[i]!.puzzle as { grid: string[] };
        const r = p.grid.findIndex((row) => /[0-7]/.test(row));
        const c = p.grid[r]!.search(/[0-7]/);
        p.grid[r] = p.grid[r]!.slice(0, c) + String(Number(p.grid[r]![c]) + 1) + p.grid[r]!.slice(c + 1);
      },
      'puzzle.grid[',
    ],
    ['a row count', (s, i) => ((s.levels[i]!.puzzle as { rows: number[] }).rows[0]! += 1), 'puzzle.rows[0]'],
    ['a column count', (s, i) => ((s.levels[i]!.puzzle as { cols: number[] }).cols[1]! += 1), 'puzzle.cols[1]'],
    [
      'a solution cell',
      (s, i) => {
        const sol = s.levels[i]!.solution as string[];
        const r = sol.findIndex((row) => row.includes('G'));
        sol[r] = sol[r]!.replace('G', '.');
      },
      'solution[',
    ],
    ['the tier', (s, i) => (s.levels[i]!.tier = s.levels[i]!.tier === 'EASY' ? 'HARD' : 'EASY'), 'tier'],
    ['the id', (s, i) => (s.levels[i]!.id = 'ghost-0123456789ab'), 'id'],
  ];

  it.each(cases)('catches a changed %s', async (_name, mutate, field) => {
    const { report, problems } = await validateMutated(mutate);
    expect(report.ok).toBe(false);
    const s = structuredClone(curated);
    const i = pick(s);
    mutate(s, i);
    const id = s.levels[i]!.id;
    expect(problems.some((p) => p.level === id && p.field.startsWith(field))).toBe(true);
  });

  it('catches changed calibration weights at set level', async () => {
    const { problems } = await validateMutated((s) => {
      (s.calibration as { weights: { pair: number } }).weights.pair += 1;
    });
    expect(problems.some((p) => p.level === 'set' && p.field === 'calibration.weights.pair')).toBe(true);
    // and logicDepth no longer matches the stored weights for levels that needed L2
    expect(problems.some((p) => p.field === 'analysis.logicDepth')).toBe(true);
  });

  it('catches levels out of order', async () => {
    const { problems } = await validateMutated((s) => {
      s.levels.reverse();
    });
    expect(problems.some((p) => p.level === 'set' && p.field.startsWith('levels['))).toBe(true);
  });
});

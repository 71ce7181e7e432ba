// The kind contract (docs/kind-contract.md), checked for every registered
// kind: a new kind is tested by registering it, not by writing new tests.
// Each kind generates a few real levels from its default config (made cheap by
// quickConfig); then the members' promises are held against them.
import { describe, expect, it, beforeAll } from 'vitest';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { KINDS } from '../../tools/kinds/index.ts';
import { generateSet } from '../../tools/commands/generate.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import { validateFiles } from '../../tools/commands/validate.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument, stableJson } from '../../tools/lib/json.ts';
import { levelId } from '../../tools/lib/ids.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import { FACES } from '../../tools/kinds/faces.ts';
import { quickConfig, tempDir } from '../support/helpers.ts';

const LEVELS = 6;

describe.each(KINDS.map((k) => [k.name, k] as const))('%s keeps the kind contract', (_name, kind) => {
  let candidates: SetFile;
  const config = quickConfig(kind.name);
  const ctx = () => ({ config, calibration: candidates.calibration });

  beforeAll(async () => {
    const report = await generateSet({ kind, config, seed: 4242, name: 'contract', count: LEVELS }, { threads: 1, con: memoryConsole() });
    candidates = report.set;
    expect(candidates.levels.length).toBeGreaterThan(0);
  });

  it('declares its formats, tiers and defaults', () => {
    expect(kind.tiers.length).toBeGreaterThan(0);
    expect(new Set(kind.tiers).size).toBe(kind.tiers.length);
    expect(kind.schemas.config.safeParse(kind.defaults.config).success).toBe(true);
    expect(kind.plan(kind.defaults.config).length).toBeGreaterThan(0);
  });

  it('generates levels that parse with its schemas and whose ids come from canonical()', () => {
    for (const l of candidates.levels) {
      expect(kind.schemas.puzzle.safeParse(l.puzzle).success).toBe(true);
      expect(kind.schemas.solution.safeParse(l.solution).success).toBe(true);
      expect(kind.schemas.analysis.safeParse(l.analysis).success).toBe(true);
      expect(l.id).toBe(levelId(kind.name, kind.canonical(l.puzzle)));
    }
  });

  it('canonical() is idempotent and the same for every equivalent puzzle', () => {
    for (const l of candidates.levels) {
      const c = stableJson(kind.canonical(l.puzzle));
      expect(stableJson(kind.canonical(kind.canonical(l.puzzle)))).toBe(c);
      const eq = kind.equivalents(l.puzzle);
      expect(stableJson(eq[0])).toBe(stableJson(l.puzzle));
      for (const q of eq) expect(stableJson(kind.canonical(q))).toBe(c);
    }
  });

  it('analyze() is deterministic and gives what generate stored', () => {
    for (const l of candidates.levels) {
      const a = kind.analyze(l.puzzle, ctx());
      const b = kind.analyze(structuredClone(l.puzzle), ctx());
      expect(b).toEqual(a);
      expect(a.status).toBe('proven');
      if (a.status !== 'proven') continue;
      expect(a.analysis).toEqual(l.analysis);
      expect(kind.solutionProblems(l.puzzle, l.solution, a)).toEqual([]);
      expect(kind.ruleProblems(l.puzzle, l.solution, l.analysis)).toEqual([]);
    }
  });

  it('tierOf() names one of its tiers or null', () => {
    for (const l of candidates.levels) {
      const t = kind.tierOf(l.analysis, candidates.calibration, config);
      expect(t === null || kind.tiers.includes(t)).toBe(true);
    }
  });

  it('its curated levels pass validate', async () => {
    const dir = tempDir();
    const curated = curateSet(kind, candidates, 'contract.json');
    const file = path.join(dir, `${kind.name}.json`);
    fs.writeFileSync(file, formatDocument(curated));
    const report = await validateFiles([file], { threads: 1 });
    expect(report.files[0]!.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('has a client face, the one in the list the client is written against, that takes its curated levels and replays every stored solution without a disagreement', () => {
    expect(kind.face.name).toBe(kind.name);
    expect(FACES).toContain(kind.face);
    const curated = curateSet(kind, candidates, 'contract.json');
    expect(curated.levels.length).toBeGreaterThan(0);
    for (const l of curated.levels) {
      expect(kind.face.levelProblem(JSON.parse(JSON.stringify(l))), l.id).toBeNull();
      const report = kind.face.replay(l);
      expect(report.problems, l.id).toEqual([]);
      expect(report.ok).toBe(true);
    }
  });
});

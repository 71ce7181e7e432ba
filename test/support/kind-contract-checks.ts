// The kind contract (docs/kind-contract.md) held against a kind that no
// registry lists yet, on levels driven through its members (kind-drive.ts):
// what test/kinds/contract.test.ts checks for the registered kinds, plus the
// record's own rules (contract version, name, face and view, budgets). Used by
// the tests of the template kind and the example game's kind.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { KIND_CONTRACT_VERSION, type PuzzleKind } from 'proofpack/kind';
import type { KindFace, KindView } from 'proofpack/face';
import { budgetValue } from '../../tools/lib/budget.ts';
import { levelId } from '../../tools/lib/ids.ts';
import { stableJson } from '../../tools/lib/json.ts';
import { drive, type Driven } from './kind-drive.ts';

/** `value` bent to an edge a consistent level never reaches: a list or string cut, grown, emptied or reversed, a number at or past a bound. */
function bend(value: unknown, choice: number, n: number): unknown {
  if (Array.isArray(value)) return [value.slice(0, n % (value.length + 1)), [...value, ...value.slice(0, 1 + (n % 3))], [], [...value].reverse()][choice % 4];
  if (typeof value === 'string')
    return [value.slice(0, n % (value.length + 1)), value + value.slice(0, 1 + (n % 4)), '', [...value].reverse().join('')][choice % 4];
  if (typeof value === 'number') return [0, -1, value + 1, value - 1, 1e8, 2 ** 31, 15, 81, 0.5][choice % 9];
  return value;
}

/** `level` with the value at one path (a walk of `pick` steps into it) bent. */
function bentAt(level: unknown, pick: number, choice: number, n: number): unknown {
  const walk = (v: unknown, k: number): unknown => {
    const keys = v !== null && typeof v === 'object' ? Object.keys(v) : [];
    if (k === 0 || keys.length === 0) return bend(v, choice, n);
    const key = keys[k % keys.length] as string;
    const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string, unknown>;
    copy[key] = walk(copy[key], Math.floor(k / keys.length));
    return copy;
  };
  return walk(level, pick);
}

/** A kind module as a game's kinds.json lists it: its record, face and view. */
export interface KindModule {
  kind: PuzzleKind<any, any, any, any, any, any>;
  face: KindFace<any, string, any, any, any>;
  view: KindView<any, string, any, any, any, any>;
}

/** Registers the contract's tests for `mod` on the levels `config` makes from `seed`; returns the driven set for the caller's own tests. */
export function contractChecks(mod: KindModule, config: unknown, seed: number): { set: () => Driven<any, any, any, any> } {
  const { kind } = mod;
  let set: Driven<any, any, any, any>;
  const ctx = () => ({ config, calibration: set.calibration });
  beforeAll(() => {
    set = drive(kind, config, seed);
  });

  it('declares its contract version, a valid name, its own face and view, budgets of its default config, distinct tiers', () => {
    expect(kind.contractVersion).toBe(KIND_CONTRACT_VERSION);
    expect(kind.name).toMatch(/^[a-z][a-z0-9]*$/);
    expect(kind.face).toBe(mod.face);
    expect(mod.face.name).toBe(kind.name);
    expect(mod.view.name).toBe(kind.name);
    expect(kind.budgets.length).toBeGreaterThan(0);
    for (const b of kind.budgets) expect(typeof budgetValue(kind.defaults.config, b.field), b.field).toBe('number');
    expect(kind.schemas.config.safeParse(kind.defaults.config).success).toBe(true);
    expect(kind.schemas.config.safeParse(config).success).toBe(true);
    expect(new Set(kind.tiers).size).toBe(kind.tiers.length);
  });

  it('generates levels of more than one tier, with no disagreement, that parse with its schemas, survive a JSON round trip and carry the id of their canonical puzzle', () => {
    expect(set.levels.length).toBeGreaterThan(3);
    expect(set.disagreements).toBe(0);
    expect(new Set(set.levels.map((l) => l.tier)).size).toBeGreaterThan(1);
    for (const l of set.levels) {
      expect(kind.schemas.puzzle.safeParse(l.puzzle).success).toBe(true);
      expect(kind.schemas.solution.safeParse(l.solution).success).toBe(true);
      expect(kind.schemas.analysis.safeParse(l.analysis).success).toBe(true);
      expect(stableJson(JSON.parse(JSON.stringify(l)))).toBe(stableJson(l));
      expect(l.id).toBe(levelId(kind.name, kind.canonical(l.puzzle)));
    }
  });

  it('canonical() is idempotent, the same for every equivalent, and every equivalent is the same game (same analysis)', () => {
    for (const l of set.levels) {
      const c = stableJson(kind.canonical(l.puzzle));
      expect(stableJson(kind.canonical(kind.canonical(l.puzzle)))).toBe(c);
      const eq = kind.equivalents(l.puzzle);
      expect(stableJson(eq[0])).toBe(stableJson(l.puzzle));
      for (const q of eq) {
        expect(kind.schemas.puzzle.safeParse(q).success).toBe(true);
        expect(stableJson(kind.canonical(q))).toBe(c);
        const out = kind.analyze(q, ctx());
        expect(out.status === 'proven' && out.analysis).toEqual(l.analysis);
      }
    }
  });

  it('analyze() and analyzeWork() are deterministic, agree, give what generate stored and no rule or solution problem', () => {
    for (const l of set.levels) {
      const a = kind.analyze(l.puzzle, ctx());
      expect(kind.analyze(structuredClone(l.puzzle), ctx())).toEqual(a);
      if (kind.analyzeWork) {
        const w = kind.analyzeWork(l.puzzle, ctx());
        expect(w.outcome).toEqual(a);
        expect(kind.analyzeWork(l.puzzle, ctx()).work).toBe(w.work);
      }
      expect(a.status).toBe('proven');
      if (a.status !== 'proven') continue;
      expect(a.analysis).toEqual(l.analysis);
      expect(a.solution).toEqual(l.solution);
      expect(kind.solutionProblems(l.puzzle, l.solution, a)).toEqual([]);
      expect(kind.ruleProblems(l.puzzle, l.solution, l.analysis)).toEqual([]);
    }
  });

  it('calibrate() does not depend on the order of the levels and is a fixed point on the levels it keeps; tierOf() names a tier', () => {
    expect(kind.calibrate([...set.levels].reverse(), config)).toEqual(set.calibration);
    expect(kind.calibrate(set.levels, config)).toEqual(set.calibration);
    expect(kind.schemas.calibration.safeParse(set.calibration).success).toBe(true);
    for (const l of set.levels) expect(kind.tiers).toContain(kind.tierOf(l.analysis, set.calibration, config));
    const table = kind.tierTable(set.levels);
    expect(table.rows.length).toBeGreaterThan(0);
    for (const l of set.levels) {
      const picture = kind.preview?.(l, ctx()).picture;
      if (picture) expect(picture.fill.length).toBe(picture.rows * picture.cols);
    }
  });

  it('its face reads every level, replays every stored solution and restores a fresh game; its conformance vectors parse with its schema and are reproducible', () => {
    for (const l of set.levels) {
      expect(kind.face.levelProblem(JSON.parse(JSON.stringify(l))), l.id).toBeNull();
      const report = kind.face.replay(l);
      expect(report.problems, l.id).toEqual([]);
      expect(report.ok).toBe(true);
      const fresh = kind.face.start(l);
      expect(kind.face.restore(l, JSON.parse(JSON.stringify(fresh)))).toEqual({ ok: true, state: fresh });
    }
    const packs = [{ name: 'all', levels: set.levels }];
    const vectors = kind.conformance.vectors(packs);
    expect(vectors.games.length + vectors.cases.length).toBeGreaterThan(0);
    const file = { type: 'conformance', formatVersion: 2, kind: kind.name, ...vectors };
    const parsed = kind.conformance.schema.safeParse(JSON.parse(JSON.stringify(file)));
    expect(parsed.error).toBeUndefined();
    expect(stableJson(kind.conformance.vectors(packs))).toBe(stableJson(vectors));
  });

  it('never throws on schema-valid bent levels: every member that reads a level reports instead (fast-check)', () => {
    const bent = fc
      .record({ base: fc.nat(), part: fc.constantFrom('puzzle', 'solution', 'analysis'), pick: fc.nat({ max: 400 }), choice: fc.nat(), n: fc.nat() })
      .map(({ base, part, pick, choice, n }) => {
        const level = structuredClone(set.levels[base % set.levels.length]) as unknown as Record<string, unknown>;
        return { ...level, [part]: bentAt(level[part], 1 + pick, choice, n) } as unknown as (typeof set.levels)[number];
      })
      .filter((l) => (['puzzle', 'solution', 'analysis'] as const).every((k) => kind.schemas[k].safeParse(l[k]).success));
    fc.assert(
      fc.property(bent, (l) => {
        const out = kind.analyze(l.puzzle, ctx());
        if (out.status === 'proven') kind.solutionProblems(l.puzzle, l.solution, out);
        kind.ruleProblems(l.puzzle, l.solution, l.analysis);
        kind.equivalents(l.puzzle).map((q) => kind.canonical(q));
        kind.tierOf(l.analysis, set.calibration, config);
        kind.difficulty(l.analysis);
        kind.tierTable([l]);
        kind.calibrate([l], config);
        kind.preview?.(l, ctx());
        if (kind.face.levelProblem(JSON.parse(JSON.stringify(l))) !== null) return;
        kind.face.replay(l);
        const state = kind.face.start(l);
        mod.view.view(l, state, mod.view.ui(l));
        kind.face.restore(l, state);
      }),
      { numRuns: 150, seed: 24 },
    );
  });

  return { set: () => set };
}

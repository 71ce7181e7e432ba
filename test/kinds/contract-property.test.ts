// The kind contract's first rule, as a property: a level that passes the
// kind's schemas must never make a member throw (docs/kind-contract.md). For
// every registered kind, fast-check bends real levels of the committed set —
// arrays cut short or grown, strings cut, counts at and past their bounds,
// huge numbers — keeps only what the schemas accept, and feeds every member
// that reads a level: each must return (a problem report, an outcome), never throw.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { KINDS } from '../../tools/kinds/index.ts';
import type { Level, PuzzleKind } from '../../tools/lib/kind.ts';
import { staticProblems, recomputedProblems, setProblems } from '../../tools/commands/shared/level-checks.ts';
import type { SetFile } from '../../tools/lib/files.ts';
import { ROOT, quickConfig } from '../support/helpers.ts';
import { stableJson } from '../../tools/lib/json.ts';

type Json = unknown;
type Path = (string | number)[];

/** Every path to a value inside a JSON tree (depth-first). */
function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, Json>)[k], [...at, k], out);
  return out;
}

function getAt(v: Json, p: Path): Json {
  let x = v;
  for (const s of p) x = (x as Record<string | number, Json>)[s];
  return x;
}

function setAt(v: Json, p: Path, value: Json): Json {
  if (p.length === 0) return value;
  const copy = structuredClone(v) as Record<string | number, Json>;
  let x = copy;
  for (const s of p.slice(0, -1)) x = x[s] as Record<string | number, Json>;
  x[p[p.length - 1]!] = value;
  return copy;
}

/** The ways a value is bent: the edges a consistent level never reaches. */
function bend(value: Json, choice: number, n: number): Json {
  if (Array.isArray(value)) {
    const k = Math.max(0, value.length - 1 - (n % Math.max(1, value.length)));
    return [value.slice(0, k), [...value, ...value.slice(0, 1 + (n % 3))], [], value.slice(1), [...value].reverse()][choice % 5];
  }
  if (typeof value === 'string') {
    const k = n % Math.max(1, value.length);
    return [value.slice(0, k), value + value.slice(0, 1 + (n % 4)), '', value.slice(0, k) + value.slice(k + 1), value.split('').reverse().join('')][choice % 5];
  }
  if (typeof value === 'number') return [0, -1, value + 1, value - 1, 1e8, 2 ** 31, Number.MAX_SAFE_INTEGER, 81, 9, 0.5][choice % 10];
  if (typeof value === 'boolean') return !value;
  return value;
}

function loadLevels(kind: PuzzleKind): SetFile {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'levels', kind.name, `${kind.defaults.setName}.json`), 'utf8')) as SetFile;
}

describe.each(KINDS.map((k) => [k.name, k] as const))('%s: schema-valid but inconsistent levels never make a member throw', (_name, kind) => {
  const set = loadLevels(kind);
  // small boards: the few cheapest levels (by the kind's cost estimate), so analyze() stays quick
  const config = quickConfig(kind.name);
  const levels = [...set.levels].sort((a, b) => (kind.analyzeCost?.(a.puzzle, config) ?? 0) - (kind.analyzeCost?.(b.puzzle, config) ?? 0)).slice(0, 4);
  const ctx = { config, calibration: set.calibration };
  const parts = ['puzzle', 'solution', 'analysis'] as const;

  const bentLevel = fc
    .record({
      base: fc.integer({ min: 0, max: levels.length - 1 }),
      edits: fc.array(fc.record({ part: fc.constantFrom(...parts), pick: fc.nat(), choice: fc.nat(), n: fc.nat() }), { minLength: 1, maxLength: 3 }),
    })
    .map(({ base, edits }) => {
      const level = structuredClone(levels[base]!) as Level;
      for (const e of edits) {
        const all = paths(level[e.part]);
        const p = all[e.pick % all.length]!;
        level[e.part] = setAt(level[e.part], p, bend(getAt(level[e.part], p), e.choice, e.n));
      }
      return level;
    })
    .filter(
      (l) =>
        kind.schemas.puzzle.safeParse(l.puzzle).success &&
        kind.schemas.solution.safeParse(l.solution).success &&
        kind.schemas.analysis.safeParse(l.analysis).success,
    );

  const noThrow = (what: string, l: Level, run: () => unknown) => {
    try {
      run();
    } catch (e) {
      throw new Error(`${kind.name} ${what} threw ${String(e)} on ${JSON.stringify({ puzzle: l.puzzle, solution: l.solution }).slice(0, 400)}`);
    }
  };

  it('the rule checks, ids, tiers and the preview report problems instead of throwing', () => {
    fc.assert(
      fc.property(bentLevel, (raw) => {
        const l = {
          ...raw,
          puzzle: kind.schemas.puzzle.parse(raw.puzzle),
          solution: kind.schemas.solution.parse(raw.solution),
          analysis: kind.schemas.analysis.parse(raw.analysis),
        };
        noThrow('staticProblems (canonical, ruleProblems)', l, () => staticProblems(kind, l, 0, new Map([[l.id, 0]])));
        noThrow('tierOf', l, () => kind.tierOf(l.analysis, set.calibration, config));
        noThrow('difficulty', l, () => kind.difficulty(l.analysis));
        noThrow('recalibrate', l, () => kind.recalibrate(l.analysis, set.calibration));
        noThrow('equivalents', l, () => kind.equivalents(l.puzzle));
        noThrow('tierTable', l, () => kind.tierTable([l]));
        if (kind.preview) noThrow('preview', l, () => kind.preview!(l, ctx));
      }),
      { numRuns: 300, seed: 24 },
    );
  });

  it('analyze and the comparison with its outcome report problems instead of throwing', () => {
    fc.assert(
      fc.property(bentLevel, (raw) => {
        const l = {
          ...raw,
          puzzle: kind.schemas.puzzle.parse(raw.puzzle),
          solution: kind.schemas.solution.parse(raw.solution),
          analysis: kind.schemas.analysis.parse(raw.analysis),
        };
        let outcome: ReturnType<PuzzleKind['analyze']> | undefined;
        noThrow('analyze', l, () => {
          outcome = kind.analyze(l.puzzle, ctx);
        });
        noThrow('recomputedProblems (compare, solutionProblems, tierOf)', l, () => recomputedProblems(kind, { ...set, levels: [l] }, l, 0, outcome!));
      }),
      { numRuns: 25, seed: 24 },
    );
  });

  it('the whole-set checks take a set of such levels', () => {
    fc.assert(
      fc.property(fc.array(bentLevel, { minLength: 1, maxLength: 4 }), (raws) => {
        const ls = raws.map((raw) => ({ ...raw, analysis: kind.schemas.analysis.parse(raw.analysis) }));
        const doc = { ...set, levels: ls } as SetFile;
        noThrow('setProblems (calibrate, order)', ls[0]!, () => setProblems(kind, doc));
      }),
      { numRuns: 60, seed: 24 },
    );
  });

  it('bent levels really are inconsistent ones: each whose puzzle or stored analysis differs from every original is reported by the checks validate makes', () => {
    const sample = fc.sample(bentLevel, { numRuns: 50, seed: 24 });
    // a bent solution alone may be another solution of the same board (two slide moves swapped): only puzzle and analysis count
    const originals = new Set(levels.map((l) => stableJson([l.puzzle, l.analysis])));
    const changed = sample.filter((l) => !originals.has(stableJson([l.puzzle, l.analysis])));
    expect(changed.length).toBeGreaterThan(0);
    for (const raw of changed) {
      const l = {
        ...raw,
        puzzle: kind.schemas.puzzle.parse(raw.puzzle),
        solution: kind.schemas.solution.parse(raw.solution),
        analysis: kind.schemas.analysis.parse(raw.analysis),
      };
      const problems = staticProblems(kind, l, 0, new Map([[l.id, 0]]));
      if (problems.length === 0) problems.push(...recomputedProblems(kind, { ...set, levels: [l] }, l, 0, kind.analyze(l.puzzle, ctx)));
      expect(
        problems.length,
        `${kind.name}: a bent level passes every check: ${JSON.stringify({ puzzle: l.puzzle, solution: l.solution, analysis: l.analysis }).slice(0, 300)}`,
      ).toBeGreaterThan(0);
    }
  });
});

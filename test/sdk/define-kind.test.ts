// defineKind (proofpack/kind, issue 51): the members a studio must write,
// counted from the types by the TypeScript checker (at most 12, of
// PuzzleKind's 22); each default it writes, as docs/kind-contract.md states
// it beside the member; what is given kept over the default; a calibration
// given in part refused in one line; and the template, the built-in kinds
// and the example game's kind all written with it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defineKind, smallestEncoding, z, type KindSpec } from 'proofpack/kind';
import { kind as lights } from '../../templates/kind/index.ts';
import { GAME_STRICT_TS, ROOT, tempDir } from '../support/helpers.ts';

/** The members defineKind requires, as the guide lists them. */
const REQUIRED = ['analyze', 'budgets', 'contractVersion', 'defaults', 'difficulty', 'face', 'generateSlot', 'plan', 'schemas', 'tierOf', 'tiers'];

/**
 * Whether `names` are exactly the required (non-optional) members of `type` (tools/lib/`file`, its
 * type parameters unknown), as tsc sees it: a probe typed `Record<RequiredKeys<T>, true>` given
 * those names fails to compile when one is missing or extra. tsc's output ('' when they are).
 */
function requiredMismatch(file: string, type: string, names: readonly string[]): string {
  const dir = tempDir();
  const probe = [
    `import type { ${type} } from '${path.join(ROOT, 'tools', 'lib', file)}';`,
    'type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];',
    `export const names: Record<RequiredKeys<${type}<unknown, unknown, unknown, unknown, unknown, unknown>>, true> = { ${names.map((n) => `${n}: true`).join(', ')} };`,
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'probe.ts'), probe);
  const compilerOptions = { ...GAME_STRICT_TS, allowImportingTsExtensions: true, noEmit: true, skipLibCheck: true };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['probe.ts'] }));
  try {
    return execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

/** The smallest spec: the eleven members defineKind requires, of a tiny kind (a lamp row to put out by one press each). */
const Puzzle = z.strictObject({ lit: z.array(z.number().int().min(0).max(9)) });
type Puzzle = z.infer<typeof Puzzle>;
const face = {
  name: 'dots',
  levelProblem: () => null,
  replay: (level: { solution: number[]; puzzle: Puzzle }) => {
    const problems = level.solution.length === level.puzzle.lit.length ? [] : ['not one press a lamp'];
    return { ok: problems.length === 0, problems, moves: level.solution.length, score: 0 };
  },
  start: () => ({}),
  step: (_l: unknown, state: object) => ({ state, event: {} }),
  restore: () => ({ ok: false as const, why: 'no' }),
  outcome: () => ({ solved: false, mistakes: 0 }),
};
const spec = {
  contractVersion: 2,
  tiers: ['one', 'many'],
  schemas: { puzzle: Puzzle, solution: z.array(z.number()), analysis: z.strictObject({ n: z.number() }), config: z.strictObject({ tries: z.number() }) },
  face,
  budgets: [{ field: 'tries', ceiling: 9, bounds: 'tries' }],
  defaults: { setName: 'standard', seed: 1, config: { tries: 1 } },
  plan: () => [],
  generateSlot: () => ({ found: null, tries: 0, disagreements: 0 }),
  analyze: (p: Puzzle) => ({ outcome: { status: 'proven' as const, solution: p.lit, analysis: { n: p.lit.length } }, work: p.lit.length }),
  tierOf: (a: { n: number }) => (a.n === 1 ? 'one' : 'many'),
  difficulty: (a: { n: number }) => a.n,
} as unknown as KindSpec<Puzzle, number[], { n: number }, { tries: number }>;

describe('defineKind', () => {
  it('requires 11 members where a kind object written member by member has 22 (counted by tsc)', { timeout: 60_000 }, () => {
    expect(REQUIRED).toHaveLength(11);
    expect(requiredMismatch('define-kind.ts', 'KindSpec', REQUIRED)).toBe('');
    // one fewer, or one more, is a type error: the probe can fail
    expect(requiredMismatch('define-kind.ts', 'KindSpec', REQUIRED.slice(1))).toMatch(/analyze/);
    expect(requiredMismatch('define-kind.ts', 'KindSpec', [...REQUIRED, 'name'])).toMatch(/name/);
    const written = [
      ...REQUIRED,
      'name',
      'conformance',
      'initialCalibration',
      'calibrate',
      'recalibrate',
      'tolerances',
      'tierTable',
      'ruleProblems',
      'solutionProblems',
      'canonical',
      'equivalents',
    ];
    expect(written).toHaveLength(22);
    expect(requiredMismatch('kind.ts', 'PuzzleKind', written)).toBe('');
    expect(Object.keys(spec).sort()).toEqual([...REQUIRED].sort());
  });

  it('writes each default as the guide states it', () => {
    const kind = defineKind(spec);
    expect(kind.name).toBe('dots');
    expect(kind.conformance.vectors([])).toEqual({ cases: [], games: [] });
    const file = { type: 'conformance', formatVersion: 2, kind: 'dots', cases: [], games: [] };
    expect(kind.conformance.schema.parse(file)).toEqual(file);
    expect(kind.conformance.schema.safeParse({ ...file, cases: [{}] }).success).toBe(false);
    expect(kind.schemas.calibration.parse(null)).toBeNull();
    expect(kind.schemas.calibration.safeParse({}).success).toBe(false);
    expect(kind.initialCalibration({ tries: 1 })).toBeNull();
    expect(kind.calibrate([], { tries: 1 })).toBeNull();
    const analysis = { n: 3 };
    expect(kind.recalibrate(analysis, null)).toBe(analysis);
    expect(kind.tolerances).toEqual({});
    const level = (tier: string) => ({ id: 'dots-0', tier, puzzle: { lit: [1] }, solution: [1], analysis: { n: 1 } });
    expect(kind.tierTable([level('one'), level('many'), level('many')])).toEqual({
      columns: ['tier', 'levels'],
      rows: [
        ['one', 1],
        ['many', 2],
      ],
    });
    // ruleProblems: the face's replay of the stored solution, each of its problems a `solution` problem
    expect(kind.ruleProblems({ lit: [1, 2] }, [1, 2], analysis)).toEqual([]);
    expect(kind.ruleProblems({ lit: [1, 2] }, [1], analysis)).toEqual([
      { field: 'solution', stored: 'not one press a lamp', expected: 'a solution the face replays' },
    ]);
    // solutionProblems: stable-JSON equality with the proven solution
    expect(kind.solutionProblems({ lit: [1] }, [1], { solution: [1], analysis })).toEqual([]);
    expect(kind.solutionProblems({ lit: [1] }, [2], { solution: [1], analysis })).toEqual([{ field: 'solution', stored: [2], expected: [1] }]);
    // equivalents: the puzzle alone; canonical: the smallest encoding of the equivalents
    expect(kind.equivalents({ lit: [3, 1] })).toEqual([{ lit: [3, 1] }]);
    expect(kind.canonical({ lit: [3, 1] })).toEqual({ lit: [3, 1] });
    const mirrored = defineKind({ ...spec, equivalents: (p) => [p, { lit: [...p.lit].reverse() }] });
    expect(mirrored.canonical({ lit: [3, 1] })).toEqual({ lit: [1, 3] });
    expect(mirrored.canonical({ lit: [3, 1] })).toEqual(smallestEncoding(mirrored.equivalents({ lit: [3, 1] })));
  });

  it('keeps what is given over the default', () => {
    const tierTable = () => ({ columns: ['x'], rows: [] });
    const kind = defineKind({ ...spec, name: 'other', tolerances: { n: 0.5 }, tierTable, recalibrate: () => ({ n: 0 }) });
    expect([kind.name, kind.tolerances, kind.tierTable, kind.recalibrate({ n: 3 }, null)]).toEqual(['other', { n: 0.5 }, tierTable, { n: 0 }]);
  });

  it('refuses a calibration given in part, in one line naming the kind and what is missing', () => {
    expect(() => defineKind({ ...spec, calibrate: () => null })).toThrow(
      /^kind "dots": calibrate given without schemas\.calibration, initialCalibration: a calibration is the three together, or none \(docs\/kind-contract\.md, defineKind\)$/,
    );
    const Calibration = z.strictObject({ median: z.number().nullable() });
    const calibrated = defineKind({
      ...(spec as unknown as KindSpec<Puzzle, number[], { n: number }, { tries: number }, { median: number | null }>),
      schemas: { ...spec.schemas, calibration: Calibration },
      initialCalibration: () => ({ median: null }),
      calibrate: () => ({ median: 1 }),
    });
    expect(calibrated.schemas.calibration).toBe(Calibration);
    expect(calibrated.calibrate([], { tries: 1 })).toEqual({ median: 1 });
  });

  it('writes the template, the built-in kinds and the example game kind (their index.ts call it)', () => {
    for (const file of [
      'templates/kind/index.ts',
      ...['ghost', 'slide', 'apple'].map((k) => `tools/kinds/${k}/index.ts`),
      'examples/pixel-garden/proofpack/kinds/nonogram/index.ts',
    ])
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(/= defineKind(<[^>]*>)?\(\{\n {2}contractVersion: 2,/);
    expect(lights.name).toBe('lights');
  });
});

// The guide's smallest complete kind (docs/kind-contract.md, "The smallest
// complete kind"), taken from the guide as it stands: its four files written
// to a folder outside the repository, type-checked against the SDK's entries
// with a game's strict tsc settings, registered by the registry's own checks,
// its solver compared with brute force, and its members held to the contract
// on levels it generates.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rngFor, stableJson, type PuzzleKind } from 'proofpack/kind';
import type { KindFace, KindView, Level } from 'proofpack/face';
import { checkedKinds, type KindEntry } from '../../tools/kinds/index.ts';
import { GAME_STRICT_TS, ROOT, tempDir } from '../support/helpers.ts';

type Lamps = {
  kind: PuzzleKind<{ row: string }, number[], { presses: number }, { count: number; length: number; tries: number }, null>;
  face: KindFace;
  view: KindView;
};

/** The guide's code blocks named `ts lamps/<file>`: file name → text. */
function guideFiles(): Record<string, string> {
  const guide = fs.readFileSync(path.join(ROOT, 'docs', 'kind-contract.md'), 'utf8');
  return Object.fromEntries([...guide.matchAll(/^```ts (lamps\/[\w.-]+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]));
}

const dir = tempDir();
let lamps: Lamps;

beforeAll(async () => {
  const files = guideFiles();
  expect(Object.keys(files).sort()).toEqual(['lamps/face.ts', 'lamps/index.ts', 'lamps/rules.ts', 'lamps/view.ts']);
  fs.mkdirSync(path.join(dir, 'lamps'));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'a-game', private: true, type: 'module' }));
  lamps = (await import(pathToFileURL(path.join(dir, 'lamps', 'index.ts')).href)) as Lamps;
});

describe("the guide's smallest complete kind", () => {
  it('type-checks as written, against proofpack/kind and proofpack/face, with strict settings', () => {
    const sdk = (entry: string) => [path.join(ROOT, 'tools', 'sdk', `${entry}.ts`)];
    const compilerOptions = {
      ...GAME_STRICT_TS,
      verbatimModuleSyntax: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
      // what the installed package's exports map gives a game, here pointed at the sources
      paths: { 'proofpack/kind': sdk('kind'), 'proofpack/face': sdk('face') },
    };
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['lamps/*.ts'] }));
    const out = execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(out).toBe('');
  });

  it('passes the registry: its contract version, its face and view, its budgets', () => {
    expect(checkedKinds([lamps as unknown as KindEntry])).toEqual([lamps.kind]);
    expect(lamps.kind.face).toBe(lamps.face);
  });

  it('proves what brute force finds: the fewest presses, and rejects exactly the rows no presses put out', () => {
    const { kind } = lamps;
    let rejected = 0;
    for (const n of [3, 5, 8]) {
      for (let bits = 1; bits < 1 << n; bits++) {
        const row = [...Array(n).keys()].map((i) => ((bits >> i) & 1 ? '1' : '0')).join('');
        let fewest = Number.POSITIVE_INFINITY;
        for (let presses = 0; presses < 1 << n; presses++) {
          let r = bits;
          for (let i = 0; i < n; i++) if ((presses >> i) & 1) r ^= ((0b111 << i) >> 1) & ((1 << n) - 1);
          if (r === 0) fewest = Math.min(fewest, [...presses.toString(2)].filter((c) => c === '1').length);
        }
        const out = kind.analyze({ row }, { config: kind.defaults.config, calibration: null }).outcome;
        if (fewest === Number.POSITIVE_INFINITY) {
          expect(out.status, row).toBe('rejected');
          rejected++;
        } else {
          expect(out.status === 'proven' && out.analysis.presses, row).toBe(fewest);
          if (out.status === 'proven') expect(kind.ruleProblems({ row }, out.solution, out.analysis), row).toEqual([]);
        }
      }
    }
    expect(rejected).toBeGreaterThan(0); // a row of 5 or 8 lamps can be unsolvable
  });

  it('holds to the contract on the levels it generates: schemas, determinism, canonical form, tiers, face and view', () => {
    const { kind, face, view } = lamps;
    const config = kind.schemas.config.parse(kind.defaults.config);
    const ctx = { config, calibration: kind.initialCalibration(config) };
    const [entry] = kind.plan(config);
    let levels = 0;
    for (let slot = 0; slot < 12; slot++) {
      const r = kind.generateSlot(config, entry!.spec, rngFor(kind.defaults.seed, kind.name, slot), ctx);
      const again = kind.generateSlot(config, entry!.spec, rngFor(kind.defaults.seed, kind.name, slot), ctx);
      expect(stableJson(again)).toBe(stableJson(r));
      if (r.found === null) continue;
      levels++;
      const { puzzle, solution, analysis } = r.found;
      for (const [schema, value] of [
        [kind.schemas.puzzle, puzzle],
        [kind.schemas.solution, solution],
        [kind.schemas.analysis, analysis],
      ] as const)
        expect(schema.safeParse(value).success).toBe(true);
      expect(kind.analyze(puzzle, ctx)).toEqual({ outcome: { status: 'proven', solution, analysis }, work: 2 * puzzle.row.length });
      const canonical = kind.canonical(puzzle);
      expect(kind.canonical(canonical)).toEqual(canonical);
      for (const e of kind.equivalents(puzzle)) expect(kind.canonical(e)).toEqual(canonical);
      const tier = kind.tierOf(analysis, ctx.calibration, config);
      expect(kind.tiers).toContain(tier);
      const level: Level<{ row: string }, number[], { presses: number }> = { id: 'lamps-000000000000', puzzle, solution, analysis, tier: tier! };
      expect(kind.ruleProblems(puzzle, solution, analysis)).toEqual([]);
      expect(face.levelProblem(level as unknown as Record<string, unknown>)).toBeNull();
      expect(face.replay(level)).toMatchObject({ ok: true, moves: solution.length });
      // a game played through the view's input and the face's step to the end, then saved and restored
      let state = face.start(level);
      let ui = view.ui(level);
      for (const col of solution) {
        const answer = view.input(level, state, ui, { type: 'click', row: 0, col, count: 1 });
        for (const action of answer.actions) {
          const stepped = face.step(level, state, action);
          state = stepped.state;
          ui = view.noted(answer.ui, action, stepped.event);
        }
      }
      const shown = view.view(level, state, ui);
      expect(shown.picture.fill).toEqual(Array(puzzle.row.length).fill(0));
      expect(face.restore(level, JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, state });
    }
    expect(levels).toBeGreaterThan(6);
  });

  it('never throws on what a hostile pack or save holds: problems and refusals instead', () => {
    const { kind, face } = lamps;
    expect(face.levelProblem({ puzzle: { row: '0120' }, solution: [] })).toMatch(/^\.puzzle\.row: expected/);
    const level = { id: 'lamps-000000000000', puzzle: { row: '0110' }, solution: [0, 9], analysis: { presses: 2 }, tier: 'easy' };
    expect(face.replay(level)).toMatchObject({ ok: false, problems: ['solution[1]: no lamp 9', '2 lamps still lit after the solution'] });
    expect(kind.ruleProblems(level.puzzle, level.solution, level.analysis).map((p) => p.field)).toEqual(['solution', 'solution']);
    for (const saved of [null, 7, { presses: [99] }, { presses: 'x' }]) expect(face.restore(level, saved)).toMatchObject({ ok: false });
    expect(face.step(level, face.start(level), { press: -1 })).toMatchObject({ event: { kind: 'refused' } });
  });
});

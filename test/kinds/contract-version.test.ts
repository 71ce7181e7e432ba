// The contract version a kind declares (PuzzleKind.contractVersion): the
// built-in kinds declare the version this proofpack speaks (2); a module's
// kind written against version 1 still loads, turned by the kind loader into
// version 2's shape (lib/kind-v1.ts: analyze with analyzeWork, setReport with
// setReportWork; the machine services handed to it by version 1's names,
// ctx.machine and ctx.team), and keeps the contract; the registry refuses any other
// version (or none) in one line naming the kind, the member and what to do.
import { describe, expect, it } from 'vitest';
import { checkedKinds, KINDS, type KindEntry } from '../../tools/kinds/index.ts';
import { loadKindModule } from '../../tools/kinds/load.ts';
import { apple, view as appleView } from '../../tools/kinds/apple/index.ts';
import { checkKindCommand } from '../../tools/commands/check-kind.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { readJson } from '../../tools/lib/io.ts';
import type { Level, PuzzleKind } from '../../tools/lib/kind.ts';
import { fromContractV1 } from '../../tools/lib/kind-v1.ts';
import { KIND_CONTRACT_VERSION } from 'proofpack/kind';

/** A list entry of a copy of apple named apple2 whose kind object declares `version` (absent: no member). */
function apple2(version: unknown): KindEntry {
  const face = { ...apple.face, name: 'apple2' };
  const { contractVersion: _, ...rest } = apple;
  const kind = version === undefined ? rest : { ...rest, contractVersion: version };
  return { kind: { ...kind, name: 'apple2', face }, face, view: { ...appleView, name: 'apple2' } } as unknown as KindEntry;
}

const V1 = new URL('./fixtures/v1-apple.ts', import.meta.url).href;
const standard = readJson('levels/apple/standard.json') as { levels: Level[]; generator: { config: unknown }; calibration: unknown };

describe('the kind contract version', () => {
  it('is declared by every built-in kind as the version this proofpack speaks', () => {
    expect(KIND_CONTRACT_VERSION).toBe(2);
    for (const kind of KINDS) expect(kind.contractVersion, kind.name).toBe(KIND_CONTRACT_VERSION);
    expect(() => checkedKinds([apple2(2)])).not.toThrow();
  });

  it('refuses another version, or none, in one line naming the kind and the member', () => {
    for (const [version, shown] of [
      [3, '3'],
      [1, '1'],
      ['2', '"2"'],
      [undefined, 'undefined'],
    ] as const) {
      let message = '';
      try {
        checkedKinds([apple2(version)]);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe(
        `kind "apple2" is written against kind contract version ${shown} (PuzzleKind.contractVersion); this proofpack's is version 2 (a module's kind of version 1 still loads): update the kind (docs/kind-contract.md) or install a matching proofpack`,
      );
    }
  });

  it("loads a module's kind of version 1 in version 2's shape: analyze is its analyzeWork, setReport holds its setReportWork", async () => {
    const { kind, face, view } = await loadKindModule({ label: 'v1-apple.ts', url: V1 });
    expect(kind.contractVersion).toBe(2);
    expect(checkedKinds([{ kind, face, view }])).toEqual([kind]);
    expect(Object.keys(kind)).not.toContain('analyzeWork');
    expect(Object.keys(kind)).not.toContain('setReportWork');
    const ctx = { config: standard.generator.config, calibration: standard.calibration };
    for (const level of standard.levels.slice(0, 3)) expect(kind.analyze(level.puzzle, ctx)).toEqual(apple.analyze(level.puzzle as never, ctx as never));
    const levels = standard.levels.slice(0, 4);
    expect(kind.setReport?.work?.(ctx.config)).toEqual(apple.setReport?.work?.(ctx.config as never));
    expect(kind.setReport?.report(levels, ctx.config)).toEqual(apple.setReport?.report(levels as never, ctx.config as never));
  });

  it("hands a loaded version 1 kind's analyze the machine services by version 1's names (ctx.machine, ctx.team), the same objects", async () => {
    const { kind } = await loadKindModule({ label: 'v1-apple.ts', url: V1 });
    const { handed } = (await import(V1)) as { handed: { keys: string[]; machine: unknown; team: unknown }[] };
    const resources = { memoryBytes: 2 ** 30 };
    const threads = { size: 1, start: () => ({ size: 1, round: () => {}, close: () => {} }) };
    const level = standard.levels[0]!;
    const ctx = { config: standard.generator.config, calibration: standard.calibration };
    kind.analyze(level.puzzle, { ...ctx, resources, threads });
    expect(handed.at(-1)?.keys).toEqual(['calibration', 'config', 'machine', 'team']);
    expect(handed.at(-1)?.machine).toBe(resources);
    expect(handed.at(-1)?.team).toBe(threads);
    // absent services stay absent, under either name
    kind.analyze(level.puzzle, ctx);
    expect(handed.at(-1)?.keys).toEqual(['calibration', 'config']);
  });

  it("hands a version 1 kind's generateSlot, preview and bench hooks the machine services by version 1's names too", async () => {
    const seen: string[][] = [];
    const keys = (o: object) => seen.push(Object.keys(o).sort());
    const v1 = {
      contractVersion: 1,
      analyze: () => ({ status: 'rejected', reason: 'no' }),
      generateSlot: (_c: unknown, _s: unknown, _r: unknown, ctx: object) => (keys(ctx), { found: null, tries: 1, disagreements: 0 }),
      preview: (_l: unknown, ctx: object) => (keys(ctx), { steps: [] }),
      bench: { a: (input: object) => (keys(input), []) },
    } as unknown as PuzzleKind;
    const read = fromContractV1(v1);
    const services = { resources: { memoryBytes: 1 }, threads: { size: 1, start: () => null } };
    read.generateSlot(null, null, null as never, { config: null, calibration: null, ...services } as never);
    read.preview?.(null as never, { config: null, calibration: null, ...services } as never);
    await read.bench?.['a']?.({ standardSet: null, scratch: null as never, threads: services.threads } as never);
    expect(seen).toEqual([
      ['calibration', 'config', 'machine', 'team'],
      ['calibration', 'config', 'machine', 'team'],
      ['scratch', 'standardSet', 'team'],
    ]);
  });

  it('reads a version 1 analyze without analyzeWork as work 0, and leaves a kind of another version as it is', () => {
    const outcome = { status: 'rejected', reason: 'no' } as const;
    const v1 = { contractVersion: 1, analyze: () => outcome } as unknown as PuzzleKind;
    const read = fromContractV1(v1);
    expect(read.analyze(null, { config: null, calibration: null })).toEqual({ outcome, work: 0 });
    expect(read.setReport).toBeUndefined();
    expect(fromContractV1(apple as unknown as PuzzleKind)).toBe(apple);
  });

  it('a version 1 kind keeps the contract (check-kind, through the loader as a game kind is)', { timeout: 120_000 }, async () => {
    const { kind } = await loadKindModule({ label: 'v1-apple.ts', url: V1 });
    const con = memoryConsole();
    const code = await checkKindCommand({ count: 2, memberTimeout: 60 }, con, [{ kind, module: V1 }]);
    expect(con.outLines).toEqual(['apple: keeps the kind contract']);
    expect(code).toBe(0);
  });
});

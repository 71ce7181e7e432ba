// `proofpack check-kind` on broken kinds (test/kinds/fixtures/, each apple with
// one member broken): a non-deterministic analyze, an equivalents that throws
// on some valid puzzles, a calibrate that reads the first level, a tierTable
// that never returns, tolerances that let validate miss a change and no
// budgets, an analyze that knows nothing, an analyze that counts its work as
// -1. Each fails it with a line naming the member and the input, exit 1
// (--json: the same as data). About a minute: each fixture generates its sample
// four times, and the hanging member costs two time limits and two fresh threads.
import { describe, expect, it } from 'vitest';
import { checkKindCommand } from '../../tools/commands/check-kind.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import type { PuzzleKind } from '../../tools/lib/kind.ts';
import type { Violation } from '../../tools/commands/check-kind/violation.ts';

/** check-kind over a fixture kind (test/kinds/fixtures/<file>), in process: exit code, and its lines (or with `json`, its report). */
async function checkFixture(file: string, opts: { memberTimeout?: number; json?: boolean } = {}) {
  const module = new URL(`./fixtures/${file}`, import.meta.url).href;
  const { kind } = (await import(module)) as { kind: PuzzleKind };
  const con = memoryConsole(opts.json ? { json: true } : {});
  const code = await checkKindCommand({ count: 2, memberTimeout: opts.memberTimeout ?? 60, ...(opts.json ? { json: true } : {}) }, con, [{ kind, module }]);
  return { code, lines: con.outLines };
}

describe('check-kind on broken kinds', () => {
  it('names analyze when it is not deterministic', async () => {
    const r = await checkFixture('flaky-analyze.ts');
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(
      expect.stringMatching(
        /^apple › analyze › analyze: is not deterministic: .*; input: level apple-[0-9a-f]{12} \(levels\[0\] of proofpack generate apple --count 2\)/,
      ),
    );
  });

  it('names equivalents when it throws on some valid puzzles', async () => {
    const r = await checkFixture('throwing-equivalents.ts', { json: true });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.lines.join('\n')) as { ok: boolean; kinds: string[]; violations: Violation[] };
    expect(report.ok).toBe(false);
    expect(report.kinds).toEqual(['apple']);
    expect(report.violations).toContainEqual(
      expect.objectContaining({
        kind: 'apple',
        check: 'canonical and equivalents',
        member: 'equivalents',
        message: 'threw RangeError: equivalents: odd first row',
      }),
    );
    expect(report.violations.find((v) => v.member === 'equivalents')?.input).toMatch(
      /^level apple-[0-9a-f]{12} \(levels\[\d\] of proofpack generate apple --count 2\)$/,
    );
    // the bent levels reach it too
    expect(report.violations).toContainEqual(expect.objectContaining({ check: 'bent inputs', member: 'equivalents' }));
    expect(report.violations.every((v) => v.member === 'equivalents')).toBe(true);
  });

  it('names calibrate when it depends on the order of the levels', async () => {
    const r = await checkFixture('order-calibrate.ts');
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(
      expect.stringMatching(
        /^apple › calibrate › calibrate: depends on the order of the levels: (reversed|rotated by one) gives another calibration than in order; input: the sample's levels/,
      ),
    );
  });

  it('names the tolerances that let validate miss a changed analysis field, and missing budgets', async () => {
    const r = await checkFixture('unchecked-fields.ts');
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(
      expect.stringMatching(
        /^apple › validate names every change › tolerances: validate does not name a changed analysis\.upperBound \(\d+ → \d+\); input: level apple-[0-9a-f]{12} \(levels\[0\] of the curated proofpack generate apple --count 2\)/,
      ),
    );
    expect(r.lines).toContainEqual(
      expect.stringMatching(/^apple › budgets › budgets: none: list the config numbers that bound what analyze may spend; input: the kind record$/),
    );
    // every other analysis field is still named
    expect(r.lines.filter((l) => l.includes('validate does not name') && !l.includes('analysis.upperBound'))).toEqual([]);
  });

  it('names generateSlot when a stored level is one analyze calls unknown', async () => {
    const r = await checkFixture('unknown-analyze.ts');
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(
      expect.stringMatching(
        /^apple › nothing unknown shipped › generateSlot: stored a level that analyze calls unknown \(the search budget ran out\): only proven levels may be stored; input: level apple-[0-9a-f]{12} \(levels\[0\] of proofpack generate apple --count 2\) \(and 1 more inputs\)$/,
      ),
    );
  });

  it('names analyze when the work it counts is not a number ≥ 0 (-1), on the first level it gave it for', async () => {
    const r = await checkFixture('negative-work.ts');
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(
      expect.stringMatching(
        /^apple › analyze › analyze: counted work -1, not a number ≥ 0; input: level apple-[0-9a-f]{12} \(levels\[0\] of proofpack generate apple --count 2\)/,
      ),
    );
  });

  it('names a member that never returns, and goes on', async () => {
    const r = await checkFixture('hanging-tier-table.ts', { memberTimeout: 5 });
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual(
      expect.stringMatching(/^apple › bent inputs › tierTable: did not return within 5 s \(its thread was terminated\); input: level apple-/),
    );
    // the checks after it ran on a fresh thread and found nothing else
    expect(r.lines.filter((l) => l.startsWith('apple › '))).toHaveLength(1);
  });
});

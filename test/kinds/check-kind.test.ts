// `proofpack check-kind`, the kind contract as a command: our own kinds pass
// it run as a user runs it (in process, small counts), and broken kinds —
// apple with a non-deterministic analyze, with an equivalents that throws on
// some valid puzzles, with a tierTable that never returns, with tolerances that
// let validate miss a change and no budgets — fail it with a
// line naming the member and the input (exit 1; --json gives the same as data).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BIN } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { checkKindCommand } from '../../tools/commands/check-kind.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import type { PuzzleKind } from '../../tools/lib/kind.ts';
import type { Violation } from '../../tools/commands/check-kind/violation.ts';

describe.each(['ghost', 'slide', 'apple'])('check-kind %s', (name) => {
  it('keeps the kind contract', async () => {
    const r = await run(['check-kind', name, '--count', '3']);
    expect(r.stdout).toBe(`${name}: keeps the kind contract\n`);
    expect(r.code).toBe(0);
  });
});

/** check-kind over a fixture kind (test/kinds/fixtures/<file>), in process: exit code, and its lines (or with `json`, its report). */
async function checkFixture(file: string, opts: { memberTimeout?: number; json?: boolean } = {}) {
  const module = new URL(`./fixtures/${file}`, import.meta.url).href;
  const { kind } = (await import(module)) as { kind: PuzzleKind };
  const con = memoryConsole();
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

describe('check-kind as a command', () => {
  it('refuses bad usage in one line, exit 2, before any work', async () => {
    const unknown = await run(['check-kind', 'pear']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^proofpack: unknown puzzle kind "pear" \(known: ghost, slide, apple\)\n$/);
    const one = await run(['check-kind', 'apple', '--count', '1']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("option '--count <n>' argument '1' is invalid");
    const config = await run(['check-kind', '--config', 'x.json']);
    expect(config.code).toBe(2);
    expect(config.stderr).toBe('proofpack: check-kind --config: name the one kind the config is for\n');
  });

  it('answers Ctrl-C within seconds while checking members: exit 130, one line, its temporary folder removed', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('proofpack-check-kind-')));
    const child = spawn(process.execPath, [BIN, 'check-kind', 'slide', '--count', '2'], { env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    // once the sample is generated, the member checks run: interrupt them
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (stderr.includes('check-kind slide: canonical')) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
      child.once('exit', (c) => {
        clearInterval(poll);
        reject(new Error(`check-kind ended (exit ${c}) before its member checks: ${stderr}`));
      });
    });
    const sent = performance.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(performance.now() - sent).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(stderr.split('\n').filter((l) => l.startsWith('proofpack:'))).toEqual([
      'proofpack: interrupted: check-kind stopped while checking slide; nothing was written',
    ]);
    const left = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('proofpack-check-kind-') && !before.has(f));
    expect(left.map((f) => path.join(os.tmpdir(), f))).toEqual([]);
  });
});

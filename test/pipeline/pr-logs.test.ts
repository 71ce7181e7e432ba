// A CI job that reads well (issue 30, items 7 and 8): names from a checkout
// cannot start a workflow command or carry control characters in any line,
// note: lines included; a run without a terminal says how far it is at least
// every 10 s, with units; counts have plurals; a missing file is said in words;
// a validate report that records a failure is not "ok".
import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { PROGRESS_LINE_MS, safeLine, terminalConsole } from '../../tools/lib/console.ts';

const cli = run;

const lines = (text: string) => text.split('\n');

describe('names are escaped in every line', () => {
  it('a file named ".x\\n::error title=INJECTED::pwned.json" starts no line with "::"', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.x\n::error title=INJECTED::pwned.json'), '{}');
    fs.writeFileSync(path.join(dir, '::warning::y.json'), '{"type":"set"}');
    fs.writeFileSync(path.join(dir, 'esc\u001b[31m.json'), '{}');
    const r = await cli(['validate', dir, '--threads', '1']);
    const all = [...lines(r.stdout), ...lines(r.stderr)];
    expect(
      all.some((l) => l.includes('pwned.json')),
      r.stderr,
    ).toBe(true); // the note: line names it
    for (const l of all) expect(l).not.toMatch(/^\s*::/);
    for (const l of all) expect(l.includes(String.fromCharCode(27))).toBe(false);
  });

  it('safeLine escapes control characters and a leading "::" on every line of the text', () => {
    expect(safeLine('a\n::error::x')).toBe('a\n\\u003a:error::x');
    expect(safeLine('  ::x')).toBe('  \\u003a:x');
    expect(safeLine('tab\there\u0007')).toBe('tab\\u0009here\\u0007');
  });
});

describe('a run without a terminal', () => {
  it('prints a progress line at least every 10 s, with units and an ETA with a unit', () => {
    vi.useFakeTimers();
    try {
      let err = '';
      const con = terminalConsole({}, { stdout() {}, stderr: (t) => void (err += t), interactive: false });
      const p = con.progress('validate', 100, 'levels');
      vi.advanceTimersByTime(PROGRESS_LINE_MS / 2);
      p.update(10);
      vi.advanceTimersByTime(PROGRESS_LINE_MS / 2);
      expect(err).toMatch(/^validate: 10\/100 levels, [\d.]+ levels\/s, ETA \d+(s|m \d\ds)\n$/);
      vi.advanceTimersByTime(PROGRESS_LINE_MS);
      expect(lines(err.trim())).toHaveLength(2);
      p.stop();
      vi.advanceTimersByTime(PROGRESS_LINE_MS * 3);
      expect(lines(err.trim())).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('prints none with --quiet', () => {
    vi.useFakeTimers();
    try {
      let err = '';
      const p = terminalConsole({ quiet: true }, { stdout() {}, stderr: (t) => void (err += t), interactive: false }).progress('validate', 100, 'levels');
      vi.advanceTimersByTime(PROGRESS_LINE_MS * 3);
      p.stop();
      expect(err).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('messages', () => {
  it('a missing file: "no such file" in words; the summary counts with plurals', async () => {
    const dir = tempDir();
    const r = await cli(['validate', path.join(dir, 'nope.json'), '--threads', '1']);
    expect(r.stderr).toContain('nope.json: cannot read (no such file)');
    expect(r.stdout).toMatch(/FAILED: 1 file, 0 levels, 0 problems, 1 unreadable/);
  });

  it('a validate report that records a failure is a problem, not "ok"', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'report.json');
    fs.writeFileSync(file, JSON.stringify({ type: 'validate-report', formatVersion: 1, ok: false, files: [], levels: 0, problems: 1, errors: 0 }));
    const r = await cli(['validate', file, '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('report.json › report › ok: stored false');
    expect(r.stdout).toMatch(/FAILED: 1 file, 0 levels, 1 problem, 0 unreadable/);
  });
});

// A game's kind module that turns on the run (issue 50), in a game repository
// made from the packed tarball: tools/kinds/apple copied to
// proofpack/kinds/pear/, only its name changed, one hostile line added each
// time. Whatever the module does, the run exits 1 or 2 (never 0 on a set it
// did not check, never 3), within its ceilings plus a few seconds, with one
// line naming the module; the --json report stays one document.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../support/helpers.ts';

const game = fs.realpathSync(tempDir());
const pear = path.join(game, 'proofpack', 'kinds', 'pear');
let original = '';

/** The installed bin in the game, with `env` added; its exit code, output and wall-clock seconds. */
function bin(args: string[], env: Record<string, string> = {}) {
  const e: Record<string, string | undefined> = { ...process.env, CI: '1', NO_COLOR: '1', ...env };
  delete e['PROOFPACK_WORKER_SCRIPT'];
  const started = Date.now();
  const r = spawnSync(path.join(game, 'node_modules', '.bin', 'proofpack'), args, { cwd: game, encoding: 'utf8', env: e, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, seconds: (Date.now() - started) / 1000 };
}

/** pear's index.ts as copied, with `line` added at its end. */
function hostile(line: string): void {
  fs.writeFileSync(path.join(pear, 'index.ts'), `${original}\n${line}\n`);
}

beforeAll(() => {
  fs.writeFileSync(path.join(game, 'package.json'), JSON.stringify({ name: 'hostile-game', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--save-dev', inject('tarballs').proofpack, '--no-audit', '--no-fund'], { cwd: game, stdio: 'ignore' });
  fs.cpSync(path.join(ROOT, 'tools', 'kinds', 'apple'), pear, { recursive: true });
  for (const f of fs.readdirSync(pear)) fs.writeFileSync(path.join(pear, f), fs.readFileSync(path.join(pear, f), 'utf8').replaceAll("'apple'", "'pear'"));
  original = fs.readFileSync(path.join(pear, 'index.ts'), 'utf8');
  fs.writeFileSync(path.join(game, 'proofpack', 'kinds.json'), JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: ['./kinds/pear/index.ts'] }));
  // two apple levels, the second's stored analysis tampered: validate must find it (exit 1), never pass it
  const set = JSON.parse(fs.readFileSync(path.join(ROOT, 'levels', 'apple', 'standard.json'), 'utf8'));
  set.levels = set.levels.slice(0, 2);
  fs.writeFileSync(path.join(game, 'apple.json'), JSON.stringify(set));
  set.levels[1].analysis.maxScore += 1;
  fs.writeFileSync(path.join(game, 'tampered.json'), JSON.stringify(set));
  // the same levels as pear's (kind renamed): analysed by the pear kind's code
  const plain = JSON.parse(fs.readFileSync(path.join(game, 'apple.json'), 'utf8'));
  for (const l of plain.levels) l.id = l.id.replace(/^apple-/, 'pear-');
  fs.writeFileSync(path.join(game, 'pear.json'), JSON.stringify({ ...plain, kind: 'pear' }));
}, 120_000);

describe("a game's kind cannot make a run report success it did not earn", () => {
  it('report 1: process.exit(0) at import: validate of a tampered set exits 2 naming the module and "loading", not 0', () => {
    hostile('process.exit(0);');
    const r = bin(['validate', 'tampered.json', '--threads', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^proofpack: the process ended before the command finished \(exit code 0\) while loading proofpack\/kinds\.json.*index\.ts"\)\n$/);
    // and pipeline, which exited 0 having written nothing
    const p = bin(['pipeline', '--levels', 'p-levels', '--dist', 'p-dist', '--work', 'p-work', '--threads', '1']);
    expect(p.code, p.stderr).toBe(2);
    expect(p.stderr).toMatch(/^proofpack: the process ended before the command finished \(exit code 0\) while loading proofpack\/kinds\.json/);
    expect(fs.existsSync(path.join(game, 'p-levels'))).toBe(false);
  });

  it('report 2: a load that hangs on a worker thread ends the whole process within the start-up bound, naming "loading", whatever --threads', () => {
    hostile("import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) for (;;) {}");
    for (const threads of ['1', '2']) {
      const r = bin(['validate', 'apple.json', '--threads', threads, '--task-seconds', '2'], { PROOFPACK_STARTUP_SECONDS: '3' });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/index\.ts"\): loading ran past the start-up bound of 3 s on a worker thread/);
      expect(r.stderr).not.toContain('levels[');
      // the bound, then the 5 s the supervisor gives a child to exit after its end, on a loaded machine
      expect(r.seconds).toBeLessThan(3 + 20);
    }
  });

  it('report 3: an endless loop at import on the main thread is ended at the start-up bound; 3 GB at import at --max-memory-mib', () => {
    hostile('for (;;) {}');
    const loop = bin(['validate', 'apple.json', '--threads', '1'], { PROOFPACK_STARTUP_SECONDS: '2' });
    expect(loop.code, loop.stderr).toBe(2);
    expect(loop.stderr).toMatch(/^proofpack: .*index\.ts"\): loading ran past the start-up bound of 2 s/);
    expect(loop.seconds).toBeLessThan(2 + 10);
    hostile('const hoard: Buffer[] = [];\nfor (let i = 0; i < 3000; i++) hoard.push(Buffer.alloc(2 ** 20, 1));');
    const big = bin(['validate', 'apple.json', '--threads', '1', '--max-memory-mib', '600']);
    expect(big.code, big.stderr).toBe(2);
    expect(big.stderr).toMatch(/^proofpack: .*index\.ts"\): loading used more than 600 MiB \(--max-memory-mib\)/);
  });

  it('report 4: a worker that exits inside analyze is exit 2 naming the kind, the module and the member, not exit 3', () => {
    hostile('Object.assign(apple, { analyze: () => process.exit(0) });');
    const r = bin(['validate', 'pear.json', '--threads', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).toMatch(/the worker thread running the pear kind's analyze \(proofpack\/kinds\.json.*index\.ts"\)\) ended \(exit code 0\)/);
  });

  it('report 5: a kind that prints to stdout: validate --json stdout is exactly the one report', () => {
    hostile('console.log(\'{"errors":0,"files":[]}\');');
    const r = bin(['validate', 'tampered.json', '--json', '--threads', '1']);
    expect([1, 2], r.stderr).toContain(r.code);
    const report = JSON.parse(r.stdout);
    expect(report.errors).toBeGreaterThan(0);
    expect(r.stderr).toContain('{"errors":0,"files":[]}');
  });
});

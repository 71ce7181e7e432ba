// The CLI as a user runs it: determinism across thread counts, exit codes,
// one-line errors on bad input, bundle reproducibility. Commands run through
// main() in this process (run-cli.ts); a real process where the process is the
// point: the progress bar on a terminal, a closed pipe, exit codes through the
// launcher.
import { describe, expect, inject, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { BIN, cli, quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

let dir: string;
let candidates: string;
let curated: string;
/** The default config made cheap (helpers.ts quickConfig); test/pipeline/levels-*.test.ts cover the standard set in full. */
let quick: string;

beforeAll(async () => {
  dir = tempDir();
  candidates = path.join(dir, 'cand.json');
  curated = path.join(dir, 'curated.json');
  quick = quickConfigFile('ghost', dir);
  // the run's small ghost set (quick config, 30 boards, seed 4, --threads 1; test/support/global-setup.ts):
  // the reference the determinism checks below regenerate
  const shared = inject('smallGhostSet');
  fs.copyFileSync(shared.candidates, candidates);
  fs.copyFileSync(shared.curated, curated);
});

const oneLineNoStack = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
};

describe('generate', () => {
  it('gives the same bytes for --threads 1 and --threads 2, and on a second run', async () => {
    const two = path.join(dir, 'two.json');
    const again = path.join(dir, 'again.json');
    expect((await run(['generate', 'ghost', '--config', quick, '--count', '30', '--seed', '4', '--threads', '2', '--out', two])).code).toBe(0);
    expect((await run(['generate', 'ghost', '--config', quick, '--count', '30', '--seed', '4', '--threads', '1', '--out', again])).code).toBe(0);
    const one = fs.readFileSync(candidates);
    expect(fs.readFileSync(two).equals(one)).toBe(true);
    expect(fs.readFileSync(again).equals(one)).toBe(true);
  });

  it('curate gives the same bytes on a second run', async () => {
    const again = path.join(dir, 'curated-again.json');
    expect((await run(['curate', candidates, '--out', again])).code).toBe(0);
    expect(fs.readFileSync(again).equals(fs.readFileSync(curated))).toBe(true);
  });

  it('another seed gives other levels', async () => {
    const other = path.join(dir, 'other.json');
    expect((await run(['generate', 'ghost', '--config', quick, '--count', '30', '--seed', '5', '--threads', '1', '--out', other])).code).toBe(0);
    const ids = (f: string) => (JSON.parse(fs.readFileSync(f, 'utf8')) as { levels: { id: string }[] }).levels.map((l) => l.id);
    expect(ids(other)).not.toEqual(ids(candidates));
  });

  it('shows progress (done/total, rate, ETA) on a terminal, never in CI or with --quiet', async () => {
    // `script` runs the command on a pseudo-terminal, so stderr is a TTY
    const out = path.join(dir, 'tty.json');
    const onTty = (extra: string[], env: Record<string, string | undefined>) => {
      const command = [process.execPath, BIN, 'generate', 'ghost', '--config', quick, '--count', '30', '--threads', '1', '--out', out, ...extra].join(' ');
      const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, ...env } });
      expect(r.status, r.stdout).toBe(0);
      return r.stdout;
    };
    const noCi = { CI: undefined };
    expect(onTty([], noCi)).toMatch(/generate ghost \[[^\]]*\] \d+\/30 slots \d+% \| [\d.]+ slots\/s \| ETA (\?|\d+s|\d+m \d\ds)/);
    expect(onTty(['--quiet'], noCi)).not.toMatch(/ETA/);
    expect(onTty([], { CI: 'true' })).not.toMatch(/ETA/);
  });

  it('--preset names a built-in full-size config; unknown presets and --preset with --config are refused', async () => {
    const out = path.join(dir, 'preset.json');
    // the full preset is the standard config scaled to 2,250 wanted boards; --count keeps the test small
    const r = await run(['generate', 'ghost', '--preset', 'full', '--count', '4', '--seed', '5', '--threads', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const set = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(set.name).toBe('full');
    expect(set.generator.stats.reduce((a: number, s: { wanted: number }) => a + s.wanted, 0)).toBe(4);
    const bad = await run(['generate', 'ghost', '--preset', 'huge', '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--preset huge: ghost has the presets full, dense/);
    expect((await run(['generate', 'ghost', '--preset', 'full', '--config', out, '--out', out])).code).toBe(2);
  });

  it('slide --preset full is the standard plan scaled to 410 wanted stages', async () => {
    const out = path.join(dir, 'slide-preset.json');
    // --count keeps the test small; the preset's own count is checked through --json's stats
    const r = await run(['generate', 'slide', '--preset', 'full', '--count', '6', '--threads', '1', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.stats.reduce((a: number, s: { wanted: number }) => a + s.wanted, 0)).toBe(6);
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).name).toBe('full');
    const plan = await run(['generate', 'slide', '--preset', 'nope', '--out', out]);
    expect(plan.stderr).toMatch(/slide has the presets full/);
  });

  it('a band that cannot produce a board ends with a clear message, not a hang', async () => {
    const config = JSON.parse(fs.readFileSync(candidates, 'utf8')).generator.config;
    config.triesPerBoard = 3;
    config.plan = [{ size: 9, mode: 'contradiction', count: 2, tier: 'ULTIMATE+' }];
    const file = path.join(dir, 'hopeless.config.json');
    fs.writeFileSync(file, JSON.stringify(config));
    const out = path.join(dir, 'hopeless.json');
    const r = await run(['generate', 'ghost', '--config', file, '--threads', '1', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/9x9 contradiction -> ULTIMATE\+: no board passed in 6 tries/);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('bad input: one line naming file and field, exit 2, no stack trace', () => {
  const write = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const set = () => JSON.parse(fs.readFileSync(curated, 'utf8'));

  it.each([
    ['not JSON', () => write('notjson.json', 'hello'), /notjson\.json: not valid JSON/],
    ['truncated', () => write('trunc.json', fs.readFileSync(curated, 'utf8').slice(0, 3000)), /trunc\.json: not valid JSON/],
    ['wrong shape', () => write('shape.json', JSON.stringify({ ...set(), levels: {} })), /shape\.json › levels: must be array/],
    [
      'a 12x12 board',
      () => {
        const s = set();
        s.levels[2].puzzle.size = 12;
        return write('big.json', JSON.stringify(s));
      },
      /big\.json › ghost-[0-9a-f]{12} › puzzle\.size: must be <= 9 \(found 12\)/,
    ],
    [
      'a clue of 9',
      () => {
        const s = set();
        s.levels[1].puzzle.grid[0] = `9${s.levels[1].puzzle.grid[0].slice(1)}`;
        return write('nine.json', JSON.stringify(s));
      },
      /nine\.json › ghost-[0-9a-f]{12} › puzzle\.grid\[0\]: row strings of '\.' \(plain cell\) and '0'\.\.'8' \(clue\) \(found "9\.3\.2"\)/,
    ],
    [
      'rows of the wrong length',
      () => {
        const s = set();
        s.levels[0].puzzle.rows.push(1);
        return write('rows.json', JSON.stringify(s));
      },
      /rows\.json › ghost-[0-9a-f]{12} › puzzle\.rows: has \d+ counts, size is \d/,
    ],
    ['a missing file', () => path.join(dir, 'nope.json'), /nope\.json: cannot read \(no such file\)/],
    ['an unknown kind', () => write('kind.json', JSON.stringify({ ...set(), kind: 'sudoku' })), /kind\.json › kind: expected one of/],
  ])('%s', async (_name, make, message) => {
    const file = make();
    for (const args of [
      ['validate', file, '--threads', '1'],
      ['curate', file, '--out', path.join(dir, 'x.json')],
    ]) {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      oneLineNoStack(r.stderr);
    }
    expect(fs.existsSync(path.join(dir, 'x.json'))).toBe(false);
  });

  it('bad usage exits 2', async () => {
    expect((await run(['generate', 'ghost'])).code).toBe(2); // --out missing
    expect((await run(['generate', 'sudoku', '--out', path.join(dir, 'y.json')])).code).toBe(2);
    expect((await run(['generate', 'ghost', '--count', '-3', '--out', path.join(dir, 'y.json')])).code).toBe(2);
    expect(cli(['frobnicate']).code).toBe(2);
    const printed = await run(['config', 'ghost']);
    expect(printed.code).toBe(0);
    const badConfig = write('bad.config.json', JSON.stringify({ ...JSON.parse(printed.stdout), triesPerBoard: 'many' }));
    const r = await run(['generate', 'ghost', '--config', badConfig, '--out', path.join(dir, 'y.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.config\.json › triesPerBoard: must be integer/);
    oneLineNoStack(r.stderr);
  });

  it('a hand-written packs.json without "type" is told what to write (bundle and pipeline read only a packs config)', async () => {
    const packs = write('packs.json', JSON.stringify({ formatVersion: 1, packs: [] }));
    const r = await run(['bundle', '--packs', packs, '--out', path.join(dir, 'd')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${packs} › type: missing; this file is read as a packs config: add "type": "packs-config" to its top-level object\n`);
    const bare = write('bare-packs.json', JSON.stringify({ packs: [] }));
    expect((await run(['bundle', '--packs', bare, '--out', path.join(dir, 'd')])).stderr).toContain(
      'add "type": "packs-config" and "formatVersion": 1 to its top-level object',
    );
    expect(fs.existsSync(path.join(dir, 'd'))).toBe(false);
  });

  it("commander's own errors are one line; no command prints the usage and exits 2", async () => {
    const r = await run(['pipeline', '--sed', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("proofpack pipeline: unknown option '--sed' (Did you mean --seed?) (run proofpack pipeline --help for usage)\n");
    const none = cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^Usage: proofpack /);
  });

  /** The launcher run with its stdout a pipe whose reader has gone (`| head` that stopped reading): exit code and stderr. */
  const closedStdout = (args: string[], options: { bothStreams?: boolean } = {}) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      if (options.bothStreams) child.stderr.destroy();
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stderr }));
    });

  it('a reader that closes the pipe early (`config ghost | head`) ends the command quietly, no stack trace, exit 0', async () => {
    expect(await closedStdout(['config', 'ghost'])).toEqual({ code: 0, stderr: '' });
  });

  it("`validate … | head`: an early-closed pipe keeps validate's verdict as the exit code (1 for a problem), no stack trace", async () => {
    const dir = tempDir();
    const failed = path.join(dir, 'failed.json');
    fs.writeFileSync(failed, JSON.stringify({ type: 'validate-report', formatVersion: 1, ok: false, files: [], levels: 0, problems: 1, errors: 0 }));
    expect(await closedStdout(['validate', failed])).toEqual({ code: 1, stderr: '' });
    // stdout and stderr both closed (`validate … 2>&1 | head`)
    expect((await closedStdout(['validate', failed], { bothStreams: true })).code).toBe(1);
    // and a clean validation still exits 0
    const clean = path.join(dir, 'passed.json');
    fs.writeFileSync(clean, JSON.stringify({ type: 'validate-report', formatVersion: 1, ok: true, files: [], levels: 0, problems: 0, errors: 0 }));
    expect(await closedStdout(['validate', clean])).toEqual({ code: 0, stderr: '' });
  });

  it('import, pipeline and init do not advertise --json; import names only the kinds it can import', async () => {
    for (const c of ['import', 'pipeline', 'init']) expect((await run([c, '--help'])).stdout, c).not.toContain('--json');
    expect((await run(['generate', '--help'])).stdout).toContain('(and the --json report)');
    const help = (await run(['import', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('puzzle kind with an import format: apple ');
    expect(help).not.toContain('ghost');
  });

  it('config --keys lists the keys a partial config changes entries by', async () => {
    const r = await run(['config', 'ghost', '--keys']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^plan:\n {2}5x5 direct EASY\n/);
    expect(r.stdout).toContain('  9x9 pair ULTIMATE II #2\n');
    expect(r.stdout).toContain('bands:\n  5x5\n');
  });

  it('--help works on every command', async () => {
    for (const c of ['generate', 'curate', 'validate', 'bundle', 'pipeline', 'config']) {
      const r = await run([c, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: proofpack/);
    }
  });
});

describe('validate', () => {
  it('exits 0 on a good set and prints a JSON report with --json', async () => {
    const r = await run(['validate', curated, candidates, '--threads', '2', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(report.files).toHaveLength(2);
  });

  it('exits 1 and names file, level and field when a stored value is wrong', async () => {
    const s = JSON.parse(fs.readFileSync(curated, 'utf8'));
    s.levels[4].analysis.logicDepth += 1;
    const f = path.join(dir, 'tampered.json');
    fs.writeFileSync(f, JSON.stringify(s));
    const r = cli(['validate', f, '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `tampered.json › ${s.levels[4].id} › analysis.logicDepth: stored ${s.levels[4].analysis.logicDepth}, recomputed ${s.levels[4].analysis.logicDepth - 1}`,
    );
  });
});

describe('bundle', () => {
  it('same input, same bytes; the manifest hashes match and validate passes on the output', async () => {
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(path.join(levels, 'ghost'), { recursive: true });
    fs.copyFileSync(curated, path.join(levels, 'ghost', 'standard.json'));
    fs.writeFileSync(
      path.join(levels, 'packs.json'),
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [
          { name: 'a', set: 'ghost/standard.json', tiers: { EASY: 'all', NORMAL: 2 }, order: 'difficulty' },
          { name: 'b', set: 'ghost/standard.json', tiers: { HARD: 'all' }, order: 'shuffle', seed: 3 },
        ],
      }),
    );
    const out1 = path.join(dir, 'dist1');
    const out2 = path.join(dir, 'dist2');
    for (const out of [out1, out2]) expect((await run(['bundle', '--packs', path.join(levels, 'packs.json'), '--out', out])).code).toBe(0);
    for (const f of ['a.json', 'b.json', 'manifest.json']) expect(fs.readFileSync(path.join(out1, f)).equals(fs.readFileSync(path.join(out2, f)))).toBe(true);
    expect((await run(['validate', out1, '--threads', '1'])).code).toBe(0);
    // a pack changed after bundling is caught through the manifest
    fs.appendFileSync(path.join(out1, 'a.json'), ' ');
    const r = await run(['validate', path.join(out1, 'manifest.json'), '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/manifest\.json › a › packs\[0\]\.sha256/);
  });

  it('refuses a tier the set does not have enough levels for, exit 2', async () => {
    const packs = path.join(dir, 'packs-too-many.json');
    fs.writeFileSync(
      packs,
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [{ name: 'a', set: path.relative(dir, curated), tiers: { EASY: 9999 }, order: 'difficulty' }],
      }),
    );
    const r = await run(['bundle', '--packs', packs, '--out', path.join(dir, 'dist3')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/packs\[0\] \(a\) › tiers\.EASY: wants 9999 levels/);
    oneLineNoStack(r.stderr);
  });
});

// The bench sees the kinds every command sees (tools/bench/run.ts): in a game
// repository, `proofpack-bench` (the built bench, as a game runs it) reads the
// game's proofpack/kinds.json (or --config-dir's), prints the generic figures
// of a game's kind (generation; analyze and validate on its standard set from
// --levels) and the rows of the kind's own bench hooks; tiny counts keep it to
// seconds. A bad argument, an unknown name or a missing --config-dir folder is
// one line, exit 2.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, ROOT } from '../support/helpers.ts';
import { pearGame } from '../support/pear-game.ts';
import { run } from '../support/run-cli.ts';

let game = '';

/** `proofpack-bench ARGS` in the game's folder (BENCH_* unset: the arguments size it). */
function bench(args: string[], cwd = game) {
  const env: Record<string, string | undefined> = { ...process.env, CI: '1', NO_COLOR: '1' };
  for (const k of ['BENCH_RUNS', 'BENCH_THREADS', 'BENCH_FULL', 'BENCH_GHOST_SET']) delete env[k];
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'proofpack-bench.js'), ...args], { cwd, encoding: 'utf8', env });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The table's rows of one kind: [figure, median, unit]. */
const rowsOf = (stdout: string, kind: string) =>
  stdout
    .split('\n')
    .map((l) => l.trim().split(/ {2,}/))
    .filter((cells) => cells[0] === kind)
    .map((cells) => cells.slice(1, 4));

beforeAll(async () => {
  // the template kind, scaffolded as a game does (init in this process, where the template resolves the SDK), its set made by pipeline, and a bench hook of its own
  game = pearGame();
  const home = process.cwd();
  process.chdir(game);
  const init = await run(['init', '--kind', 'lamps', '--seed', '3']).finally(() => process.chdir(home));
  expect(init.code, init.stderr).toBe(0);
  const index = path.join(game, 'proofpack', 'kinds', 'lamps', 'index.ts');
  const hook = "bench: { 'lamps-hook': () => [{ kind: 'lamps', name: 'a figure of its own hook', value: 7, unit: 'things' }] },\n  difficulty:";
  const source = fs.readFileSync(index, 'utf8');
  expect(source).toContain('difficulty:');
  fs.writeFileSync(index, source.replace('difficulty:', hook));
  const pipeline = cli(['pipeline', '--quiet'], game);
  expect(pipeline.code, pipeline.stderr).toBe(0);
  expect(fs.existsSync(path.join(game, 'levels', 'lamps', 'standard.json'))).toBe(true);
}, 120_000);

afterAll(() => {
  if (game) fs.rmSync(game, { recursive: true, force: true });
});

describe("the bench on a game's kinds", () => {
  it("prints a game kind's generic figures and its own hook's rows, as a table of figures and ratios", () => {
    const r = bench(['--count', '3', '--runs', '1', 'lamps']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^proofpack bench: \d+ cores .*median of 1 runs\n/);
    expect(r.stdout).toMatch(/\nkind +figure +median +unit +range +target +ratio\n/);
    const rows = rowsOf(r.stdout, 'lamps');
    expect(rows.map(([figure]) => figure)).toEqual([
      expect.stringMatching(/^generate, 1 thread \(\d of 3 wanted\)$/),
      'analyze, 1 thread (3 levels spread over the standard set)',
      'validate the same 3 levels, 1 thread',
      'validate the same 3 levels, 2 threads (ratio: speed-up)',
      'a figure of its own hook',
    ]);
    for (const [, median, unit] of rows.slice(0, 4)) {
      expect(unit).toBe('levels/s');
      expect(Number(median)).toBeGreaterThan(0);
    }
    expect(rows[4]?.slice(1)).toEqual(['7.000', 'things']);
    // the 2-thread validate row compares with the 1-thread one: a ratio
    expect(r.stdout).toMatch(/validate the same 3 levels, 2 threads \(ratio: speed-up\) +[0-9.]+ +levels\/s +\S+ +[0-9.]+ +[0-9.]+x\n/);
    // only the kind asked for
    expect(rowsOf(r.stdout, 'apple')).toEqual([]);
  }, 60_000);

  it('reads --config-dir and --levels as the commands do; with no standard set, the generation figure alone', () => {
    fs.mkdirSync(path.join(game, 'elsewhere'), { recursive: true });
    fs.cpSync(path.join(game, 'proofpack', 'kinds.json'), path.join(game, 'elsewhere', 'kinds.json'));
    fs.writeFileSync(
      path.join(game, 'elsewhere', 'kinds.json'),
      JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: ['../proofpack/kinds/lamps/index.ts'] }),
    );
    const sub = path.join(game, 'sub');
    fs.mkdirSync(sub, { recursive: true });
    const r = bench(['--config-dir', '../elsewhere', '--levels', '../nowhere', '--count', '2', '--runs', '1', 'lamps-hook', 'lamps'], sub);
    expect(r.code, r.stderr).toBe(0);
    expect(rowsOf(r.stdout, 'lamps').map(([figure]) => figure)).toEqual([
      expect.stringMatching(/^generate, 1 thread \(\d of 2 wanted\)$/),
      'a figure of its own hook',
    ]);
  }, 60_000);

  it('refuses in one line, exit 2: a --config-dir that is not there, an unknown kind or suite, a bad count', () => {
    for (const [args, text] of [
      [['--config-dir', 'missing', 'lamps'], 'missing'],
      [['--runs', '1', 'plum'], 'no kind or suite named plum'],
      [['--count', '0'], '--count 0: expected a whole number'],
      [['--fast'], '--fast: unknown option'],
    ] as const) {
      const r = bench([...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(text);
    }
  }, 60_000);
});

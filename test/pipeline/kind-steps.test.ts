// Every call of a game's kind runs on the worker pool, under the runner's
// ceilings (docs/untrusted-input.md): a kind whose members other than its
// slots and analyses never return (test/fixtures/game-kinds/stuck.mjs, the
// pear kind — a copy of tools/kinds/apple — with those members looping) is
// stopped at --task-seconds with one line naming the command, the file and
// the members, exit 2, and Ctrl-C is answered within seconds while it spins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BIN } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { pearConfigDir, pearGame, pearOnlyPipeline, pearPacks, QUICK_PEAR, quickPearSet, refusal } from '../support/pear-game.ts';

/** The temporary game repository. */
let game = '';
const quick = QUICK_PEAR;

/** A config folder `name` of the game whose kinds.json lists this module of proofpack/kinds/pear/. */
const configDir = (name: string, module: string): string => pearConfigDir(game, name, module);

/** The built CLI run in the game, SIGINT sent `afterMs` after its start: its exit code and how long it took to answer the signal. */
async function interrupted(args: string[], afterMs: number): Promise<{ code: number | null; answerMs: number; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: game, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: '1' } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise((r) => setTimeout(r, afterMs));
  const sent = performance.now();
  child.kill('SIGINT');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(killer);
  return { code, answerMs: performance.now() - sent, stderr };
}

beforeAll(async () => {
  game = pearGame(['stuck.mjs']);
  await quickPearSet(game);
  // the set curated by the kind itself, and a packs config of it, for bundle
  const c = await run([
    'curate',
    path.join(game, 'pear.json'),
    '--out',
    path.join(game, 'curated-pear.json'),
    '--config-dir',
    configDir('plain', 'index.ts'),
    '--quiet',
  ]);
  expect(c.code, c.stderr).toBe(0);
  pearPacks(game, 'curated-pear.json');
  // the stuck kind but for its estimates (pear has none): its analyses run, what follows them spins
  fs.writeFileSync(
    path.join(game, 'proofpack', 'kinds', 'pear', 'stuck-checks.mjs'),
    "import { face, view, kind as stuck } from './stuck.mjs';\nimport { kind as pear } from './index.ts';\nexport const kind = { ...stuck, analyzeCost: pear.analyzeCost };\nexport { face, view };\n",
  );
}, 60_000);

afterAll(() => {
  if (game) fs.rmSync(game, { recursive: true, force: true });
});

describe("a game's kind whose other members never return", () => {
  it('curate: stopped at --task-seconds, one line naming the set and the members; nothing written', { timeout: 30_000 }, async () => {
    const out = path.join(game, 'curated.json');
    const t0 = performance.now();
    const r = await run(['curate', path.join(game, 'pear.json'), '--out', out, '--task-seconds', '2', '--config-dir', configDir('stuck', 'stuck.mjs')]);
    expect(refusal(r)).toMatch(
      /^proofpack: curate .*pear\.json \(the pear kind's canonical, tierOf, calibrate, .*\): ran past the runner's ceiling of 2 s a task \(--task-seconds\); raise it with --task-seconds N/,
    );
    expect(fs.existsSync(out)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('curate: Ctrl-C is answered within seconds while the kind spins, exit 130', { timeout: 40_000 }, async () => {
    const r = await interrupted(
      ['curate', path.join(game, 'pear.json'), '--out', path.join(game, 'c.json'), '--config-dir', configDir('stuck', 'stuck.mjs')],
      2500,
    );
    expect(r.code, r.stderr).toBe(130);
    expect(r.answerMs).toBeLessThan(5_000);
    expect(fs.existsSync(path.join(game, 'c.json'))).toBe(false);
  });

  it('bundle: stopped at --task-seconds, one line naming the packs file and the members; no dist written', { timeout: 30_000 }, async () => {
    const out = path.join(game, 'dist');
    const t0 = performance.now();
    const r = await run([
      'bundle',
      '--packs',
      path.join(game, 'packs.json'),
      '--out',
      out,
      '--task-seconds',
      '2',
      '--config-dir',
      configDir('stuck', 'stuck.mjs'),
    ]);
    expect(refusal(r)).toMatch(
      /^proofpack: bundle .*packs\.json: the pear kind's ruleProblems, preview, difficulty and conformance vectors: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/,
    );
    expect(fs.existsSync(out)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it("generate: a found level's tier and id are computed with its slot on the pool: stopped at --task-seconds, naming the slot", {
    timeout: 30_000,
  }, async () => {
    const out = path.join(game, 'gen-stuck.json');
    const t0 = performance.now();
    const r = await run([
      'generate',
      'pear',
      '--config',
      path.join(game, 'pear.quick.json'),
      '--count',
      '1',
      '--threads',
      '1',
      '--task-seconds',
      '2',
      '--out',
      out,
      '--config-dir',
      configDir('stuck', 'stuck.mjs'),
    ]);
    expect(refusal(r)).toMatch(/^proofpack: .*pear\.quick\.json › plan › .+ › slot 0: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/);
    expect(fs.existsSync(out)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it("validate: the kind's analysis estimates (analyzeCost) run on the pool: stopped at --task-seconds, naming the member", { timeout: 30_000 }, async () => {
    const t0 = performance.now();
    const r = await run(['validate', path.join(game, 'pear.json'), '--task-seconds', '2', '--threads', '1', '--config-dir', configDir('stuck', 'stuck.mjs')]);
    expect(refusal(r)).toMatch(/^proofpack: validate: the pear kind's analyzeCost of 2 levels: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it("validate: the kind's checks of a file (ids, rules, tiers, calibration, order) run on the pool: stopped at --task-seconds, naming the file", {
    timeout: 30_000,
  }, async () => {
    // the stuck kind but for its estimates: the analyses run, then the file's checks spin
    const dir = configDir('stuck-checks', 'stuck-checks.mjs');
    const t0 = performance.now();
    const r = await run(['validate', path.join(game, 'pear.json'), '--task-seconds', '2', '--threads', '1', '--config-dir', dir]);
    expect(refusal(r)).toMatch(
      /^proofpack: validate .*pear\.json: the pear kind's checks \(canonical, ruleProblems, .*\): ran past the runner's ceiling of 2 s a task \(--task-seconds\)/,
    );
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it("import: a proven record's tier and id are computed with its analysis on the pool: stopped at --task-seconds, naming the record", {
    timeout: 30_000,
  }, async () => {
    const set = JSON.parse(fs.readFileSync(path.join(game, 'pear.json'), 'utf8')) as { levels: { puzzle: { board: string[] } }[] };
    fs.writeFileSync(path.join(game, 'boards.txt'), `${set.levels[0]?.puzzle.board.join('\n')}\n`);
    const out = path.join(game, 'imported.json');
    const t0 = performance.now();
    const r = await run([
      'import',
      'pear',
      path.join(game, 'boards.txt'),
      '--out',
      out,
      '--task-seconds',
      '2',
      '--threads',
      '1',
      '--config-dir',
      configDir('stuck-checks', 'stuck-checks.mjs'),
    ]);
    expect(refusal(r)).toMatch(/^proofpack: .*boards\.txt › record 1: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/);
    expect(fs.existsSync(out)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it("validate: the kind's count of a set report's work (setReport.work) runs on the pool: stopped at --task-seconds, naming the file", {
    timeout: 30_000,
  }, async () => {
    fs.writeFileSync(
      path.join(game, 'proofpack', 'kinds', 'pear', 'stuck-report.mjs'),
      "import { face, view, kind as pear } from './index.ts';\nexport const kind = { ...pear, setReport: { ...pear.setReport, work: () => { for (;;); } } };\nexport { face, view };\n",
    );
    const t0 = performance.now();
    const r = await run([
      'validate',
      path.join(game, 'pear.json'),
      '--task-seconds',
      '2',
      '--threads',
      '1',
      '--config-dir',
      configDir('stuck-report', 'stuck-report.mjs'),
    ]);
    expect(refusal(r)).toMatch(
      /^proofpack: .*pear\.json › generator\.config \(the pear kind's setReport\.work\): ran past the runner's ceiling of 2 s a task \(--task-seconds\)/,
    );
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it("pipeline: its check before any work runs the kind's plan and plannedTiers on the pool: stopped at --task-seconds, naming the config", {
    timeout: 30_000,
  }, async () => {
    fs.writeFileSync(
      path.join(game, 'proofpack', 'kinds', 'pear', 'stuck-plan.mjs'),
      "import { face, view, kind as pear } from './index.ts';\nexport const kind = { ...pear, plannedTiers: () => { for (;;); } };\nexport { face, view };\n",
    );
    const dir = configDir('pplan', 'stuck-plan.mjs');
    fs.writeFileSync(path.join(dir, 'pear.json'), JSON.stringify(quick));
    const levels = path.join(game, 'pplan-levels');
    const pack = { name: 'pears', set: path.join(levels, 'pear', 'standard.json'), tiers: { EASY: 'all' }, order: 'difficulty' };
    fs.writeFileSync(path.join(dir, 'packs.json'), JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [pack] }));
    const t0 = performance.now();
    const r = await run([
      'pipeline',
      '--config-dir',
      dir,
      '--levels',
      levels,
      '--dist',
      path.join(game, 'pplan-dist'),
      '--work',
      path.join(game, 'pplan-work'),
      '--task-seconds',
      '2',
      '--quiet',
    ]);
    expect(refusal(r)).toMatch(
      /^proofpack: .*pear\.json › plan \(the pear kind's plan, plannedTiers and initialCalibration\): ran past the runner's ceiling of 2 s a task \(--task-seconds\)/,
    );
    expect(fs.existsSync(levels)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it('pipeline: Ctrl-C is answered within seconds while the kind spins after its slots (its handler holds the signal: the spin must not be on the main thread), exit 130', {
    timeout: 60_000,
  }, async () => {
    // a config folder of the stuck kind alone: init's starter files, the pear config and pack only
    const dir = configDir('pstuck', 'stuck-checks.mjs');
    await pearOnlyPipeline(dir, path.join(game, 'pstuck-levels'));
    const pear = JSON.parse(fs.readFileSync(path.join(dir, 'pear.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'pear.json'), JSON.stringify({ ...pear, ...quick }));
    const args = ['pipeline', '--config-dir', dir, '--levels', path.join(game, 'pstuck-levels'), '--dist', path.join(game, 'pstuck-dist')];
    const r = await interrupted([...args, '--work', path.join(game, 'pstuck-work'), '--count', '1', '--threads', '1', '--quiet'], 6000);
    expect(r.code, r.stderr).toBe(130);
    expect(r.answerMs).toBeLessThan(5_000);
    expect(fs.existsSync(path.join(game, 'pstuck-levels'))).toBe(false);
  });
});

// The runner's ceilings hold for a game's own kind (docs/untrusted-input.md):
// a kind module whose slots or analyses never return is stopped at
// --task-seconds, one whose memory grows without bound at --max-memory-mib,
// each with one line naming the slot or level and the flag, exit 2, in
// seconds (generate, validate, import, merge, and pipeline, which hands the
// flag down). The kinds are the pear kind (a copy of tools/kinds/apple, as in
// runtime-kinds.test.ts) wrapped by test/fixtures/game-kinds/{spinning,hungry}.mjs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { pearConfigDir, pearGame, pearOnlyPipeline, quickPearSet, refusal } from '../support/pear-game.ts';

/** The temporary game repository. */
let game = '';

/** A config folder `name` of the game whose kinds.json lists this module of proofpack/kinds/pear/. */
const configDir = (name: string, module: string): string => pearConfigDir(game, name, module);

beforeAll(async () => {
  game = pearGame(['spinning.mjs', 'hungry.mjs']);
  await quickPearSet(game);
});

afterAll(() => {
  if (game) fs.rmSync(game, { recursive: true, force: true });
});

describe("the runner's ceilings on a game's kind", () => {
  it('validate: an analysis that never returns is stopped at --task-seconds, naming the level', { timeout: 60_000 }, async () => {
    const t0 = performance.now();
    const r = await run(['validate', path.join(game, 'pear.json'), '--task-seconds', '2', '--threads', '2', '--config-dir', configDir('spin', 'spinning.mjs')]);
    expect(refusal(r)).toMatch(
      /^proofpack: .*pear\.json › levels\[\d\] \(.+\): ran past the runner's ceiling of 2 s a task \(--task-seconds\); raise it with --task-seconds N, or lower the config's budgets$/,
    );
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it('generate: a slot that never returns is stopped at --task-seconds, naming the slot; nothing written', { timeout: 60_000 }, async () => {
    const t0 = performance.now();
    const out = path.join(game, 'spun.json');
    const r = await run([
      'generate',
      'pear',
      '--config',
      path.join(game, 'pear.quick.json'),
      '--count',
      '4',
      '--task-seconds',
      '2',
      '--threads',
      '1',
      '--out',
      out,
      '--config-dir',
      configDir('spin', 'spinning.mjs'),
    ]);
    expect(refusal(r)).toMatch(
      /^proofpack: .*pear\.quick\.json › plan › .+ › slot 0: ran past the runner's ceiling of 2 s a task \(--task-seconds\); raise it with --task-seconds N/,
    );
    expect(fs.existsSync(out)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it('validate: an analysis that allocates without bound is stopped at --max-memory-mib, naming the level (the built CLI)', { timeout: 60_000 }, () => {
    const t0 = performance.now();
    const r = cli(
      ['validate', path.join(game, 'pear.json'), '--max-memory-mib', '600', '--threads', '1', '--config-dir', configDir('hungry', 'hungry.mjs')],
      game,
    );
    expect(refusal(r)).toMatch(
      /^proofpack: the run used more than 600 MiB \(--max-memory-mib\) while running .*pear\.json › levels\[\d\] \(.+\); raise it with --max-memory-mib N, or lower the config's budgets$/,
    );
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it('import and merge: an analysis that never returns is stopped at --task-seconds, naming the record or level', { timeout: 90_000 }, async () => {
    const spin = configDir('spin', 'spinning.mjs');
    // a board the kind made, as the original game records it
    const set = JSON.parse(fs.readFileSync(path.join(game, 'pear.json'), 'utf8')) as { levels: { puzzle: { board: string[] } }[] };
    fs.writeFileSync(path.join(game, 'boards.txt'), `${set.levels[0]?.puzzle.board.join('\n')}\n`);
    const imported = await run([
      'import',
      'pear',
      path.join(game, 'boards.txt'),
      '--out',
      path.join(game, 'imported.json'),
      '--task-seconds',
      '2',
      '--config-dir',
      spin,
    ]);
    expect(refusal(imported)).toMatch(/^proofpack: .*boards\.txt › record 1: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/);
    // two shards made by the kind itself, merged under the spinning one
    const plain = configDir('plain', 'index.ts');
    const shards = [0, 1].map((i) => path.join(game, `shard${i}.json`));
    for (const [i, out] of shards.entries()) {
      const g = await run([
        'generate',
        'pear',
        '--config',
        path.join(game, 'pear.quick.json'),
        '--count',
        '2',
        '--shard',
        `${i}/2`,
        '--threads',
        '1',
        '--out',
        out,
        '--config-dir',
        plain,
        '--quiet',
      ]);
      expect(g.code, g.stderr).toBe(0);
    }
    const merged = await run(['merge', ...shards, '--out', path.join(game, 'merged.json'), '--task-seconds', '2', '--threads', '1', '--config-dir', spin]);
    expect(refusal(merged)).toMatch(/^proofpack: .*shard\d\.json › levels\[0\]: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/);
    expect(fs.existsSync(path.join(game, 'merged.json'))).toBe(false);
  });

  it('pipeline hands --task-seconds down to its generate step', { timeout: 60_000 }, async () => {
    // a config folder of the spinning kind alone: init's starter files, the pear config and pack only
    const dir = configDir('pspin', 'spinning.mjs');
    await pearOnlyPipeline(dir, path.join(game, 'pspin-levels'));
    const t0 = performance.now();
    const r = await run([
      'pipeline',
      '--config-dir',
      dir,
      '--levels',
      path.join(game, 'pspin-levels'),
      '--dist',
      path.join(game, 'pspin-dist'),
      '--work',
      path.join(game, 'pspin-work'),
      '--count',
      '2',
      '--threads',
      '1',
      '--task-seconds',
      '2',
      '--quiet',
    ]);
    // the step's line, then pipeline's own (what it left as it was), exit 2
    expect(r.code, r.stderr).toBe(2);
    const [line, stopped] = r.stderr.trimEnd().split('\n');
    expect(stopped).toMatch(/^proofpack: pipeline: stopped at generate pear; .* left as they were$/);
    expect(line).toMatch(/^proofpack: .*pear\.json › plan › .+ › slot \d+: ran past the runner's ceiling of 2 s a task \(--task-seconds\)/);
    expect(fs.existsSync(path.join(game, 'pspin-levels'))).toBe(false);
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it('rejects a ceiling that is not a whole number in range, in one line', async () => {
    expect(refusal(await run(['validate', path.join(game, 'pear.json'), '--task-seconds', '0']))).toMatch(/--task-seconds.*expected a whole number from 1/);
    expect(refusal(await run(['validate', path.join(game, 'pear.json'), '--max-memory-mib', '12']))).toMatch(
      /--max-memory-mib.*expected a whole number from 128/,
    );
  });
});

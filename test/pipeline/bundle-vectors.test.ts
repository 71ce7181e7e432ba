// bundle writes the conformance vectors itself (conformance/<kind>.json), with
// nothing handed in by the CLI, and each run's vectors are the fresh ones: an
// old conformance file of a kind whose name has a digit (pear2, a game's own
// kind: a copy of apple) is never carried over the new one (issue 44).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { pearGame, pearPacks } from '../support/pear-game.ts';
import { bundleCommand } from '../../tools/commands/bundle.ts';
import { memoryConsole } from '../../tools/lib/console.ts';

describe('bundle writes the conformance vectors itself', () => {
  it('bundleCommand, called with no writer, writes conformance/apple.json for the apple packs', async () => {
    const dir = tempDir();
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(path.join(levels, 'apple'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'levels', 'apple', 'standard.json'), path.join(levels, 'apple', 'standard.json'));
    const tiers = Object.fromEntries(
      (JSON.parse(fs.readFileSync(path.join(levels, 'apple', 'standard.json'), 'utf8')) as { levels: { tier: string }[] }).levels.map((l) => [l.tier, 1]),
    );
    const packs = path.join(levels, 'packs.json');
    fs.writeFileSync(
      packs,
      JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [{ name: 'apples', set: 'apple/standard.json', tiers, order: 'difficulty' }] }),
    );
    const out = path.join(dir, 'dist');
    expect(await bundleCommand({ packs, out }, memoryConsole())).toBe(0);
    expect(fs.readdirSync(path.join(out, 'conformance'))).toEqual(['apple.json']);
    const vectors = JSON.parse(fs.readFileSync(path.join(out, 'conformance', 'apple.json'), 'utf8')) as { kind: string; cases: unknown[] };
    expect(vectors.kind).toBe('apple');
    expect(vectors.cases.length).toBeGreaterThan(0);
  });
});

describe('a kind named with a digit', () => {
  let game = '';
  beforeAll(() => {
    game = pearGame();
    // pear becomes pear2: a kind name may hold digits (tools/lib/kind-name.ts)
    const kind = path.join(game, 'proofpack', 'kinds', 'pear');
    for (const f of fs.readdirSync(kind)) fs.writeFileSync(path.join(kind, f), fs.readFileSync(path.join(kind, f), 'utf8').replaceAll("'pear'", "'pear2'"));
    fs.writeFileSync(path.join(game, 'proofpack', 'kinds.json'), JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: ['./kinds/pear/index.ts'] }));
  });
  afterAll(() => {
    if (game) fs.rmSync(game, { recursive: true, force: true });
  });

  it('bundled twice over a tampered conformance/pear2.json: the new file is the fresh vectors', async () => {
    const dirs = ['--config-dir', path.join(game, 'proofpack')];
    const quick = path.join(game, 'quick.json');
    fs.writeFileSync(
      quick,
      JSON.stringify({ search: { work: 20_000, iterations: 10_000, runs: 2 }, fidelity: { referenceBoards: 100, referenceSeed: 17, alpha: 0.001 } }),
    );
    const g = await run(['generate', 'pear2', '--config', quick, '--count', '4', '--threads', '1', '--out', path.join(game, 'c.json'), '--quiet', ...dirs]);
    expect(g.code, g.stderr).toBe(0);
    const c = await run(['curate', path.join(game, 'c.json'), '--out', path.join(game, 's.json'), '--quiet', ...dirs]);
    expect(c.code, c.stderr).toBe(0);
    pearPacks(game, 's.json');
    const out = path.join(game, 'dist');
    const bundle = () => run(['bundle', '--packs', path.join(game, 'packs.json'), '--out', out, '--quiet', ...dirs]);
    const first = await bundle();
    expect(first.code, first.stderr).toBe(0);
    const file = path.join(out, 'conformance', 'pear2.json');
    const fresh = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(fresh)).toMatchObject({ type: 'conformance', kind: 'pear2' });
    fs.rmSync(file);
    fs.writeFileSync(file, '{"tampered": true}\n');
    const second = await bundle();
    expect(second.code, second.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(fresh);
    expect((await run(['validate', out, '--quiet', ...dirs])).code).toBe(0);
  });
});

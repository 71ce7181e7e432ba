// --quiet silences progress and results, never a problem (issue 49): each
// command, run with --quiet on a failing case, still prints the line naming the
// file, the level and the field, and its failure summary, with the exit code it
// has without --quiet; --json keeps stdout one JSON report and prints the same
// lines on stderr. In process (test/support/run-cli.ts), on the run's small
// ghost set and a pear game (test/support/pear-game.ts).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { pearConfigDir, pearGame, QUICK_PEAR } from '../support/pear-game.ts';
import { kindByName } from '../../tools/kinds/index.ts';

const dir = tempDir();
const levels = path.join(dir, 'levels');
const set = path.join(levels, 'ghost', 'standard.json');
const dist = path.join(dir, 'dist');
type Level = { id: string; analysis: Record<string, number> };
const readJson = <T>(f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as T;
const lines = (text: string) => text.split('\n');

beforeAll(async () => {
  fs.mkdirSync(path.dirname(set), { recursive: true });
  fs.copyFileSync(inject('smallGhostSet').curated, set);
  fs.writeFileSync(
    path.join(levels, 'packs.json'),
    JSON.stringify({
      type: 'packs-config',
      formatVersion: 1,
      packs: [{ name: 'easy', set: 'ghost/standard.json', tiers: { EASY: 'all' }, order: 'difficulty' }],
    }),
  );
  const b = await run(['bundle', '--packs', path.join(levels, 'packs.json'), '--out', dist, '--quiet']);
  expect(b.code, b.stderr).toBe(0);
});

/** A copy of the small ghost set with its first level's logicDepth one more than stored: the path and the line validate prints for it. */
function tamperedSet(name: string): { file: string; line: string } {
  const doc = readJson<{ levels: Level[] }>(set);
  const level = doc.levels[0]!;
  const was = level.analysis['logicDepth']!;
  level.analysis['logicDepth'] = was + 1;
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(doc));
  return { file, line: `${file} › ${level.id} › analysis.logicDepth: stored ${was + 1}, recomputed ${was}` };
}

describe('--quiet prints every problem', () => {
  it('validate: the manifest line and the summary, exit 1; --json: one report on stdout, the same lines on stderr', async () => {
    const apple = path.join(dir, 'dist-apple');
    fs.cpSync(dist, apple, { recursive: true });
    const file = path.join(apple, 'manifest.json');
    const manifest = readJson<{ packs: { kind: string }[] }>(file);
    manifest.packs[0]!.kind = 'apple';
    fs.writeFileSync(file, JSON.stringify(manifest));
    const line = `${file} › easy › packs[0].kind: stored "apple", recomputed "ghost"`;

    const r = await run(['validate', file, '--quiet', '--threads', '1']);
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stdout)).toContain(line);
    expect(r.stdout).toMatch(/^FAILED: \d+ files, \d+ levels, 1 problem, 0 unreadable \(1 threads, [\d.]+ s\)$/m);

    const j = await run(['validate', file, '--quiet', '--json', '--threads', '1']);
    expect(j.code, j.stderr).toBe(1);
    const report = JSON.parse(j.stdout) as { ok: boolean; problems: number };
    expect([report.ok, report.problems]).toEqual([false, 1]);
    expect(lines(j.stderr)).toContain(line);
    expect(j.stderr).toMatch(/^FAILED: \d+ files, \d+ levels, 1 problem, 0 unreadable/m);
  });

  it('pipeline: the line of a set the packs file names, from its validate step, exit 1', async () => {
    const { line } = tamperedSet('outside');
    const cfg = path.join(dir, 'cfg');
    fs.mkdirSync(cfg);
    // a job of two apple boards, quick; its set is in no pack
    fs.writeFileSync(path.join(cfg, 'apple.json'), JSON.stringify({ ...QUICK_PEAR, boards: 2, name: 'standard', seed: 3 }));
    fs.writeFileSync(
      path.join(cfg, 'packs.json'),
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [{ name: 'easy', set: '../outside.json', tiers: { EASY: 'all' }, order: 'difficulty' }],
      }),
    );
    const out = (name: string) => path.join(dir, `pipeline-${name}`);
    const r = await run([
      'pipeline',
      '--config-dir',
      cfg,
      '--count',
      '2',
      '--levels',
      out('levels'),
      '--dist',
      out('dist'),
      '--work',
      out('work'),
      '--threads',
      '1',
      '--quiet',
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stdout)).toContain(line);
    expect(r.stdout).toMatch(/^FAILED: 2 files, \d+ levels, \d+ problems, 0 unreadable/m);
    expect(r.stderr).toContain('pipeline: a set failed validation;');
  });

  it('merge: the line of a changed shard, above its refusal, exit 2', async () => {
    const gen = ['generate', 'apple', '--count', '4', '--seed', '3', '--threads', '1', '--quiet'];
    const parts = [0, 1].map((i) => path.join(dir, `part${i}.json`));
    for (const [i, p] of parts.entries()) expect((await run([...gen, '--shard', `${i}/2`, '--out', p])).code).toBe(0);
    const shard = readJson<{ levels: Level[] }>(parts[1]!);
    const level = shard.levels[0]!;
    const was = level.analysis['bestScore']!;
    level.analysis['bestScore'] = was - 1;
    fs.writeFileSync(parts[1]!, JSON.stringify(shard));
    const r = await run(['merge', ...parts, '--out', path.join(dir, 'merged.json'), '--threads', '1', '--quiet']);
    expect(r.code).toBe(2);
    expect(lines(r.stdout)).toContain(`${parts[1]} › ${level.id} › analysis.bestScore: stored ${was - 1}, recomputed ${was}`);
    expect(r.stderr).toMatch(/^proofpack: merge: not merged: validate finds \d+ problems? in the shards \(above\)/m);
  });

  it('import: each malformed record, then the refusal, exit 2', async () => {
    const board = Array.from({ length: 10 }, () => '12345678912345678').join('\n');
    const file = path.join(dir, 'records.txt');
    fs.writeFileSync(file, `${board}\n\n${board.split('\n').slice(0, 9).join('\n')}\n`);
    const r = await run(['import', 'apple', file, '--out', path.join(dir, 'imported.json'), '--threads', '1', '--quiet']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `${file} › board 2 (line 12): 9 lines, a board has 10 lines of 17 digits`,
      `proofpack: ${file}: 1 malformed record, nothing written (--skip-malformed imports the others)`,
      '',
    ]);
  });

  it('bundle: the pack entry that cannot be filled, exit 2', async () => {
    const packs = path.join(levels, 'short.json');
    const have = readJson<{ levels: { tier: string }[] }>(set).levels.filter((l) => l.tier === 'EASY').length;
    fs.writeFileSync(
      packs,
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [{ name: 'short', set: 'ghost/standard.json', tiers: { EASY: have + 5 }, order: 'difficulty' }],
      }),
    );
    const r = await run(['bundle', '--packs', packs, '--out', path.join(dir, 'dist-short'), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${packs} › packs[0] (short) › tiers.EASY: wants ${have + 5} levels, ghost/standard.json has ${have} (--allow-short accepts it with a warning)\n`,
    );
  });

  it('curate: the level and field a candidate set breaks, exit 2', async () => {
    const doc = readJson<{ levels: { id: string }[] }>(inject('smallGhostSet').candidates);
    doc.levels[1]!.id = 'ghost-nothex';
    const file = path.join(dir, 'bad-candidates.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const r = await run(['curate', file, '--out', path.join(dir, 'curated.json'), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${file} › levels[1] › id: "ghost-" and 12 hex digits (found "ghost-nothex")\n`);
  });

  it('generate: why no board passed, each plan entry, then the refusal, exit 2', async () => {
    const config = structuredClone(kindByName('slide').defaults.config) as Record<string, unknown>;
    config['plan'] = [{ count: 1, minMoves: [6, 6], size: 5 }];
    config['triesPerBoard'] = 1;
    const file = path.join(dir, 'slide-none.json');
    fs.writeFileSync(file, JSON.stringify(config));
    const out = path.join(dir, 'none.json');
    const r = await run(['generate', 'slide', '--config', file, '--threads', '1', '--out', out, '--quiet']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        /^warning: slide .+: no board passed in 1 tries \(1 wanted\); raise triesPerBoard \(1 tries per wanted board\), widen its bands or relax its target$/,
      ),
      `proofpack: ${out}: not written: no slide board passed its target test`,
      '',
    ]);
  });

  it("check-kind: each violation of a game's kind and its count, exit 1", async () => {
    const game = pearGame();
    fs.writeFileSync(
      path.join(game, 'proofpack', 'kinds', 'pear', 'flaky.mjs'),
      [
        "import { kind as pear, face, view } from './index.ts';",
        'let calls = 0;',
        '// every second analysis one upper bound lower: not deterministic',
        'export const kind = { ...pear, analyze(puzzle, ctx) {',
        '  const { outcome: o, work } = pear.analyze(puzzle, ctx);',
        "  return { outcome: ++calls % 2 === 0 && o.status === 'proven' ? { ...o, analysis: { ...o.analysis, upperBound: o.analysis.upperBound - 1 } } : o, work };",
        '} };',
        'export { face, view };',
        '',
      ].join('\n'),
    );
    const cfg = pearConfigDir(game, 'flaky', 'flaky.mjs');
    fs.writeFileSync(path.join(game, 'pear.quick.json'), JSON.stringify(QUICK_PEAR));
    const args = ['check-kind', 'pear', '--count', '2', '--config', path.join(game, 'pear.quick.json'), '--config-dir', cfg, '--quiet'];
    const r = await run(args);
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stdout)).toContainEqual(expect.stringMatching(/^pear: \d+ violations$/));
    expect(lines(r.stdout)).toContainEqual(expect.stringMatching(/^pear › analyze › analyze: is not deterministic: .*; input: level pear-[0-9a-f]{12} /));
  });
});

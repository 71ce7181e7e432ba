// bundle tells the truth: short packs and tiers are errors unless accepted
// (--allow-short, with a warning), validate flags an empty pack, packs removed
// from a folder are named, and errors name the packs file and the pack entry.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { kindByName } from '../../tools/kinds/index.ts';

const dir = tempDir();
const levels = path.join(dir, 'levels');
let tierCounts: Record<string, number> = {};

beforeAll(async () => {
  fs.mkdirSync(path.join(levels, 'ghost'), { recursive: true });
  // the run's small curated ghost set (30 boards, seed 4; test/support/global-setup.ts)
  const shared = inject('smallGhostSet');
  fs.copyFileSync(shared.candidates, path.join(dir, 'cand.json'));
  fs.copyFileSync(shared.curated, path.join(levels, 'ghost', 'standard.json'));
  tierCounts = {};
  for (const l of JSON.parse(fs.readFileSync(path.join(levels, 'ghost', 'standard.json'), 'utf8')).levels as { tier: string }[])
    tierCounts[l.tier] = (tierCounts[l.tier] ?? 0) + 1;
});

function packsFile(name: string, packs: object[]): string {
  const file = path.join(levels, name);
  fs.writeFileSync(file, JSON.stringify({ type: 'packs-config', formatVersion: 1, packs }));
  return file;
}

const pack = (name: string, tiers: Record<string, number | 'all'>, set = 'ghost/standard.json') => ({ name, set, tiers, order: 'difficulty' });

describe('bundle', () => {
  it('a pack with 0 levels is an error; --allow-short writes it with a warning, and validate flags it', async () => {
    // a tier the 30-board set does not have
    const none = kindByName('ghost').tiers.find((t) => !tierCounts[t]);
    // a precondition of the fixture, not a check: the set must lack some tier
    if (!none) throw new Error(`the fixture set has every ghost tier (${JSON.stringify(tierCounts)}); pick a smaller one`);
    const file = packsFile('empty.json', [pack('good', { EASY: 'all' }), pack('empty', { [none]: 'all' })]);
    const out = path.join(dir, 'dist-empty');
    const r = await run(['bundle', '--packs', file, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file} › packs[1] (empty) › tiers.${none}: wants all levels of the tier, ghost/standard.json has none (--allow-short accepts it with a warning)\n`,
    );
    expect(fs.existsSync(out)).toBe(false);

    const ok = await run(['bundle', '--packs', file, '--out', out, '--allow-short']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toBe(
      `warning: ${file} › packs[1] (empty) › tiers.${none}: wants all levels of the tier, ghost/standard.json has none\n` +
        `warning: ${file} › packs[1] (empty): the pack has 0 levels\n`,
    );
    // the short pack is written empty beside the good one, and the manifest says so
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.packs.map((p: { name: string; levels: number }) => [p.name, p.levels])).toEqual([
      ['good', tierCounts['EASY']],
      ['empty', 0],
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(out, 'empty.json'), 'utf8')).levels).toEqual([]);
    const v = await run(['validate', out, '--threads', '1']);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain(`${path.join(out, 'empty.json')} › pack › levels: stored 0, recomputed "at least one level"`);
  });

  it('a tier with fewer levels than asked is an error; --allow-short takes what there is, with a warning', async () => {
    const have = tierCounts['EASY']!;
    const file = packsFile('short.json', [pack('short', { EASY: have + 5 })]);
    const out = path.join(dir, 'dist-short');
    const r = await run(['bundle', '--packs', file, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file} › packs[0] (short) › tiers.EASY: wants ${have + 5} levels, ghost/standard.json has ${have} (--allow-short accepts it with a warning)\n`,
    );
    const ok = await run(['bundle', '--packs', file, '--out', out, '--allow-short']);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toBe(`warning: ${file} › packs[0] (short) › tiers.EASY: wants ${have + 5} levels, ghost/standard.json has ${have}\n`);
    expect(JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')).packs[0].levels).toBe(have);
  });

  it('names the packs that another packs file no longer has, and removes them', async () => {
    const first = packsFile('first.json', [pack('alpha', { EASY: 1 }), pack('beta', { EASY: 1 }), pack('gamma', { EASY: 1 })]);
    const second = packsFile('second.json', [pack('beta', { EASY: 2 })]);
    const out = path.join(dir, 'dist-two');
    expect((await run(['bundle', '--packs', first, '--out', out])).code).toBe(0);
    fs.writeFileSync(path.join(out, 'notes.json'), '{}');
    const r = await run(['bundle', '--packs', second, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`removed 2 packs of the previous manifest that ${second} does not name: alpha.json, gamma.json\n`);
    expect(
      fs
        .readdirSync(out)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(['beta.json', 'manifest.json', 'notes.json']);
  });

  it('a missing set names the packs file, the pack entry, and where set paths are relative to', async () => {
    const file = packsFile('missing.json', [pack('fine', { EASY: 1 }), pack('ghost-hard', { HARD: 1 }, 'hanted7.json')]);
    const r = await run(['bundle', '--packs', file, '--out', path.join(dir, 'dist-missing')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file} › packs[1] (ghost-hard) › set: cannot read hanted7.json (no such file; set paths are relative to the packs file, so this is ${path.join(levels, 'hanted7.json')})\n`,
    );
  });

  it('a set that is not curated names the pack entry too', async () => {
    const file = packsFile('raw.json', [pack('raw', { EASY: 1 }, '../cand.json')]);
    const r = await run(['bundle', '--packs', file, '--out', path.join(dir, 'dist-raw')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${file} › packs[0] (raw) › set: ${path.join(levels, '../cand.json')} › stage: packs are cut from curated sets, found "candidates"\n`,
    );
  });
});

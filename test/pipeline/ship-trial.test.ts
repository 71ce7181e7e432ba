// What a pipeline run ships is what it proved (issue 43): a trial run into
// other folders (--levels/--dist elsewhere, --count, --seed) cuts its packs
// from the sets it made, not from the committed ones the packs file names;
// the short-tier check sees those sets; the committed levels/ and dist/ are
// left byte for byte. A game's config folder with a small ghost plan.
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir, filesUnder } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { sha256Hex } from '../../tools/lib/ids.ts';

const game = tempDir();
const config = path.join(game, 'proofpack');
const at = (...p: string[]) => path.join(game, ...p);

function packs(tiers: Record<string, number | 'all'>) {
  fs.writeFileSync(
    path.join(config, 'packs.json'),
    JSON.stringify({
      type: 'packs-config',
      formatVersion: 1,
      packs: [{ name: 'ghost-easy', set: '../levels/ghost/standard.json', tiers, order: 'difficulty' }],
    }),
  );
}

const pipeline = (...args: string[]) => run(['pipeline', '--config-dir', config, '--threads', '1', ...args]);
const trial = (...args: string[]) => pipeline('--levels', at('trial', 'levels'), '--dist', at('trial', 'dist'), '--work', at('trial', 'work'), ...args);

beforeAll(async () => {
  fs.mkdirSync(config);
  fs.writeFileSync(
    path.join(config, 'ghost.json'),
    JSON.stringify({ seed: 1, scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count: 6, tier: 'EASY' }] }),
  );
  packs({ EASY: 4 });
  // the committed levels/ and dist/ of the game
  const r = await pipeline('--levels', at('levels'), '--dist', at('dist'), '--work', at('.proofpack'));
  expect(r.code, r.stderr).toBe(0);
});

describe('a trial run into other folders', () => {
  it('cuts its packs from the sets it made, says so, and leaves levels/ and dist/ byte for byte', async () => {
    const before = { levels: filesUnder(at('levels')), dist: filesUnder(at('dist')) };
    const r = await trial('--count', '5', '--seed', '42');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `packs: ${path.join(config, 'packs.json')} names ../levels/ghost/standard.json; this run cuts those packs from the set it makes, ${at('trial', 'levels', 'ghost', 'standard.json')} (--levels ${at('trial', 'levels')})`,
    );
    expect({ levels: filesUnder(at('levels')), dist: filesUnder(at('dist')) }).toEqual(before);
    const set = fs.readFileSync(at('trial', 'levels', 'ghost', 'standard.json'));
    const pack = JSON.parse(fs.readFileSync(at('trial', 'dist', 'ghost-easy.json'), 'utf8'));
    expect(pack.source).toEqual({ set: '../trial/levels/ghost/standard.json', name: 'standard', sha256: sha256Hex(set) });
    expect(pack.generator.seed).toBe(42);
    expect(fs.readFileSync(at('trial', 'dist', 'ghost-easy.json')).equals(fs.readFileSync(at('dist', 'ghost-easy.json')))).toBe(false);
    const v = await run(['validate', at('trial', 'levels'), at('trial', 'dist'), '--threads', '1']);
    expect(v.code, v.stdout).toBe(0);
  });

  it("the short-tier check sees the trial's own sets, not the committed ones", async () => {
    const before = { levels: filesUnder(at('levels')), dist: filesUnder(at('dist')) };
    const r = await trial('--count', '2', '--seed', '43');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `proofpack: ${path.join(config, 'packs.json')} › packs[0] (ghost-easy) › tiers.EASY: wants 4 levels, ../trial/levels/ghost/standard.json has 2`,
    );
    expect({ levels: filesUnder(at('levels')), dist: filesUnder(at('dist')) }).toEqual(before);
  });
});

describe('checked before any work', () => {
  it("a reserved pack name is found up front, naming the user's packs file", async () => {
    const text = fs.readFileSync(path.join(config, 'packs.json'), 'utf8');
    const doc = JSON.parse(text);
    doc.packs[0].name = 'manifest';
    fs.writeFileSync(path.join(config, 'packs.json'), JSON.stringify(doc));
    const r = await trial();
    fs.writeFileSync(path.join(config, 'packs.json'), text);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('== generate');
    expect(r.stderr).toBe(
      `proofpack: ${path.join(config, 'packs.json')} › packs[0] (manifest) › name: "manifest" is reserved for bundle's own manifest.json; choose another pack name\n`,
    );
  });

  it('--config-dir inside the work folder (.proofpack/run): refused in one line, nothing deleted', async () => {
    const inside = at('.proofpack', 'run');
    fs.mkdirSync(inside, { recursive: true });
    for (const f of ['ghost.json', 'packs.json']) fs.copyFileSync(path.join(config, f), path.join(inside, f));
    const before = filesUnder(at('.proofpack'));
    const r = await run(['pipeline', '--config-dir', inside, '--levels', at('levels'), '--dist', at('dist'), '--work', at('.proofpack'), '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: --config-dir ${inside} is inside --work ${at('.proofpack')}, which the run deletes and rewrites; keep the configs outside --levels, --dist and --work\n`,
    );
    expect(filesUnder(at('.proofpack'))).toEqual(before);
    fs.rmSync(inside, { recursive: true });
  });

  it('--config-dir that is the --levels folder: refused too', async () => {
    const r = await pipeline('--levels', config, '--dist', at('dist'), '--work', at('.proofpack'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`proofpack: --config-dir ${config} is the same folder as --levels ${config}, which the run deletes and rewrites`);
  });
});

describe('what a run says', () => {
  it('--help says --count replaces the output folders', async () => {
    const r = await run(['pipeline', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('a small run, not a sandbox — it replaces --levels and --dist like any run');
  });

  it('plan entries short of boards are one line when every pack tier is filled, warnings only when a tier is short', async () => {
    const dir = path.join(game, 'short');
    fs.mkdirSync(dir);
    // at this seed the one HARD board wanted within a single try is not found
    fs.writeFileSync(
      path.join(dir, 'ghost.json'),
      JSON.stringify({
        seed: 1,
        scoreGhostLimit: 16,
        plan: [
          { size: 5, mode: 'direct', count: 4, tier: 'EASY' },
          { size: 5, mode: 'direct', count: 1, tier: 'HARD', tries: 1 },
        ],
      }),
    );
    const packsFile = (tiers: Record<string, number | 'all'>) =>
      fs.writeFileSync(
        path.join(dir, 'packs.json'),
        JSON.stringify({
          type: 'packs-config',
          formatVersion: 1,
          packs: [{ name: 'easy', set: '../short-levels/ghost/standard.json', tiers, order: 'difficulty' }],
        }),
      );
    const go = () =>
      run(['pipeline', '--config-dir', dir, '--levels', at('short-levels'), '--dist', at('short-dist'), '--work', at('short-work'), '--threads', '1']);
    packsFile({ EASY: 'all' });
    const filled = await go();
    expect(filled.code, filled.stderr).toBe(0);
    expect(filled.stderr).toBe('');
    expect(filled.stdout).toContain("ghost: 1 plan entry found fewer boards than wanted (ghost's generate table); every pack tier is filled, so nothing to do");
    packsFile({ EASY: 'all', HARD: 1 });
    const short = await go();
    expect(short.code).toBe(2);
    const first = short.stderr.split('\n')[0]!;
    expect(first).toMatch(/^warning: ghost 5x5 direct -> HARD: no board passed in 1 tries/);
    // the entry as the team's config names it
    expect(first.endsWith(` (${path.join(dir, 'ghost.json')} › plan › "5x5 direct HARD")`), first).toBe(true);
    expect(short.stderr).toContain('tiers.HARD: wants 1 levels, ../short-levels/ghost/standard.json has 0');
  });
});

// proofpack in a game's own repository: the packed tarball installed with npm
// into a fresh project, then init, pipeline, validate and bundle run there with
// npx. Everything the commands read at run time must be in the package's files.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../support/helpers.ts';
import { KINDS } from '../../tools/kinds/index.ts';
import { starterConfig, starterPacks, workflowExample } from '../../tools/commands/init.ts';
import { checkConfig } from '../../tools/commands/shared/documents.ts';

const game = tempDir();

/** `npx proofpack ...` in the game; with `direct`, the installed bin that npx resolves to (npx itself costs seconds a call). */
function npx(args: string[], direct = true) {
  const env: Record<string, string | undefined> = { ...process.env, CI: '1', NO_COLOR: '1' };
  delete env['PROOFPACK_WORKER_SCRIPT'];
  const [cmd, pre] = direct ? [path.join(game, 'node_modules', '.bin', 'proofpack'), []] : ['npx', ['--no-install', 'proofpack']];
  const r = spawnSync(cmd, [...pre, ...args], { cwd: game, encoding: 'utf8', env });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  // build/ is fresh (the suite's global setup compiled it): pack without running prepare again
  const packDir = tempDir();
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir], { cwd: ROOT, stdio: 'ignore' });
  const tarball = path.join(packDir, fs.readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
  fs.writeFileSync(path.join(game, 'package.json'), JSON.stringify({ name: 'my-game', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--save-dev', tarball, '--no-audit', '--no-fund'], { cwd: game, stdio: 'ignore' });
});

describe('a game repository', () => {
  it('the starter configs are valid partial configs, the packs file names every kind, the workflow runs the pipeline', () => {
    for (const kind of KINDS) {
      const starter = starterConfig(kind);
      expect(Object.keys(starter).length).toBeGreaterThan(0);
      expect(checkConfig(kind, `${kind.name}.json`, starter)).toEqual(kind.defaults.config);
    }
    expect(starterPacks('proofpack', 'levels').packs.map((p) => p.set)).toEqual(KINDS.map((k) => `../levels/${k.name}/standard.json`));
    const yml = workflowExample('proofpack');
    for (const step of [
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'node-version: 20',
      'npm ci',
      'npx proofpack pipeline',
      'npx proofpack validate levels dist',
    ])
      expect(yml).toContain(step);
  });

  it('init scaffolds proofpack/ and refuses to overwrite, naming the files; --force overwrites', () => {
    const r = npx(['init'], false);
    expect(r.code, r.stderr).toBe(0);
    const wrote = ['ghost.json', 'slide.json', 'apple.json', 'packs.json', 'github-workflow.yml'].map((f) => path.join('proofpack', f));
    for (const f of wrote) expect(fs.existsSync(path.join(game, f)), f).toBe(true);
    const again = npx(['init']);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`proofpack: init: not overwriting ${wrote.join(', ')} (--force overwrites them)\n`);
    fs.writeFileSync(path.join(game, 'proofpack', 'ghost.json'), '{}');
    expect(npx(['init', '--force']).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(game, 'proofpack', 'ghost.json'), 'utf8'))).toHaveProperty('plan');
  });

  it("pipeline builds the game's own levels/ and dist/ from its partial configs; validate and bundle work there", () => {
    // the team's edits: small ghost and apple plans, no slide, its own packs
    const dir = path.join(game, 'proofpack');
    fs.writeFileSync(
      path.join(dir, 'ghost.json'),
      JSON.stringify({
        scoreGhostLimit: 16,
        plan: [
          { size: 5, mode: 'direct', count: 6, tier: 'EASY' },
          { size: 6, mode: 'direct', count: 4, tier: 'NORMAL' },
        ],
      }),
    );
    fs.writeFileSync(path.join(dir, 'apple.json'), JSON.stringify({ boards: 4 }));
    fs.rmSync(path.join(dir, 'slide.json'));
    const packs = {
      type: 'packs-config',
      formatVersion: 1,
      packs: [
        { name: 'ghost-easy', set: '../levels/ghost/standard.json', tiers: { EASY: 'all', NORMAL: 'all' }, order: 'difficulty' },
        {
          name: 'apple-mix',
          set: '../levels/apple/standard.json',
          tiers: { LUCKY: 'all', EASY: 'all', NORMAL: 'all', HARD: 'all', BRUTAL: 'all' },
          order: 'difficulty',
        },
      ],
    };
    fs.writeFileSync(path.join(dir, 'packs.json'), JSON.stringify(packs));
    const r = npx(['pipeline', '--threads', '1', '--allow-short']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('configs: proofpack/ghost.json, proofpack/apple.json; packs: proofpack/packs.json');
    const ghostSet = JSON.parse(fs.readFileSync(path.join(game, 'levels', 'ghost', 'standard.json'), 'utf8'));
    expect(ghostSet.levels).toHaveLength(10);
    // the set stores the effective config: the team's plan over the defaults
    expect(ghostSet.generator.config.plan).toHaveLength(2);
    expect(ghostSet.generator.config.triesPerBoard).toBe((KINDS[0]!.defaults.config as { triesPerBoard: number }).triesPerBoard);
    expect(fs.existsSync(path.join(game, 'levels', 'slide'))).toBe(false);
    expect(fs.readdirSync(path.join(game, 'dist')).sort()).toEqual(['apple-mix.json', 'conformance', 'ghost-easy.json', 'manifest.json', 'preview']);
    expect(fs.existsSync(path.join(game, 'node_modules', 'proofpack', 'levels'))).toBe(false);
    expect(fs.existsSync(path.join(game, 'node_modules', 'proofpack', 'dist'))).toBe(false);

    const html = fs.readFileSync(path.join(game, 'dist', 'preview', 'index.html'), 'utf8');
    expect(html).toContain('proofpack preview: 2 packs');
    expect(html).toContain("document.body.dataset.ready = 'true'");
    // self-contained: no script, stylesheet or image loaded from a file
    expect(html).not.toMatch(/\s(src|href)=/);

    const v = npx(['validate', 'levels', 'dist', '--threads', '1']);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    // 2 sets, 2 packs, the manifest, 2 conformance files
    expect(v.stdout).toMatch(/^ok: 7 files, /m);

    const b = npx(['bundle', '--packs', 'proofpack/packs.json', '--out', 'dist-again', '--allow-short']);
    expect(b.code, b.stderr).toBe(0);
    for (const f of ['ghost-easy.json', 'apple-mix.json', 'manifest.json']) {
      expect(fs.readFileSync(path.join(game, 'dist-again', f)).equals(fs.readFileSync(path.join(game, 'dist', f)))).toBe(true);
    }
  });
});

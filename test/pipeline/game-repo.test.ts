// proofpack in a game's own repository: the packed tarball installed with npm
// into a fresh project, then init, pipeline, validate and bundle run there with
// npx. Everything the commands read at run time must be in the package's files.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../support/helpers.ts';
import { KINDS } from '../../tools/kinds/index.ts';
import { starterConfig, starterPacks, workflowExample } from '../../tools/commands/init.ts';
import { checkJobConfig } from '../../tools/commands/files/config.ts';

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
  // the tarball the suite's global setup packed from the fresh build/
  const tarball = inject('tarballs').proofpack;
  fs.writeFileSync(path.join(game, 'package.json'), JSON.stringify({ name: 'my-game', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--save-dev', tarball, '--no-audit', '--no-fund'], { cwd: game, stdio: 'ignore' });
});

describe('a game repository', () => {
  it('the starter configs are valid partial configs, the packs file names every kind, the workflow runs the pipeline', () => {
    for (const kind of KINDS) {
      const starter = starterConfig(kind, 77);
      expect(Object.keys(starter).length).toBeGreaterThan(0);
      // small: the seed, the name and empty keyed changes, not the whole plan
      expect(JSON.stringify(starter).length).toBeLessThan(200);
      expect(checkJobConfig(kind, `${kind.name}.json`, starter)).toEqual({ config: kind.defaults.config, seed: 77, name: 'standard' });
    }
    expect(starterPacks('proofpack', 'levels').packs.map((p) => p.set)).toEqual(KINDS.map((k) => `../levels/${k.name}/standard.json`));
    const yml = workflowExample('proofpack');
    for (const step of [
      'actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2',
      'actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0',
      'node-version: 20',
      'npm ci',
      'npx proofpack pipeline',
      'test -z "$(git status --porcelain levels dist)"',
      'commit the tarball',
      'npx proofpack validate levels dist',
    ])
      expect(yml).toContain(step);
  });

  it('init scaffolds proofpack/ and refuses to overwrite, naming the files; --force overwrites', () => {
    const outside = npx(['pipeline']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toBe(
      `proofpack: pipeline: no proofpack/packs.json in ${fs.realpathSync(game)}: run \`npx proofpack init\` to make the game's config folder (or give --config-dir DIR)\n`,
    );
    fs.writeFileSync(path.join(game, '.gitignore'), 'node_modules/');
    const r = npx(['init'], false);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(game, '.gitignore'), 'utf8')).toBe('node_modules/\n.proofpack\n');
    expect(r.stdout).toContain("added .proofpack (pipeline's work folder) to .gitignore");
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
    // the page's own script is inlined (it marks the page ready once drawn)
    expect(html).toMatch(/dataset(\.ready|\['ready'\])\s*=\s*["']true["']/);
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

/** Every file under `dir` with its bytes (relative path → content), for "left as it was". */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, f);
    if (fs.statSync(file).isFile()) out[f] = fs.readFileSync(file, 'base64');
  }
  return out;
}

describe("a game's own run", () => {
  // two teams, each with its own init: small ghost plans (set by key and by a short list), no slide or apple
  const teams = ['team-a', 'team-b'];
  const small = (dir: string) => {
    const file = path.join(game, dir, 'ghost.json');
    const starter = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(
      file,
      JSON.stringify({
        ...starter,
        scoreGhostLimit: 16,
        plan: [
          { size: 5, mode: 'direct', count: 4, tier: 'EASY' },
          { size: 6, mode: 'direct', count: 3, tier: 'NORMAL' },
        ],
      }),
    );
    for (const k of ['slide', 'apple']) fs.rmSync(path.join(game, dir, `${k}.json`));
    const packs = JSON.parse(fs.readFileSync(path.join(game, dir, 'packs.json'), 'utf8'));
    packs.packs = packs.packs.filter((p: { name: string }) => p.name === 'ghost-all');
    fs.writeFileSync(path.join(game, dir, 'packs.json'), JSON.stringify(packs));
    return starter.seed as number;
  };
  const run = (dir: string, extra: string[] = []) =>
    npx(['pipeline', '--config-dir', dir, '--levels', `${dir}-levels`, '--dist', `${dir}-dist`, '--work', `${dir}-work`, '--threads', '1', ...extra]);
  const outputs = (dir: string) => ({ levels: snapshot(path.join(game, `${dir}-levels`)), dist: snapshot(path.join(game, `${dir}-dist`)) });

  it('two inits give two seeds and two different level sets', () => {
    const seeds = teams.map((dir) => {
      const r = npx(['init', '--dir', dir, '--levels', `${dir}-levels`]);
      expect(r.code, r.stderr).toBe(0);
      return small(dir);
    });
    expect(seeds[0]).not.toBe(seeds[1]);
    const sets = teams.map((dir, i) => {
      const r = run(dir, ['--allow-short']);
      expect(r.code, r.stderr).toBe(0);
      const set = JSON.parse(fs.readFileSync(path.join(game, `${dir}-levels`, 'ghost', 'standard.json'), 'utf8'));
      expect(set.generator.seed).toBe(seeds[i]);
      expect(set.levels).toHaveLength(7);
      return set.levels.map((l: { id: string }) => l.id) as string[];
    });
    expect(sets[0]!.filter((id) => sets[1]!.includes(id)).length).toBeLessThan(7);
    // the work folder holds the candidates only: the run folder is gone
    expect(fs.readdirSync(path.join(game, 'team-a-work'))).toEqual(['candidates']);
  });

  it('a slide typo and a changed ghost config: every problem at once, nothing generated, levels/ and dist/ as they were', () => {
    const before = outputs('team-a');
    const ghost = path.join(game, 'team-a', 'ghost.json');
    const ghostText = fs.readFileSync(ghost, 'utf8');
    fs.writeFileSync(ghost, JSON.stringify({ ...JSON.parse(ghostText), triesPerBoard: 500 }));
    fs.writeFileSync(path.join(game, 'team-a', 'slide.json'), JSON.stringify({ plan: { '5x5 minMoves 2-4': { coutn: 3 } }, sede: 4 }));
    const r = run('team-a', ['--allow-short']);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('== generate');
    expect(r.stderr.trim().split('\n')).toEqual([
      'proofpack: team-a/slide.json › sede: unknown field (did you mean "seed"?)',
      'proofpack: team-a/slide.json › plan › "5x5 minMoves 2-4" › coutn: unknown field (did you mean "count"?)',
    ]);
    expect(outputs('team-a')).toEqual(before);
    fs.rmSync(path.join(game, 'team-a', 'slide.json'));
    fs.writeFileSync(ghost, ghostText);
  });

  it('every tier a pack wants and the plan cannot make, in one message before any work', () => {
    const before = outputs('team-a');
    const r = run('team-a');
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('== generate');
    const missing = ['EXPERT', 'EXTREME', 'EXTREME II', 'HARD', 'MASTER', 'ULTIMATE', 'ULTIMATE II', 'ULTIMATE+'];
    expect(r.stderr.trim().split('\n')).toEqual(
      missing.map(
        (t) =>
          `proofpack: team-a/packs.json › packs[0] (ghost-all) › tiers.${t}: team-a/ghost.json has no plan entry for this tier (its plan makes EASY, NORMAL); add one, or drop the tier from the pack (--allow-short bundles it short)`,
      ),
    );
    expect(outputs('team-a')).toEqual(before);
  });

  it('every tier a set lacks after generating, for all packs in one message after curate; nothing moved', () => {
    const before = outputs('team-a');
    const ghost = path.join(game, 'team-a', 'ghost.json');
    const packsFile = path.join(game, 'team-a', 'packs.json');
    const [ghostText, packsText] = [fs.readFileSync(ghost, 'utf8'), fs.readFileSync(packsFile, 'utf8')];
    // one HARD board wanted within a single try: at this seed it is not found
    fs.writeFileSync(
      ghost,
      JSON.stringify({
        seed: 1,
        scoreGhostLimit: 16,
        plan: [
          { size: 5, mode: 'direct', count: 4, tier: 'EASY' },
          { size: 5, mode: 'direct', count: 1, tier: 'HARD', tries: 1 },
        ],
      }),
    );
    const packs = JSON.parse(packsText);
    packs.packs = [
      { ...packs.packs[0], tiers: { EASY: 'all', HARD: 'all' } },
      { ...packs.packs[0], name: 'ghost-hard', tiers: { HARD: 2 } },
    ];
    fs.writeFileSync(packsFile, JSON.stringify(packs));
    const r = run('team-a');
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^warning: ghost 5x5 direct -> HARD: no board passed in 1 tries/);
    expect(lines.slice(1)).toEqual([
      'proofpack: team-a/packs.json › packs[0] (ghost-all) › tiers.HARD: wants all levels of the tier, ../team-a-levels/ghost/standard.json has none',
      'proofpack: team-a/packs.json › packs[1] (ghost-hard) › tiers.HARD: wants 2 levels, ../team-a-levels/ghost/standard.json has 0',
      'proofpack: team-a/packs.json › packs[1] (ghost-hard): the pack has 0 levels',
      'proofpack: pipeline: 3 pack tiers cannot be filled (--allow-short bundles them anyway); team-a-levels/ and team-a-dist/ left as they were',
    ]);
    expect(r.stdout).toContain('== curate ghost');
    expect(r.stdout).not.toContain('== validate levels');
    expect(outputs('team-a')).toEqual(before);
    fs.writeFileSync(ghost, ghostText);
    fs.writeFileSync(packsFile, packsText);
  });

  it('a checkpoint found without --resume is kept and the run refused; --config-dir to a missing folder says so', () => {
    const before = outputs('team-a');
    const cp = path.join(game, 'team-a-work', 'candidates', 'ghost-standard.json.checkpoint.json');
    fs.writeFileSync(cp, 'the checkpoint of an interrupted run\n');
    const r = run('team-a', ['--allow-short']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'proofpack: team-a-work/candidates/ghost-standard.json.checkpoint.json: a checkpoint of an interrupted run is there (kept): rerun with --resume to continue from it, or delete it to start over\n',
    );
    expect(fs.readFileSync(cp, 'utf8')).toBe('the checkpoint of an interrupted run\n');
    expect(outputs('team-a')).toEqual(before);
    fs.rmSync(cp);
    const missing = npx(['pipeline', '--config-dir', 'proofpak']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('proofpack: --config-dir proofpak: the folder does not exist (`proofpack init --dir proofpak` makes one)\n');
  });

  // the new folders are moved into place by renaming; /dev/shm is a tmpfs where the machine has one (skipped elsewhere)
  const otherDevice = fs.existsSync('/dev/shm') && fs.statSync('/dev/shm').dev !== fs.statSync(game).dev;
  it.skipIf(!otherDevice)('a work folder on another file system is refused before any work', () => {
    const work = fs.mkdtempSync('/dev/shm/proofpack-work-');
    const r = npx(['pipeline', '--config-dir', 'team-a', '--levels', 'team-a-levels', '--dist', 'team-a-dist', '--work', work, '--allow-short']);
    fs.rmSync(work, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      [
        `proofpack: --work ${work}: on another file system than --levels team-a-levels; keep the work folder beside it (the run moves its new folders into place by renaming)`,
        `proofpack: --work ${work}: on another file system than --dist team-a-dist; keep the work folder beside it (the run moves its new folders into place by renaming)`,
        '',
      ].join('\n'),
    );
  });

  it('Ctrl-C at every step: exit 130, says where, levels/ and dist/ as they were, no lock left', async () => {
    const before = outputs('team-a');
    const ghost = path.join(game, 'team-a', 'ghost.json');
    const ghostText = fs.readFileSync(ghost, 'utf8');
    fs.writeFileSync(ghost, JSON.stringify({ ...JSON.parse(ghostText), seed: 4242 }));
    for (const at of ['generate ghost', 'curate ghost', 'validate levels', 'bundle', 'validate dist']) {
      const env: Record<string, string | undefined> = { ...process.env, CI: '1', PROOFPACK_TEST_STEP_PAUSE_MS: '400' };
      delete env['PROOFPACK_WORKER_SCRIPT'];
      const args = [
        'pipeline',
        '--config-dir',
        'team-a',
        '--levels',
        'team-a-levels',
        '--dist',
        'team-a-dist',
        '--work',
        'team-a-work',
        '--threads',
        '1',
        '--allow-short',
      ];
      const child = spawn(path.join(game, 'node_modules', '.bin', 'proofpack'), args, { cwd: game, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const t0 = Date.now();
      while (!out.includes(`== ${at}\n`) && Date.now() - t0 < 60_000 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGINT');
      expect(await exited, `${at}: ${err}`).toBe(130);
      expect(err.trim().split('\n').at(-1)).toBe(`proofpack: interrupted at ${at}; team-a-levels/ and team-a-dist/ left as they were`);
      expect(outputs('team-a'), at).toEqual(before);
      // and the work folder free for the next run: the interrupted run removed its lock (pipeline/work-lock.ts)
      expect(fs.existsSync(path.join(game, 'team-a-work', 'lock')), at).toBe(false);
    }
    fs.writeFileSync(ghost, ghostText);
  });
});

describe("the kind SDK in a game's repository", () => {
  const node = (file: string) => spawnSync(process.execPath, [file], { cwd: game, encoding: 'utf8' });

  it('proofpack/kind and proofpack/face resolve from the installed package: one zod, the seeded generators, the codecs', () => {
    fs.writeFileSync(
      path.join(game, 'sdk-check.mjs'),
      [
        "import { z, rngFor, InputError, KIND_CONTRACT_VERSION, at as kindAt } from 'proofpack/kind';",
        "import { at, ByteWriter, toBase64 } from 'proofpack/face';",
        "import * as zod from 'zod';",
        "const draw = () => { const r = rngFor(7, 'pear', 3); return [r.int(0, 99), r.int(0, 99), r.int(0, 99)]; };",
        'const w = new ByteWriter(); w.byte(5);',
        'console.log(JSON.stringify({',
        '  version: KIND_CONTRACT_VERSION,',
        '  parsed: z.strictObject({ n: z.number().int() }).safeParse({ n: 1.5 }).success,',
        '  oneZod: z === zod.z,',
        '  sameAt: at === kindAt,',
        '  draws: draw().join() === draw().join(),',
        "  error: new InputError('x') instanceof Error,",
        '  bytes: toBase64(w.bytes()),',
        '}));',
      ].join('\n'),
    );
    const r = node('sdk-check.mjs');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ version: 2, parsed: false, oneZod: true, sameAt: true, draws: true, error: true, bytes: 'BQ' });
  });

  it("a kind's files type-check against the installed declarations (strict, no skipLibCheck)", () => {
    fs.writeFileSync(
      path.join(game, 'kind-types.mts'),
      [
        "import { z, rngFor, type Outcome, type PuzzleKind, type AnalyzeContext, type Rng } from 'proofpack/kind';",
        "import type { KindFace, KindView, Level, ReplayReport } from 'proofpack/face';",
        'export const Puzzle = z.strictObject({ cells: z.array(z.number().int()).max(9) });',
        'export type Puzzle = z.infer<typeof Puzzle>;',
        'export function analyze(p: Puzzle, _ctx: AnalyzeContext<unknown, unknown>): Outcome<number[], { sum: number }> {',
        "  return { status: 'proven', solution: p.cells, analysis: { sum: p.cells.reduce((a, b) => a + b, 0) } };",
        '}',
        'export const rng: Rng = rngFor(1, "x", 0);',
        "export type Face = KindFace<Level<Puzzle, number[], { sum: number }>, 'tiny'>;",
        'export type View = KindView<Level<Puzzle>>;',
        "export type Analyze = PuzzleKind<Puzzle>['analyze'];",
        'export const report: ReplayReport = { ok: true, problems: [], moves: 0, score: 0 };',
      ].join('\n'),
    );
    const tsconfig = {
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, types: [], skipLibCheck: false },
      files: ['kind-types.mts'],
    };
    fs.writeFileSync(path.join(game, 'tsconfig.json'), JSON.stringify(tsconfig));
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: game,
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a deep path into the package is refused by its exports map; the guide ships', () => {
    fs.writeFileSync(path.join(game, 'deep.mjs'), "await import('proofpack/build/tools/lib/at.js');\n");
    const r = node('deep.mjs');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(fs.existsSync(path.join(game, 'node_modules', 'proofpack', 'docs', 'kind-contract.md'))).toBe(true);
  });
});

describe("a game's own kinds, from the installed tarball", () => {
  /** A fresh repository folder inside the game (its node_modules, the installed tarball, found by climbing). */
  const repo = (name: string) => {
    const dir = path.join(game, name);
    fs.mkdirSync(dir);
    return dir;
  };
  /** The installed bin, run in `cwd`. */
  const bin = (cwd: string, args: string[]) => {
    const env: Record<string, string | undefined> = { ...process.env, CI: '1', NO_COLOR: '1' };
    delete env['PROOFPACK_WORKER_SCRIPT'];
    delete env['PROOFPACK_CHECK_KIND_WORKER'];
    const r = spawnSync(path.join(game, 'node_modules', '.bin', 'proofpack'), args, { cwd, encoding: 'utf8', env });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

  it('init --kind lamps: the template type-checks (tsc --noEmit -p proofpack), passes check-kind and pipeline as written; validate passes', () => {
    const dir = repo('lamps-game');
    // what `npm init -y` writes: CommonJS; the kind's own package.json makes its files ES modules
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'lamps-game', version: '1.0.0', type: 'commonjs' }));
    const init = bin(dir, ['init', '--kind', 'lamps', '--seed', '5']);
    expect(init.code, init.stderr).toBe(0);
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'proofpack'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    // with no name: the game's kinds, those its kinds.json lists
    const check = bin(dir, ['check-kind', '--count', '2']);
    expect(check.stdout, check.stderr).toBe('lamps: keeps the kind contract\n');
    expect(check.code).toBe(0);
    const pipeline = bin(dir, ['pipeline', '--threads', '2', '--quiet']);
    expect(pipeline.code, pipeline.stderr).toBe(0);
    const set = readJson(path.join(dir, 'levels', 'lamps', 'standard.json'));
    expect(set.kind).toBe('lamps');
    expect(new Set(set.levels.map((l: { tier: string }) => l.tier))).toEqual(new Set(['EASY', 'MEDIUM', 'HARD']));
    expect(fs.readdirSync(path.join(dir, 'dist')).sort()).toEqual(['conformance', 'lamps-all.json', 'manifest.json', 'preview']);
    expect(fs.readdirSync(path.join(dir, 'dist', 'conformance'))).toEqual(['lamps.json']);
    const validate = bin(dir, ['validate', 'levels', 'dist', '--threads', '1']);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    // a repository with no kinds.json has none of its own to check
    const none = bin(repo('no-kinds'), ['check-kind']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("proofpack/kinds.json registers no kind of the game's to check");
  });

  it('a copy of tools/kinds/apple at proofpack/kinds/pear/, only its name changed, works in config, generate, curate, validate, bundle and passes check-kind pear', () => {
    const dir = repo('pear-game');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'pear-game', private: true, type: 'module' }));
    const pear = path.join(dir, 'proofpack', 'kinds', 'pear');
    fs.cpSync(path.join(ROOT, 'tools', 'kinds', 'apple'), pear, { recursive: true });
    for (const f of fs.readdirSync(pear)) fs.writeFileSync(path.join(pear, f), fs.readFileSync(path.join(pear, f), 'utf8').replaceAll("'apple'", "'pear'"));
    fs.writeFileSync(path.join(dir, 'proofpack', 'kinds.json'), JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: ['./kinds/pear/index.ts'] }));
    // apple's search and reference made small (a partial config)
    const quick = { search: { work: 20_000, iterations: 10_000, runs: 2 }, fidelity: { referenceBoards: 100, referenceSeed: 17, alpha: 0.001 } };
    fs.writeFileSync(path.join(dir, 'pear.quick.json'), JSON.stringify(quick));

    const config = bin(dir, ['config', 'pear']);
    expect(config.code, config.stderr).toBe(0);
    expect(config.stdout).toBe(bin(dir, ['config', 'apple']).stdout);
    const generate = bin(dir, ['generate', 'pear', '--config', 'pear.quick.json', '--count', '4', '--threads', '2', '--out', 'c.json', '--quiet']);
    expect(generate.code, generate.stderr).toBe(0);
    const curate = bin(dir, ['curate', 'c.json', '--out', 'levels/pear.json', '--quiet']);
    expect(curate.code, curate.stderr).toBe(0);
    const set = readJson(path.join(dir, 'levels', 'pear.json'));
    expect(set.kind).toBe('pear');
    expect(set.levels).toHaveLength(4);
    for (const l of set.levels) expect(l.id).toMatch(/^pear-[0-9a-f]{12}$/);
    const tiers = Object.fromEntries(set.levels.map((l: { tier: string }) => [l.tier, 'all']));
    fs.writeFileSync(
      path.join(dir, 'proofpack', 'packs.json'),
      JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [{ name: 'pears', set: '../levels/pear.json', tiers, order: 'difficulty' }] }),
    );
    const bundle = bin(dir, ['bundle', '--packs', 'proofpack/packs.json', '--out', 'dist', '--quiet']);
    expect(bundle.code, bundle.stderr).toBe(0);
    expect(readJson(path.join(dir, 'dist', 'pears.json')).levels).toHaveLength(4);
    const vectors = readJson(path.join(dir, 'dist', 'conformance', 'pear.json'));
    expect(vectors.kind).toBe('pear');
    expect(vectors.cases.length + vectors.games.length).toBeGreaterThan(0);
    const validate = bin(dir, ['validate', 'levels', 'dist', '--threads', '2']);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    // the conformance vectors are recomputed by validate dist: 1 set, 1 pack, the manifest, 1 conformance file
    expect(validate.stdout).toMatch(/^ok: 4 files, /m);
    const check = bin(dir, ['check-kind', 'pear', '--count', '2', '--config', 'pear.quick.json']);
    expect(check.stdout, check.stderr).toBe('pear: keeps the kind contract\n');
    expect(check.code).toBe(0);
  });
});

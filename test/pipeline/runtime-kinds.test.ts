// A game's own kind, loaded at run time from its repository (docs/game-repo.md,
// "Your own kind"): a copy of tools/kinds/apple renamed pear, listed in the
// game's proofpack/kinds.json, goes through config, generate, curate and
// validate as a TypeScript module (the built CLI, which loads it with tsx),
// is in every --help, has its JSON Schemas built from its zod schemas, and
// its slots and analyses run on the pool's worker threads (a traced wrapper
// module notes each call under a token drawn per loaded instance). Each
// refusal of kinds.json and of a module is one line naming the file and the
// entry, exit 2; a set of a kind no one registered names its level and how to
// register the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, ROOT } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { pearGame, pearPacks } from '../support/pear-game.ts';
import { SCHEMA_DIR } from '../../tools/lib/paths.ts';
import { fileURLToPath } from 'node:url';

/** The temporary game repository: package.json, node_modules, proofpack/kinds.json and proofpack/kinds/pear/. */
let game = '';
const quick = { search: { work: 20_000, iterations: 10_000, runs: 2 }, fidelity: { referenceBoards: 100, referenceSeed: 17, alpha: 0.001 } };

/** A kinds config listing these modules. */
const kindsJson = (...kinds: string[]) => JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds });

/** A config folder `name` of the game with this kinds.json text; returns its path. */
function configDir(name: string, text: string): string {
  const dir = path.join(game, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'kinds.json'), text);
  return dir;
}

/** A module of the game (relative to its root) with this text. */
function module(rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(game, rel)), { recursive: true });
  fs.writeFileSync(path.join(game, rel), text);
}

/** The one line of a refusal: exit 2, nothing on stdout, exactly one line on stderr. */
function refusal(r: { code: number; stdout: string; stderr: string }): string {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  return r.stderr.trimEnd();
}

beforeAll(() => {
  game = pearGame(['traced.mjs']);
  configDir('proofpack', kindsJson('./kinds/pear/index.ts'));
  fs.writeFileSync(path.join(game, 'pear.quick.json'), JSON.stringify(quick));
});

afterAll(() => {
  if (game) fs.rmSync(game, { recursive: true, force: true });
});

describe("a game's own kind from its kinds.json", () => {
  it('works in config, generate, curate and validate as a TypeScript module (the built CLI, tsx), on two threads', () => {
    const config = cli(['config', 'pear'], game);
    expect(config.code, config.stderr).toBe(0);
    expect(config.stdout).toBe(cli(['config', 'apple'], game).stdout);
    const generate = cli(['generate', 'pear', '--config', 'pear.quick.json', '--count', '4', '--threads', '2', '--out', 'c.json', '--quiet'], game);
    expect(generate.code, generate.stderr).toBe(0);
    const candidates = JSON.parse(fs.readFileSync(path.join(game, 'c.json'), 'utf8')) as { kind: string; levels: { id: string }[] };
    expect(candidates.kind).toBe('pear');
    expect(candidates.levels).toHaveLength(4);
    for (const l of candidates.levels) expect(l.id).toMatch(/^pear-[0-9a-f]{12}$/);
    const curate = cli(['curate', 'c.json', '--out', 's.json', '--quiet'], game);
    expect(curate.code, curate.stderr).toBe(0);
    const validate = cli(['validate', 's.json', '--threads', '2'], game);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/ok: 1 file, 4 levels, 0 problems/);
  });

  it('is in what init scaffolds and what bundle writes (its pack and its conformance vectors)', () => {
    const dir = configDir('scaffold', kindsJson('../proofpack/kinds/pear/index.ts'));
    const init = cli(['init', '--dir', 'scaffold', '--seed', '3', '--quiet'], game);
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pear.json'), 'utf8'))).toMatchObject({ seed: 3, name: 'standard' });
    const packs = JSON.parse(fs.readFileSync(path.join(dir, 'packs.json'), 'utf8')) as { packs: { name: string }[] };
    expect(packs.packs.map((p) => p.name)).toContain('pear-all');
    pearPacks(game, 's.json');
    const bundle = cli(['bundle', '--packs', 'packs.json', '--out', 'dist', '--quiet'], game);
    expect(bundle.code, bundle.stderr).toBe(0);
    expect(fs.readdirSync(path.join(game, 'dist', 'conformance'))).toEqual(['pear.json']);
    // the play page carries pear's face and view (game-client.test.ts plays it), and validate recomputes the page
    expect(fs.readFileSync(path.join(game, 'dist', 'preview', 'play.html'), 'utf8')).toContain('<script id="proofpack-kinds" type="application/json">');
    expect(cli(['validate', 'dist', '--quiet'], game).code).toBe(0);
  });

  it('is in every --help that lists kinds, and a stored value changed in its set is named by validate', async () => {
    const dir = path.join(game, 'proofpack');
    expect((await run(['generate', '--help', '--config-dir', dir])).stdout).toMatch(/puzzle kind: ghost, slide, apple, pear/);
    expect((await run(['config', '--help', '--config-dir', dir])).stdout).toMatch(/puzzle kind: ghost, slide, apple, pear/);
    // without the kinds config: the built-in kinds only
    expect((await run(['generate', '--help'])).stdout).toMatch(/puzzle kind: ghost, slide, apple\n/);
    const set = JSON.parse(fs.readFileSync(path.join(game, 's.json'), 'utf8')) as { levels: { id: string; analysis: { greedyScore: number } }[] };
    const first = set.levels[0];
    if (!first) throw new Error('no level');
    first.analysis.greedyScore += 1;
    fs.writeFileSync(path.join(game, 'bad.json'), JSON.stringify(set));
    const r = await run(['validate', path.join(game, 'bad.json'), '--config-dir', dir, '--threads', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${first.id} › analysis.greedyScore`);
  });

  it("runs its slots and analyses on the pool's worker threads, each of which loaded the kind's module", async () => {
    const traced = configDir('traced', kindsJson('../proofpack/kinds/pear/traced.mjs'));
    const trace = path.join(game, 'proofpack', 'kinds', 'pear', 'trace.log');
    fs.rmSync(trace, { force: true });
    // every slot pauses (a test hook of tasks.ts), so the run outlasts its inline start and the pool takes the rest
    process.env['PROOFPACK_TEST_WORK_PAUSE_MS'] = '150';
    let g: Awaited<ReturnType<typeof run>>;
    try {
      g = await run([
        'generate',
        'pear',
        '--config',
        path.join(game, 'pear.quick.json'),
        '--count',
        '8',
        '--threads',
        '2',
        '--out',
        path.join(game, 't.json'),
        '--config-dir',
        traced,
        '--quiet',
      ]);
    } finally {
      delete process.env['PROOFPACK_TEST_WORK_PAUSE_MS'];
    }
    expect(g.code, g.stderr).toBe(0);
    const lines = () => fs.readFileSync(trace, 'utf8').trimEnd().split('\n');
    const tokensOf = (what: string) => new Set(lines().flatMap((l) => (l.endsWith(` ${what}`) ? [l.split(' ')[0]] : [])));
    // the command's own thread registered the kind first (this process keeps that instance for the validate below)
    const own = lines()[0]?.split(' ')[0];
    expect(lines()[0]).toBe(`${own} load`);
    const slots = tokensOf('slot');
    expect(slots.size).toBeGreaterThanOrEqual(2);
    expect([...slots].filter((t) => t !== own).length).toBeGreaterThanOrEqual(1);
    // validate analyses every level on the pool (none on the command's thread): both workers, each with the kind loaded
    const before = tokensOf('analyze');
    const v = await run(['validate', path.join(game, 't.json'), '--threads', '2', '--config-dir', traced, '--quiet']);
    expect(v.code, v.stderr).toBe(0);
    const analysed = [...tokensOf('analyze')].filter((t) => !before.has(t));
    expect(analysed).toHaveLength(2);
    expect(analysed).not.toContain(own);
    for (const t of analysed) expect(tokensOf('load')).toContain(t);
  });

  it('has its JSON Schemas built from its zod schemas; schema --out writes them, and for the built-in kinds what schema/ holds', async () => {
    const out = path.join(game, 'schemas');
    const r = await run(['schema', '--out', out, '--config-dir', path.join(game, 'proofpack'), '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const written = fs.readdirSync(out).sort();
    expect(written).toEqual(
      expect.arrayContaining(['pear.config.schema.json', 'pear.set.schema.json', 'pear.pack.schema.json', 'pear.conformance.schema.json']),
    );
    const pear = JSON.parse(fs.readFileSync(path.join(out, 'pear.config.schema.json'), 'utf8')) as Record<string, unknown>;
    const apple = JSON.parse(fs.readFileSync(path.join(out, 'apple.config.schema.json'), 'utf8')) as Record<string, unknown>;
    expect({ ...pear, $id: '', title: '' }).toEqual({ ...apple, $id: '', title: '' });
    // the built-in kinds alone: exactly proofpack's schema/
    const own = path.join(game, 'own-schemas');
    expect((await run(['schema', '--out', own, '--quiet'])).code).toBe(0);
    const dir = fileURLToPath(SCHEMA_DIR);
    expect(fs.readdirSync(own).sort()).toEqual(fs.readdirSync(dir).sort());
    for (const f of fs.readdirSync(own)) expect(fs.readFileSync(path.join(own, f), 'utf8'), f).toBe(fs.readFileSync(path.join(dir, f), 'utf8'));
  });
});

describe('refusals: one line naming the file and the entry, exit 2', () => {
  const pearImport = "import { kind as pear, face, view } from '../proofpack/kinds/pear/index.ts';\n";

  it('a level of a kind no one registered names the file, the level and how to register the kind', async () => {
    const file = path.join(game, 's.json');
    const id = (JSON.parse(fs.readFileSync(file, 'utf8')) as { levels: { id: string }[] }).levels[0]?.id;
    const line = refusal(await run(['validate', file]));
    expect(line).toContain(`${file} › kind:`);
    expect(line).toContain(`found "pear" (level ${id})`);
    expect(line).toContain('add its module to proofpack/kinds.json');
    expect(refusal(await run(['generate', 'pear', '--out', path.join(game, 'x.json')]))).toMatch(
      /unknown puzzle kind "pear" .*add(ing)? its module to proofpack\/kinds\.json/,
    );
  });

  it.each([
    ['an absolute path', () => kindsJson('/etc/passwd.mjs'), /kinds\[0\] \("\/etc\/passwd\.mjs"\): not a relative path/],
    ['a path outside the repository', () => kindsJson('../../outside/kind.mjs'), /kinds\[0\] \("\.\.\/\.\.\/outside\/kind\.mjs"\): outside the repository/],
    ['a file that is not a module', () => kindsJson('../proofpack/kinds/pear/README'), /kinds\[0\] .*: not a kind module/],
    ['a missing module', () => kindsJson('../proofpack/kinds/none/index.ts'), /kinds\[0\] .*: cannot read .*none \(no such file\)/],
    ['a path through a linked folder', () => kindsJson('../proofpack/kinds/linked/index.ts'), /kinds\[0\] .*: goes through a symbolic link \(.*linked\)/],
    ['a linked module file', () => kindsJson('../proofpack/kinds/pear/linked.ts'), /kinds\[0\] .*: goes through a symbolic link \(.*linked\.ts\)/],
    ['a kinds config of another type', () => JSON.stringify({ type: 'packs-config', formatVersion: 1, kinds: [] }), /kinds\.json › type: /],
    ['a kinds config without its type', () => JSON.stringify({ kinds: [] }), /kinds\.json › type: missing; add "type": "kinds-config"/],
    [
      'an unknown field',
      () => JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: [], extra: 1 }),
      /kinds\.json › \(file\): Unrecognized key: "extra"/,
    ],
  ])('%s', async (_name, text, message) => {
    fs.mkdirSync(path.join(game, 'proofpack', 'kinds', 'linked-target'), { recursive: true });
    fs.writeFileSync(path.join(game, 'proofpack', 'kinds', 'linked-target', 'index.ts'), 'export {};\n');
    if (!fs.existsSync(path.join(game, 'proofpack', 'kinds', 'linked'))) {
      fs.symlinkSync(path.join(game, 'proofpack', 'kinds', 'linked-target'), path.join(game, 'proofpack', 'kinds', 'linked'));
      fs.symlinkSync(path.join(game, 'proofpack', 'kinds', 'pear', 'index.ts'), path.join(game, 'proofpack', 'kinds', 'pear', 'linked.ts'));
    }
    const dir = configDir('refused', text());
    const line = refusal(await run(['config', 'apple', '--config-dir', dir]));
    expect(line).toMatch(new RegExp(`^proofpack: ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/kinds\\.json › `));
    expect(line).toMatch(message);
  });

  it.each([
    [
      'a name that is not lower-case letters and digits',
      `${pearImport}export const kind = { ...pear, name: 'Pear' };\nexport { face, view };\n`,
      /kind name "Pear" \(kind\.name\): use lower-case letters and digits, starting with a letter/,
    ],
    [
      "a built-in kind's name",
      `${pearImport}export const kind = { ...pear, name: 'apple' };\nexport { face, view };\n`,
      /kind name "apple" is a built-in kind's/,
    ],
    ['no view exported', `${pearImport}export { pear as kind, face };\n`, /the module exports no `view`/],
    [
      'a record without a member every kind has',
      `${pearImport}export const kind = { ...pear, analyze: undefined };\nexport { face, view };\n`,
      /kind "pear": analyze \(PuzzleKind\.analyze\) is not a function/,
    ],
    ['a record without budgets', `${pearImport}export const kind = { ...pear, budgets: [] };\nexport { face, view };\n`, /kind "pear": no budgets/],
    ['a module that throws when loaded', "throw new Error('the kind is broken');\n", /cannot load the module: the kind is broken/],
  ])('a module with %s', async (_name, text, message) => {
    const rel = `variants/v${Math.random().toString(36).slice(2)}.mjs`;
    module(rel, text);
    const dir = configDir('refused', kindsJson(`../${rel}`));
    const line = refusal(await run(['config', 'apple', '--config-dir', dir]));
    expect(line).toContain(`${dir}/kinds.json › kinds[0] ("../${rel}"): `);
    expect(line).toMatch(message);
  });

  it('a name another module registered: the line names both entries', async () => {
    const dir = configDir('refused', kindsJson('../proofpack/kinds/pear/index.ts', '../proofpack/kinds/pear/traced.mjs'));
    const line = refusal(await run(['config', 'apple', '--config-dir', dir]));
    expect(line).toContain(
      `kinds[1] ("../proofpack/kinds/pear/traced.mjs"): kind name "pear" is already registered by kinds[0] ("../proofpack/kinds/pear/index.ts")`,
    );
  });

  it('a --config-dir that does not exist', async () => {
    expect(refusal(await run(['config', 'apple', '--config-dir', path.join(game, 'nowhere')]))).toContain('the folder does not exist');
  });
});

describe('the accessor of the registered kinds', () => {
  it('is what the commands read: no file under tools/ but the registry and proofpack’s own schema/ writer reads the built-in KINDS', () => {
    const files = fs.readdirSync(path.join(ROOT, 'tools'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const readers = files.filter((f) => /\bKINDS\b/.test(fs.readFileSync(path.join(ROOT, 'tools', f), 'utf8')));
    expect(readers.sort()).toEqual([path.join('kinds', 'index.ts'), path.join('scripts', 'write-schemas.ts')]);
  });
});

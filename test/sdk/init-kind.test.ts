// `proofpack init --kind NAME` (tools/commands/init-kind.ts), in this process
// in a fresh folder: the template copied with its name replaced, registered in
// kinds.json, a config, a pack, a tsconfig.json and the CI steps; the copy is
// a working kind of that name; nothing is overwritten without --force; bad
// names and a bad kinds.json are one line and exit 2.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAME_FILE, TEMPLATE_DIR } from '../../tools/commands/init-kind.ts';
import { run } from '../support/run-cli.ts';
import { tempDir } from '../support/helpers.ts';
import { drive } from '../support/kind-drive.ts';

const home = process.cwd();
let game: string;
beforeEach(() => {
  game = tempDir();
  process.chdir(game);
});
afterEach(() => process.chdir(home));

const read = (f: string) => fs.readFileSync(path.join(game, f), 'utf8');
const json = (f: string) => JSON.parse(read(f));

describe('init --kind', () => {
  it('scaffolds the template as the kind NAME: files, kinds.json, config, pack, tsconfig.json, CI steps, .gitignore', async () => {
    const r = await run(['init', '--kind', 'pear', '--seed', '7']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const files = fs.readdirSync(TEMPLATE_DIR).filter((f) => f.endsWith('.ts') || f === 'package.json');
    expect(files).toContain('package.json');
    expect(fs.readdirSync(path.join(game, 'proofpack/kinds/pear')).sort()).toEqual(files.sort());
    for (const f of files) {
      const template = fs.readFileSync(path.join(TEMPLATE_DIR, f), 'utf8');
      expect(read(`proofpack/kinds/pear/${f}`), f).toBe(f === NAME_FILE ? template.replace("NAME = 'lights'", "NAME = 'pear'") : template);
    }
    expect(read(`proofpack/kinds/pear/${NAME_FILE}`)).toContain("export const NAME = 'pear';");
    expect(json('proofpack/kinds/pear/package.json')).toEqual({ type: 'module' });
    expect(json('proofpack/kinds.json')).toEqual({ type: 'kinds-config', formatVersion: 1, kinds: ['./kinds/pear/index.ts'] });
    expect(json('proofpack/packs.json').packs).toEqual([
      { name: 'pear-all', set: '../levels/pear/standard.json', tiers: { EASY: 'all', MEDIUM: 'all', HARD: 'all' }, order: 'difficulty' },
    ]);
    const config = json('proofpack/pear.json');
    expect(config.seed).toBe(7);
    expect(config.name).toBe('standard');
    expect(config.plan.length).toBeGreaterThan(0);
    expect(json('proofpack/tsconfig.json').include).toEqual(['kinds/**/*.ts']);
    const workflow = read('proofpack/github-workflow.yml');
    expect(workflow).toMatch(
      /- run: npm ci\n(.*\n){2}\s+- run: npx --no-install tsc --noEmit -p proofpack\n\s+- run: npx proofpack check-kind --member-timeout 600\n/,
    );
    expect(workflow).toContain('no secrets in this job');
    expect(read('.gitignore')).toBe('.proofpack\n');
  });

  it('makes a working kind of that name: its module loads, and its members generate, analyze and grade as the template does', async () => {
    expect((await run(['init', '--kind', 'pear2', '--seed', '7'])).code).toBe(0);
    const mod = await import(path.join(game, 'proofpack/kinds/pear2/index.ts'));
    expect([mod.kind.name, mod.face.name, mod.view.name]).toEqual(['pear2', 'pear2', 'pear2']);
    const config = { ...mod.kind.defaults.config, plan: [{ size: 4, count: 4, presses: [2, 8] }] };
    const set = drive(mod.kind, config, 1);
    expect(set.levels.length).toBeGreaterThan(0);
    for (const l of set.levels) expect(l.id.startsWith('pear2-')).toBe(true);
  });

  it('after plain init, adds its pack and the CI steps and keeps the rest; never overwrites without --force; --force does', async () => {
    expect((await run(['init', '--seed', '3'])).code).toBe(0);
    const packs = json('proofpack/packs.json').packs.map((p: { name: string }) => p.name);
    expect((await run(['init', '--kind', 'pear'])).code).toBe(0);
    expect(json('proofpack/packs.json').packs.map((p: { name: string }) => p.name)).toEqual([...packs, 'pear-all']);
    expect(read('proofpack/github-workflow.yml')).toContain('npx proofpack check-kind');
    const again = await run(['init', '--kind', 'pear']);
    expect(again.code).toBe(2);
    expect(again.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(again.stderr).toContain(`init --kind pear: not overwriting ${path.join('proofpack', 'kinds', 'pear')}, `);
    expect(again.stderr).toContain('(--force overwrites them)');
    fs.writeFileSync(path.join(game, 'proofpack/kinds/pear/solve.ts'), '// mine\n');
    expect((await run(['init', '--kind', 'pear', '--force'])).code).toBe(0);
    expect(read('proofpack/kinds/pear/solve.ts')).toBe(fs.readFileSync(path.join(TEMPLATE_DIR, 'solve.ts'), 'utf8'));
    expect(json('proofpack/kinds.json').kinds).toEqual(['./kinds/pear/index.ts']);
    expect(json('proofpack/packs.json').packs.filter((p: { name: string }) => p.name === 'pear-all')).toHaveLength(1);
  });

  it('keeps a workflow example the team changed and prints the steps to add', async () => {
    fs.mkdirSync(path.join(game, 'proofpack'));
    fs.writeFileSync(path.join(game, 'proofpack/github-workflow.yml'), 'mine\n');
    const r = await run(['init', '--kind', 'pear']);
    expect(r.code).toBe(0);
    expect(read('proofpack/github-workflow.yml')).toBe('mine\n');
    expect(r.stdout).toContain('- run: npx proofpack check-kind');
  });

  it.each([
    ['Pear', 'a kind name is lower-case letters and digits'],
    ['9lives', 'a kind name is lower-case letters and digits'],
    ['pe-ar', 'a kind name is lower-case letters and digits'],
    ['../x', 'a kind name is lower-case letters and digits'],
    ['ghost', 'a built-in kind has that name'],
  ])('refuses the name %s in one line, exit 2, writing nothing', async (name, message) => {
    const r = await run(['init', '--kind', name]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(fs.readdirSync(game)).toEqual([]);
  });

  it("refuses a name another of the game's kind modules has, naming its entry in kinds.json, writing nothing", async () => {
    expect((await run(['init', '--kind', 'pear', '--seed', '1'])).code).toBe(0);
    fs.renameSync(path.join(game, 'proofpack/kinds/pear'), path.join(game, 'proofpack/kinds/other'));
    fs.writeFileSync(path.join(game, 'proofpack/kinds.json'), '{"type":"kinds-config","formatVersion":1,"kinds":["./kinds/other/index.ts"]}');
    const r = await run(['init', '--kind', 'pear']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: init --kind pear: ${path.join('proofpack', 'kinds.json')} › kinds[0] ("./kinds/other/index.ts") is already a kind of that name; choose another\n`,
    );
    expect(fs.existsSync(path.join(game, 'proofpack/kinds/pear'))).toBe(false);
  });

  it('refuses a kinds.json that is not a kinds-config, naming the file and the field, writing nothing', async () => {
    fs.mkdirSync(path.join(game, 'proofpack'));
    fs.writeFileSync(path.join(game, 'proofpack/kinds.json'), '{"type":"kinds-config","formatVersion":1,"kinds":[3]}');
    const r = await run(['init', '--kind', 'pear']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${path.join('proofpack', 'kinds.json')} › kinds[0]: Invalid input: expected string, received number\n`);
    expect(fs.readdirSync(path.join(game, 'proofpack'))).toEqual(['kinds.json']);
  });
});

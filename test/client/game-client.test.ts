// A game's own kind in the browser: a copy of tools/kinds/apple renamed pear,
// in a game repository with proofpack installed. createClient({ faces }) of
// the root package's `proofpack/client` (the same files as proofpack-client)
// bundled by esbuild for the browser with pear's face holds no `node:` import
// and none of the built-in kinds' code, and loads, replays, plays and restores
// a pear pack; a pack of a kind it has no face for is one line naming the
// kind and createClient. The play page built with pear's face and view (what
// bundle writes for a game's kinds) plays a pear level to its best score in
// Chromium; the game kinds' script is the same bytes each time, cannot close
// the page's script tag, and a kind missing its view or not compiling for
// the browser is one line naming the module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { cli, ROOT } from '../support/helpers.ts';
import { connectBrowser, dragRectangles } from '../support/browser.ts';
import { pearGame, pearPacks } from '../support/pear-game.ts';
import { gameKindsScript } from '../../tools/preview/game-script.ts';
import { playHtml } from '../../tools/preview/play.ts';
import { InputError } from '../../tools/lib/errors.ts';
import type { AppleLevel } from '../../tools/client/index.ts';

let game = '';
/** A committed apple pack and set, renamed pear (ids keep their 12 hex digits: the client checks their shape, not their hash). */
const asPear = (text: string) => text.replaceAll('"apple"', '"pear"').replaceAll('"apple-', '"pear-');
const pearPackText = () => asPear(fs.readFileSync(path.join(ROOT, 'dist', 'apple-gentle.json'), 'utf8'));
const pearModule = () => ({
  name: 'pear',
  url: pathToFileURL(path.join(game, 'proofpack', 'kinds', 'pear', 'index.ts')).href,
  label: 'proofpack/kinds.json › kinds[0]',
});

beforeAll(() => {
  game = pearGame();
});

afterAll(() => {
  if (game) fs.rmSync(game, { recursive: true, force: true });
});

describe("a game's client with its own kind's face", () => {
  it('bundles for the browser with no node: import and no built-in kind, and plays the kind', async () => {
    fs.writeFileSync(
      path.join(game, 'client.ts'),
      [
        "import { createClient } from 'proofpack/client';",
        "import { face } from './proofpack/kinds/pear/face.ts';",
        'export const client = createClient({ faces: [face] });',
        'export { face };',
      ].join('\n'),
    );
    const r = await build({
      entryPoints: [path.join(game, 'client.ts')],
      absWorkingDir: game,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
    });
    expect(r.warnings).toEqual([]); // no bare import of the client's parts ignored
    const inputs = r.metafile.inputs;
    expect(Object.values(inputs).flatMap((i) => i.imports.filter((m) => m.path.startsWith('node:')))).toEqual([]);
    // the client's files it kept: none holds a built-in kind's face
    const used = Object.entries(r.metafile.outputs)
      .flatMap(([, o]) => Object.entries(o.inputs))
      .filter(([f, i]) => i.bytesInOutput > 0 && f.includes('build/client/'))
      .map(([f]) => path.resolve(game, f));
    expect(used.length).toBeGreaterThan(0);
    const builtIn = fs
      .readdirSync(path.join(ROOT, 'build', 'client', 'parts'))
      .map((f) => path.join(ROOT, 'build', 'client', 'parts', f))
      .filter((f) => /name: "(ghost|slide|apple)"/.test(fs.readFileSync(f, 'utf8')));
    expect(builtIn.length).toBeGreaterThan(0); // the built-in faces are there to be left out
    expect(used.filter((f) => builtIn.includes(f))).toEqual([]);
    const code = r.outputFiles[0]!.text;
    expect(code).not.toMatch(/"(ghost|slide|apple)"/);
    expect(code).not.toContain('zod');
    // proofpack-client is the same files
    const files = (dir: string) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.js'))
        .sort();
    const pkg = path.join(ROOT, 'packages', 'client', 'dist');
    expect(files(pkg)).toEqual(files(path.join(ROOT, 'build', 'client')));
    for (const f of files(pkg)) expect(fs.readFileSync(path.join(pkg, f)).equals(fs.readFileSync(path.join(ROOT, 'build', 'client', f)))).toBe(true);

    // the bundle, run: load, replay, play, restore a pear pack
    fs.writeFileSync(path.join(game, 'client.mjs'), code);
    const { client, face } = await import(pathToFileURL(path.join(game, 'client.mjs')).href);
    const loaded = client.loadPack(pearPackText());
    expect(loaded.kind.name).toBe('pear');
    const { kind, levels } = client.levelsOf(loaded) as { kind: string; levels: AppleLevel[] };
    expect(kind).toBe('pear');
    for (const level of levels) expect(loaded.kind.replay(level)).toMatchObject({ ok: true });
    const level = levels[0]!;
    let state = face.start(level);
    for (const rect of level.solution) {
      const step = face.step(level, state, { type: 'take', rect });
      expect(step.event.kind).toBe('taken');
      state = step.state;
    }
    expect(state.score).toBe(level.analysis.bestScore);
    const restored = face.restore(level, JSON.parse(JSON.stringify(state)));
    expect(restored).toMatchObject({ ok: true, state: { score: level.analysis.bestScore } });
    // a kind it has no face for: one line naming it and how to add its face
    const apple = fs.readFileSync(path.join(ROOT, 'dist', 'apple-gentle.json'), 'utf8');
    expect(() => client.loadPack(apple)).toThrow(/^kind: expected one of "pear", found "apple": .*createClient\(\{ faces/);
  });

  it('refuses a face that is not one, and two of one name', async () => {
    const { createClient } = await import('../../tools/client/index.ts');
    const { face } = await import(path.join(game, 'proofpack', 'kinds', 'pear', 'face.ts'));
    expect(() => createClient({ faces: [face, face] })).toThrow(/faces\[1\]: two faces are named "pear"/);
    expect(() => createClient({ faces: [{ name: 'x' } as never] })).toThrow(/faces\[0\] is not a kind's face \(no levelProblem/);
  });
});

describe("the play page with a game's kind", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('compiles its face and view the same each time, and a kind without a view or not browser-safe is one line', () => {
    const script = gameKindsScript([pearModule()]);
    expect(script.length).toBeGreaterThan(0);
    expect(gameKindsScript([pearModule()])).toBe(script);
    expect(script).not.toContain(game); // no path of this machine
    // the same kind in another folder: the same bytes
    const elsewhere = path.join(game, 'elsewhere', 'kinds', 'pear');
    fs.cpSync(path.join(game, 'proofpack', 'kinds', 'pear'), elsewhere, { recursive: true });
    expect(gameKindsScript([{ ...pearModule(), url: pathToFileURL(path.join(elsewhere, 'index.ts')).href }])).toBe(script);
    const bare = path.join(game, 'bare');
    fs.mkdirSync(bare);
    fs.writeFileSync(path.join(bare, 'index.ts'), 'export {};');
    fs.writeFileSync(path.join(bare, 'face.ts'), "import { readFileSync } from 'node:fs';\nexport const face = { name: 'bare', readFileSync };");
    const ref = { name: 'bare', url: pathToFileURL(path.join(bare, 'index.ts')).href, label: 'kinds.json › kinds[1]' };
    expect(() => gameKindsScript([ref])).toThrow(InputError);
    expect(() => gameKindsScript([ref])).toThrow(/^kinds\.json › kinds\[1\]: the play page needs the kind's view in view\.ts/);
    fs.writeFileSync(path.join(bare, 'view.ts'), "export const view = { name: 'bare' };");
    expect(() => gameKindsScript([ref])).toThrow(/^kinds\.json › kinds\[1\]: the kind's face and view do not compile for the play page: .*node:fs/);
  });

  it('is what bundle writes for a game kind with a set on the page; a view that is not browser-safe is one line, exit 2, and no dist', () => {
    const kindsJson = (dir: string, module: string) => {
      fs.mkdirSync(path.join(game, dir), { recursive: true });
      fs.writeFileSync(path.join(game, dir, 'kinds.json'), JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: [module] }));
    };
    kindsJson('proofpack', './kinds/pear/index.ts');
    const quick = { search: { work: 20_000, iterations: 10_000, runs: 2 }, fidelity: { referenceBoards: 100, referenceSeed: 17, alpha: 0.001 } };
    fs.writeFileSync(path.join(game, 'pear.quick.json'), JSON.stringify(quick));
    const generate = cli(['generate', 'pear', '--config', 'pear.quick.json', '--count', '2', '--out', 'c.json', '--quiet'], game);
    expect(generate.code, generate.stderr).toBe(0);
    expect(cli(['curate', 'c.json', '--out', 's.json', '--quiet'], game).code).toBe(0);
    pearPacks(game, 's.json');
    const bundle = cli(['bundle', '--packs', 'packs.json', '--out', 'dist', '--quiet'], game);
    expect(bundle.code, bundle.stderr).toBe(0);
    const page = fs.readFileSync(path.join(game, 'dist', 'preview', 'play.html'), 'utf8');
    expect(page).toContain(
      `<script id="proofpack-kinds" type="application/json">${JSON.stringify(gameKindsScript([pearModule()])).replace(/</g, '\\u003c')}</script>`,
    );
    // the same kind whose view imports node:fs
    const broken = path.join(game, 'broken', 'pear');
    fs.cpSync(path.join(game, 'proofpack', 'kinds', 'pear'), broken, { recursive: true });
    fs.appendFileSync(path.join(broken, 'view.ts'), "\nimport { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
    kindsJson('broken-config', '../broken/pear/index.ts');
    const refused = cli(['bundle', '--packs', 'packs.json', '--out', 'dist2', '--config-dir', 'broken-config', '--quiet'], game);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(
      /^proofpack: broken-config\/kinds\.json › kinds\[0\].*: the kind's face and view do not compile for the play page: .*node:fs/,
    );
    expect(fs.existsSync(path.join(game, 'dist2'))).toBe(false);
  });

  it("cannot be broken out of by a kind's code", () => {
    const html = playHtml([], 'proofpack test', 'var a="</script><script>document.title=1<!--";');
    expect(html).not.toContain('</script><script>document');
    expect(html).not.toContain('<!--');
    const m = /<script id="proofpack-kinds" type="application\/json">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(m![1]!)).toBe('var a="</script><script>document.title=1<!--";');
  });

  it('plays a pear level to its best score in Chromium', async () => {
    const set = JSON.parse(asPear(fs.readFileSync(path.join(ROOT, 'levels', 'apple', 'standard.json'), 'utf8')));
    const level = set.levels[0] as AppleLevel;
    const html = playHtml(
      [{ kind: 'pear', metric: ['bestScore', 'best'], name: 'standard', file: 'levels/pear/standard.json', levels: [level] }],
      'proofpack test',
      gameKindsScript([pearModule()]),
    );
    const file = path.join(game, 'play.html');
    fs.writeFileSync(file, html);
    browser = await connectBrowser();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${pathToFileURL(file).href}#${level.id}`);
    await page.waitForSelector('body[data-ready="true"]');
    await dragRectangles(page, level.solution);
    expect(await page.locator('#score').innerText()).toMatch(new RegExp(`^${level.analysis.bestScore} `));
    // the game over at its best score: "no move" left, or "cleared" when the best score takes every cell
    expect(await page.locator('#game-status').innerText()).toMatch(level.analysis.bestScore === 170 ? /^cleared · best score/ : /^no move · best score/);
    expect(await page.locator('#board').getAttribute('class')).toBe('kind-pear');
    expect(errors).toEqual([]);
  });
});

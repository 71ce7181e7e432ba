// Adding a kind is its folder plus its entry in the one list of kinds: a copy
// of the slide folder, renamed slide2 and registered (its entry in
// tools/kinds/list.ts, the only file changed outside the folder), is
// taken through config, generate, curate, validate (its budgets' ceilings
// included), bundle, the client's loadPack and replay, and the play page (a
// flick played on it in Chromium), in
// a copy of the tools tree built as `npm run build` builds it. Small counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, tempDir } from '../support/helpers.ts';
import { connectBrowser } from '../support/browser.ts';

let home = '';
/** The files of the copy's tools/ that differ from ours, outside the new folder. */
let changedOutside: string[] = [];
/** The copy's CLI, with the copy's own worker script (the suite points PROOFPACK_WORKER_SCRIPT at the real build). */
const run = (args: string[]) =>
  spawnSync(process.execPath, [path.join(home, 'bin', 'proofpack.js'), ...args], {
    cwd: home,
    encoding: 'utf8',
    env: { ...process.env, PROOFPACK_WORKER_SCRIPT: path.join(home, 'build', 'tools', 'commands', 'run', 'worker.js') },
  });
const node = (script: string) => execFileSync(process.execPath, [script], { cwd: home, encoding: 'utf8', stdio: 'pipe' });

function edit(file: string, from: string | RegExp, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: ${String(from)} not found`);
  fs.writeFileSync(file, next);
}

beforeAll(() => {
  home = tempDir();
  for (const f of ['tools', 'bin', 'schema']) fs.cpSync(path.join(ROOT, f), path.join(home, f), { recursive: true });
  for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.client.json']) fs.copyFileSync(path.join(ROOT, f), path.join(home, f));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(home, 'node_modules'));
  // the folder, renamed
  const kinds = path.join(home, 'tools', 'kinds');
  fs.cpSync(path.join(kinds, 'slide'), path.join(kinds, 'slide2'), { recursive: true });
  // the kind object takes its name from the face (defineKind)
  edit(path.join(kinds, 'slide2', 'face.ts'), "KindFace<SlideLevel, 'slide',", "KindFace<SlideLevel, 'slide2',");
  edit(path.join(kinds, 'slide2', 'face.ts'), "name: 'slide',", "name: 'slide2',");
  edit(path.join(kinds, 'slide2', 'view.ts'), "KindView<SlideLevel, 'slide',", "KindView<SlideLevel, 'slide2',");
  edit(path.join(kinds, 'slide2', 'view.ts'), "name: 'slide',", "name: 'slide2',");

  edit(path.join(kinds, 'slide2', 'conformance.ts'), "conformanceSchema('slide',", "conformanceSchema('slide2',");
  // its entry in the one list: an import and its place in the list, nothing else outside the folder
  edit(
    path.join(kinds, 'list.ts'),
    /\n\nexport const KIND_LIST = \[ghost, slide, apple\]/,
    "\nimport * as slide2 from './slide2/index.ts';\n\nexport const KIND_LIST = [ghost, slide, apple, slide2]",
  );
  const changed = (dir: string): string[] =>
    fs.readdirSync(path.join(home, dir), { recursive: true, encoding: 'utf8' }).filter((f) => {
      const file = path.join(dir, f);
      if (f.startsWith(`kinds${path.sep}slide2`) || fs.statSync(path.join(home, file)).isDirectory()) return false;
      return !fs.readFileSync(path.join(home, file)).equals(fs.readFileSync(path.join(ROOT, file)));
    });
  changedOutside = changed('tools');
  // built as npm run build builds it, and its schemas written
  node('tools/scripts/build-kernel.mjs');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: home, stdio: 'pipe' });
  node('build/tools/scripts/build-client.js');
  node('build/tools/scripts/write-schemas.js');
}, 240_000);

afterAll(() => {
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

describe('a new kind: a copied folder plus its registry lines', () => {
  it('is registered by its entry in kinds/list.ts alone', () => {
    expect(changedOutside).toEqual([path.join('kinds', 'list.ts')]);
  });

  it('goes through config, generate, curate, validate, bundle, the client and the play page', async () => {
    const config = run(['config', 'slide2']);
    expect(config.status, config.stderr).toBe(0);
    expect(JSON.parse(config.stdout)).toMatchObject({ plan: expect.any(Array) });

    const gen = run(['generate', 'slide2', '--count', '6', '--out', 'cand.json', '--quiet']);
    expect(gen.status, gen.stderr).toBe(0);
    const cur = run(['curate', 'cand.json', '--out', 'set.json', '--quiet']);
    expect(cur.status, cur.stderr).toBe(0);
    const set = JSON.parse(fs.readFileSync(path.join(home, 'set.json'), 'utf8'));
    expect(set.kind).toBe('slide2');
    expect(set.levels.length).toBeGreaterThan(0);
    for (const l of set.levels) expect(l.id).toMatch(/^slide2-[0-9a-f]{12}$/);
    expect(run(['validate', 'set.json', '--quiet']).status).toBe(0);

    // its budgets hold: a stored config past a ceiling is refused, with the flag that allows it
    const [budget] = (await import(path.join(home, 'tools', 'kinds', 'slide2', 'budget.ts'))).SLIDE_BUDGETS as { field: string; ceiling: number }[];
    if (!budget) throw new Error('slide2 has no budget');
    const raised = structuredClone(set);
    let at = raised.generator.config;
    const parts = budget.field.split('.');
    for (const p of parts.slice(0, -1)) at = at[p];
    at[parts.at(-1)!] = budget.ceiling * 10;
    fs.writeFileSync(path.join(home, 'raised.json'), JSON.stringify(raised));
    const refused = run(['validate', 'raised.json']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(`--budget ${budget.field}=`);

    fs.writeFileSync(
      path.join(home, 'packs.json'),
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [
          { name: 'slide2-all', set: 'set.json', tiers: Object.fromEntries(set.levels.map((l: { tier: string }) => [l.tier, 'all'])), order: 'difficulty' },
        ],
      }),
    );
    const bundle = run(['bundle', '--packs', 'packs.json', '--out', 'dist', '--quiet']);
    expect(bundle.status, bundle.stderr).toBe(0);
    expect(fs.readdirSync(path.join(home, 'dist', 'conformance'))).toEqual(['slide2.json']);
    expect(run(['validate', 'dist', '--quiet']).status).toBe(0);

    // the client of the copy loads the pack and replays every level
    const client = await import(path.join(home, 'tools', 'client', 'index.ts'));
    const loaded = client.loadPack(fs.readFileSync(path.join(home, 'dist', 'slide2-all.json'), 'utf8'));
    expect(loaded.kind.name).toBe('slide2');
    for (const level of loaded.pack.levels) expect(loaded.kind.replay(level)).toMatchObject({ ok: true });

    // the play page lists its levels under its kind
    const page = fs.readFileSync(path.join(home, 'dist', 'preview', 'play.html'), 'utf8');
    expect(page).toContain('<option>slide2</option>');
    for (const l of set.levels) expect(page).toContain(l.id);

    // and plays them: the page draws the copy's picture and steps a flick of its stored solution through the copy's face
    const level = set.levels[0] as { id: string; solution: [number, number, 'U' | 'D' | 'L' | 'R'][] };
    const browser = await connectBrowser();
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${pathToFileURL(path.join(home, 'dist', 'preview', 'play.html')).href}#${level.id}`);
      await tab.waitForSelector('body[data-ready="true"]');
      expect(await tab.locator('#title').innerText()).toContain(level.id);
      const [col, row, dir] = level.solution[0]!;
      await tab.locator(`#board .cell[data-r="${row}"][data-c="${col}"]`).click();
      await tab.locator(`#dir-${dir}`).click();
      expect(await tab.locator('#moves').innerText()).toMatch(/^1 /);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 240_000);
});

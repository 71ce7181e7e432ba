// A game repository with its own kind, for the tests of run-time kinds: a
// temporary folder whose node_modules links zod and this checkout as
// `proofpack` (what an installed proofpack brings), and tools/kinds/apple
// copied to proofpack/kinds/pear/ with only its name changed. The built-in
// kinds import only `proofpack/…` entries, so the copy loads as written. And
// the packs config of one pack of every tier a pear set has.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { ROOT, tempDir } from './helpers.ts';
import { run } from './run-cli.ts';

/** A pear config that makes levels in a second or two: small search and fidelity budgets. */
export const QUICK_PEAR = { search: { work: 20_000, iterations: 10_000, runs: 2 }, fidelity: { referenceBoards: 100, referenceSeed: 17, alpha: 0.001 } };

/** A config folder `name` of the game whose kinds.json lists this module of proofpack/kinds/pear/ (e.g. `index.ts`, or a fixture). */
export function pearConfigDir(game: string, name: string, module: string): string {
  const dir = path.join(game, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'kinds.json'), JSON.stringify({ type: 'kinds-config', formatVersion: 1, kinds: [`../proofpack/kinds/pear/${module}`] }));
  return dir;
}

/** Generates `<game>/pear.json`, two levels of the plain pear kind from QUICK_PEAR (written to `<game>/pear.quick.json`), on one thread. */
export async function quickPearSet(game: string): Promise<void> {
  fs.writeFileSync(path.join(game, 'pear.quick.json'), JSON.stringify(QUICK_PEAR));
  const args = ['generate', 'pear', '--config', path.join(game, 'pear.quick.json'), '--count', '2', '--threads', '1'];
  const g = await run([...args, '--out', path.join(game, 'pear.json'), '--config-dir', pearConfigDir(game, 'plain', 'index.ts'), '--quiet']);
  expect(g.code, g.stderr).toBe(0);
}

/** The one line of a refusal: exit 2, exactly one line on stderr. */
export function refusal(r: { code: number; stderr: string }): string {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  return r.stderr.trimEnd();
}

/** A new, empty game folder (its real path): an ES-module package.json, and node_modules linking zod and this checkout as proofpack. */
export function gameFolder(): string {
  const game = fs.realpathSync(tempDir());
  fs.writeFileSync(path.join(game, 'package.json'), JSON.stringify({ name: 'a-game', private: true, type: 'module' }));
  fs.mkdirSync(path.join(game, 'node_modules'));
  fs.symlinkSync(path.join(ROOT, 'node_modules', 'zod'), path.join(game, 'node_modules', 'zod'));
  fs.symlinkSync(ROOT, path.join(game, 'node_modules', 'proofpack'));
  return game;
}

/** A new game folder (its real path) holding proofpack/kinds/pear/, plus each of `fixtures` (test/fixtures/game-kinds/) in pear's folder. */
export function pearGame(fixtures: readonly string[] = []): string {
  const game = gameFolder();
  const pear = path.join(game, 'proofpack', 'kinds', 'pear');
  fs.cpSync(path.join(ROOT, 'tools', 'kinds', 'apple'), pear, { recursive: true });
  for (const f of fs.readdirSync(pear)) fs.writeFileSync(path.join(pear, f), fs.readFileSync(path.join(pear, f), 'utf8').replaceAll("'apple'", "'pear'"));
  for (const f of fixtures) fs.copyFileSync(path.join(ROOT, 'test', 'fixtures', 'game-kinds', f), path.join(pear, f));
  return game;
}

/** Writes `<game>/packs.json`: one pack `pears` of every tier the curated set `<game>/<set>` has. */
export function pearPacks(game: string, set: string): void {
  const levels = (JSON.parse(fs.readFileSync(path.join(game, set), 'utf8')) as { levels: { tier: string }[] }).levels;
  const tiers = Object.fromEntries(levels.map((l) => [l.tier, 'all']));
  fs.writeFileSync(
    path.join(game, 'packs.json'),
    JSON.stringify({ type: 'packs-config', formatVersion: 1, packs: [{ name: 'pears', set, tiers, order: 'difficulty' }] }),
  );
}

/** Makes config folder `dir` (a pearConfigDir) a pipeline's of the pear kind alone: init's starter files, with only the pear config and the `pear-all` pack kept. */
export async function pearOnlyPipeline(dir: string, levels: string): Promise<void> {
  const init = await run(['init', '--dir', dir, '--levels', levels, '--quiet']);
  expect(init.code, init.stderr).toBe(0);
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.json') && !['kinds.json', 'packs.json', 'pear.json'].includes(f)) fs.rmSync(path.join(dir, f));
  const packs = JSON.parse(fs.readFileSync(path.join(dir, 'packs.json'), 'utf8'));
  packs.packs = packs.packs.filter((p: { name: string }) => p.name === 'pear-all');
  fs.writeFileSync(path.join(dir, 'packs.json'), JSON.stringify(packs));
}

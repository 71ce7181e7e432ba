// A game's kind module in a folder Node reads as CommonJS (a package.json
// without "type": "module", as `npm init` writes it): refused before any work
// with one line naming the one file to write, the package.json beside the
// module; written as it says, the kind loads (docs/game-repo.md). The built
// CLI, which loads a game's TypeScript with tsx, as a game's CI runs it.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli } from '../support/helpers.ts';
import { pearConfigDir, pearGame, refusal } from '../support/pear-game.ts';

/** A pear game whose package.json is `pkg` (no "type": "module"), its kinds.json listing pear's `module`. */
function commonJsGame(pkg: object, module: string): { game: string; configDir: string } {
  const game = pearGame();
  fs.writeFileSync(path.join(game, 'package.json'), JSON.stringify(pkg));
  if (module === 'entry.js') fs.writeFileSync(path.join(game, 'proofpack', 'kinds', 'pear', 'entry.js'), "export { kind, face, view } from './index.ts';\n");
  return { game, configDir: pearConfigDir(game, 'proofpack', module) };
}

/** The line with Node's error code (which differs between Node and tsx versions) left out. */
const withoutCode = (text: string) => text.replace(/ \((ERR_[A-Z_]+|Unexpected token 'export')\)$/, '');
const line = (module: string) =>
  `proofpack: proofpack/kinds.json › kinds[0] ("../proofpack/kinds/pear/${module}"): cannot load the module: Node reads it as CommonJS, and a kind module is an ES module: put {"type": "module"} in proofpack/kinds/pear/package.json (as init --kind does; the game's package.json can stay as it is)`;

describe('a kind module in a CommonJS folder', () => {
  it('a .ts module under a package.json with no "type": one line before any work; written as it says, the kind loads', () => {
    const { game } = commonJsGame({ name: 'a-game', version: '1.0.0' }, 'index.ts');
    const out = path.join(game, 'pear.json');
    const r = cli(['generate', 'pear', '--count', '1', '--threads', '1', '--out', out], game);
    expect(withoutCode(refusal(r))).toBe(line('index.ts'));
    expect(r.stdout).toBe('');
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(path.join(game, '.proofpack'))).toBe(false);

    fs.writeFileSync(path.join(game, 'proofpack', 'kinds', 'pear', 'package.json'), JSON.stringify({ type: 'module' }));
    const config = cli(['config', 'pear'], game);
    expect(config.code, config.stderr).toBe(0);
    expect(JSON.parse(config.stdout)).toHaveProperty('search');
  });

  it('a .js module with ES syntax under "type": "commonjs": the same line, after Node’s own warning', () => {
    const { game } = commonJsGame({ name: 'a-game', version: '1.0.0', type: 'commonjs' }, 'entry.js');
    const r = cli(['config', 'pear'], game);
    // Node itself warns first here ("To load an ES module, set "type": "module" …"); proofpack's line is the last
    expect(r.code, r.stderr).toBe(2);
    expect(withoutCode(r.stderr.trimEnd().split('\n').at(-1) ?? '')).toBe(line('entry.js'));
  });
});

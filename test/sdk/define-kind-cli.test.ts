// A game's kind whose defineKind call gives a calibration in part, loaded by
// the CLI as a game's kinds are (its kinds.json): defineKind throws when the
// module is imported, and `proofpack check-kind` (and any other command that
// loads the game's kinds) says so in one line naming the kinds.json entry of
// the module, what is missing and where the rule is: exit 2, no stack trace.
// The kind is the template (templates/kind/) with its calibration cut.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../support/helpers.ts';
import { gameFolder } from '../support/pear-game.ts';

/** A game folder holding the template as kind `lights`, its index.ts edited by `edit`, registered in proofpack/kinds.json. */
function gameWith(edit: (index: string) => string): string {
  const game = gameFolder();
  const kind = path.join(game, 'proofpack', 'kinds', 'lights');
  fs.cpSync(path.join(ROOT, 'templates', 'kind'), kind, { recursive: true });
  const index = path.join(kind, 'index.ts');
  const text = fs.readFileSync(index, 'utf8');
  const edited = edit(text);
  expect(edited, 'the edit changed index.ts').not.toBe(text);
  fs.writeFileSync(index, edited);
  const kindsJson = { type: 'kinds-config', formatVersion: 1, kinds: ['../proofpack/kinds/lights/index.ts'] };
  fs.writeFileSync(path.join(game, 'proofpack', 'kinds.json'), JSON.stringify(kindsJson));
  return game;
}

const ENTRY = 'proofpack: proofpack/kinds.json › kinds[0] ("../proofpack/kinds/lights/index.ts"): cannot load the module: kind "lights": ';
const RULE = ': a calibration is the three together, or none (docs/kind-contract.md, defineKind)';

describe('a calibration given in part, through the CLI', () => {
  it('check-kind (every game kind, or the one named) and generate refuse in one line naming the module and what is missing, exit 2', () => {
    const game = gameWith((t) => t.replace("  starterKeys: ['plan'],", "  starterKeys: ['plan'],\n  calibrate: () => null,"));
    for (const args of [['check-kind'], ['check-kind', 'lights'], ['generate', 'lights', '--count', '1']]) {
      const r = cli(args, game);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`${ENTRY}calibrate given without schemas.calibration, initialCalibration${RULE}\n`);
    }
  });

  it('names what is missing whichever part is left out (here calibrate)', () => {
    const game = gameWith((t) =>
      t
        .replace(
          "import { defineKind, TRANSFORMS, transformRows } from 'proofpack/kind';",
          "import { defineKind, TRANSFORMS, transformRows, z } from 'proofpack/kind';",
        )
        .replace('schemas: { puzzle: Puzzle,', 'schemas: { calibration: z.null(), puzzle: Puzzle,')
        .replace("  starterKeys: ['plan'],", "  starterKeys: ['plan'],\n  initialCalibration: () => null,"),
    );
    const r = cli(['check-kind'], game);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe(`${ENTRY}schemas.calibration, initialCalibration given without calibrate${RULE}\n`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

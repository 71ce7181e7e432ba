// validate --compare against a set it cannot compare with (issue 43): an empty
// set (the comparison found "p = 1.0, ok") or a set of another kind is refused,
// one line naming the file and the field, exit 2.
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../../support/helpers.ts';
import { run } from '../../support/run-cli.ts';

const dir = tempDir();
const set = path.join(dir, 'set.json');
const empty = path.join(dir, 'empty.json');

beforeAll(async () => {
  expect((await run(['generate', 'apple', '--count', '2', '--seed', '5', '--threads', '1', '--out', set])).code).toBe(0);
  const doc = JSON.parse(fs.readFileSync(set, 'utf8'));
  fs.writeFileSync(empty, JSON.stringify({ ...doc, levels: [] }));
});

describe('validate --compare', () => {
  it('against an empty set: refused, not "p = 1.0, ok"', async () => {
    const r = await run(['validate', set, '--compare', empty, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${empty} › levels: none; --compare needs levels on both sides (with none it finds no difference): compare with a set that has levels\n`,
    );
    expect(r.stdout).not.toMatch(/^ok/m);
  });

  it('an empty first set is refused the same way', async () => {
    const r = await run(['validate', empty, '--compare', set, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/empty\.json › levels: none; --compare needs levels on both sides/);
  });

  it('against a set of another kind: refused, naming the kind', async () => {
    const ghost = path.join(ROOT, 'levels', 'ghost', 'standard.json');
    const r = await run(['validate', set, '--compare', ghost, '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${ghost} › kind: "ghost", but ${set} is "apple"; --compare needs a set of the same kind\n`);
  });
});

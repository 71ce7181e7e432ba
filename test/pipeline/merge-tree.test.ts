// A tree of merges (issue 52): shards i, i+m, … of n merged are shard i/m,
// byte for byte what `--shard i/m` writes, and those merged again are the
// unsharded run — for generate's set shards and validate's report shards.
// Shards that are no whole residue class are refused, naming what is
// missing. In process, on a small slide job.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const dir = tempDir();
const at = (name: string) => path.join(dir, name);
const gen = () => ['generate', 'slide', '--config', quickConfigFile('slide', dir), '--count', '12', '--seed', '6', '--threads', '1', '--quiet'];
const same = (a: string, b: string) => fs.readFileSync(at(a)).equals(fs.readFileSync(at(b)));

async function ok(args: string[]) {
  const r = await run(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

beforeAll(async () => {
  await ok([...gen(), '--out', at('whole.json')]);
  for (let i = 0; i < 4; i++) await ok([...gen(), '--shard', `${i}/4`, '--out', at(`fine-${i}.json`)]);
  for (let i = 0; i < 2; i++) await ok([...gen(), '--shard', `${i}/2`, '--out', at(`coarse-${i}.json`)]);
});

describe('a tree of merges', () => {
  it('generate: shards 0 and 2 of 4 merge into shard 0/2 as its run writes it, 1 and 3 into 1/2; those two into the unsharded set', async () => {
    await ok(['merge', at('fine-2.json'), at('fine-0.json'), '--out', at('tree-0.json'), '--quiet']);
    await ok(['merge', at('fine-1.json'), at('fine-3.json'), '--out', at('tree-1.json'), '--quiet']);
    expect(same('tree-0.json', 'coarse-0.json')).toBe(true);
    expect(same('tree-1.json', 'coarse-1.json')).toBe(true);
    await ok(['merge', at('tree-1.json'), at('tree-0.json'), '--out', at('tree.json'), '--quiet']);
    expect(same('tree.json', 'whole.json')).toBe(true);
  });

  it('validate: report shards 0 and 2 of 4 merge into the report of shard 0/2; both halves into the unsharded report', async () => {
    const report = async (shard: string | null, out: string) => {
      const r = await run(['validate', at('whole.json'), '--threads', '1', '--json', ...(shard ? ['--shard', shard] : [])]);
      expect(r.code, r.stderr).toBe(0);
      fs.writeFileSync(at(out), r.stdout);
    };
    await report(null, 'report.json');
    for (let i = 0; i < 4; i++) await report(`${i}/4`, `report-${i}-4.json`);
    for (let i = 0; i < 2; i++) await report(`${i}/2`, `report-${i}-2.json`);
    for (let i = 0; i < 2; i++) {
      await ok(['merge', at(`report-${i}-4.json`), at(`report-${i + 2}-4.json`), '--out', at(`rtree-${i}.json`), '--quiet']);
      expect(same(`rtree-${i}.json`, `report-${i}-2.json`), `report shard ${i}/2`).toBe(true);
    }
    await ok(['merge', at('rtree-0.json'), at('rtree-1.json'), '--out', at('rtree.json'), '--quiet']);
    expect(same('rtree.json', 'report.json')).toBe(true);
  });

  it('shards that are no whole residue class (0 and 1 of 4) are refused, naming the shards missing', async () => {
    const r = await run(['merge', at('fine-0.json'), at('fine-1.json'), '--out', at('bad.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'proofpack: merge: shards 2/4, 3/4 missing; give the output of every shard (or, for a merge inside a tree, of every shard i, i+m, i+2m, … for one i)\n',
    );
    expect(fs.existsSync(at('bad.json'))).toBe(false);
  });
});

// The merge bench's report shards (tools/bench/report-shards.ts, written
// directly, not by running validate 10,000 times) are byte for byte what
// `validate --shard i/n --json` prints for the same files, checked here at
// small scale; and 1,200 such shards — past the old cap of 1,000 — merge to
// the unsharded validate's bytes. In process, on a small slide job.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { reportShardText, writeReportShards } from '../../tools/bench/report-shards.ts';

const dir = tempDir();
const at = (name: string) => path.join(dir, name);
const sets = [at('a.json'), at('b.json')];
const layout = () => sets.map((file) => ({ file, type: 'set', kind: 'slide', levels: 5 }));

async function validate(shard: string | null): Promise<string> {
  const r = await run(['validate', ...sets, '--threads', '1', '--json', ...(shard ? ['--shard', shard] : [])]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  const gen = ['generate', 'slide', '--config', quickConfigFile('slide', dir), '--count', '5', '--threads', '1', '--quiet'];
  for (const [i, f] of sets.entries()) expect((await run([...gen, '--seed', String(i + 1), '--out', f])).code).toBe(0);
});

describe("the merge bench's report shards", () => {
  it('are what validate --shard i/n --json prints for the same files, and the unsharded run without a shard', async () => {
    expect(reportShardText(layout(), undefined)).toBe(await validate(null));
    const written = writeReportShards(fs.mkdtempSync(at('shards-')), layout(), 3);
    for (let i = 0; i < 3; i++) {
      const real = await validate(`${i}/3`);
      expect(reportShardText(layout(), { index: i, count: 3 })).toBe(real);
      expect(fs.readFileSync(written[i]!, 'utf8')).toBe(real);
    }
  });

  it('1,200 of them merge to the unsharded bytes', async () => {
    const shards = writeReportShards(fs.mkdtempSync(at('many-')), layout(), 1200);
    const r = await run(['merge', ...shards.reverse(), '--out', at('merged.json'), '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(at('merged.json'), 'utf8')).toBe(await validate(null));
  });
});

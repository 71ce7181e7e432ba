// merge at the batch engines' fan-out (issue 52): the shard files are read one
// at a time (the next is not opened before the one before is handed on); what
// merge keeps of them is bounded by --max-memory-mib, not by what the files
// say (the same shards refused under 128 MiB merge under 512); shard counts
// up to 10,000 (AWS Batch arrays, Cloud Run jobs) are taken, more are one line
// before anything is allocated for them. In process, on a small slide job.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { shardDocuments } from '../../tools/commands/merge/read.ts';

const dir = tempDir();
const at = (name: string) => path.join(dir, name);
type Report = { files: { problems: unknown[] }[]; problems: number; ok: boolean };

const gen = () => ['generate', 'slide', '--config', quickConfigFile('slide', dir), '--count', '4', '--seed', '8', '--threads', '1', '--quiet'];

beforeAll(async () => {
  expect((await run([...gen(), '--out', at('whole.json')])).code).toBe(0);
  for (const i of [0, 1]) {
    const r = await run(['validate', at('whole.json'), '--threads', '1', '--json', '--shard', `${i}/2`]);
    expect(r.code, r.stderr).toBe(0);
    fs.writeFileSync(at(`report-${i}.json`), r.stdout);
  }
});

describe('merge streams its shards', () => {
  it('reads one shard file at a time: the second is opened only after the first is handed on', () => {
    fs.copyFileSync(at('report-0.json'), at('lazy-0.json'));
    const docs = shardDocuments([at('lazy-0.json'), at('lazy-1.json')]);
    expect(docs.next().value?.file).toBe(at('lazy-0.json'));
    // lazy-1.json did not exist while the first was read: all-at-once reading would have failed on it
    fs.copyFileSync(at('report-1.json'), at('lazy-1.json'));
    expect(docs.next().value?.loaded.type).toBe('validate-report');
    expect(docs.next().done).toBe(true);
  });

  it('what merge keeps is bounded by --max-memory-mib: 40 MiB of problems refused under 128, merged under 512', async () => {
    // each shard a problem of a level it checks (running number ≡ its index mod 2), its stored value 20 MiB long
    const big = [0, 1].map((i) => {
      const r = JSON.parse(fs.readFileSync(at(`report-${i}.json`), 'utf8')) as Report;
      r.files[0]!.problems.push({ level: 'x', index: i, field: 'analysis.moves', stored: 'x'.repeat(20 * 2 ** 20), expected: 1 });
      [r.problems, r.ok] = [1, false];
      fs.writeFileSync(at(`big-${i}.json`), JSON.stringify(r));
      return at(`big-${i}.json`);
    });
    const low = await run(['merge', ...big, '--out', at('big.json'), '--max-memory-mib', '128', '--quiet']);
    expect(low.code).toBe(2);
    expect(low.stderr).toBe(
      `proofpack: ${big[1]}: merge would keep more than 32.0 MiB of the shards' problems here (a quarter of --max-memory-mib 128); nothing merged: raise --max-memory-mib\n`,
    );
    expect(fs.existsSync(at('big.json'))).toBe(false);
    const high = await run(['merge', ...big, '--out', at('big.json'), '--max-memory-mib', '512', '--json']);
    expect(high.code, high.stderr).toBe(1);
    expect((JSON.parse(fs.readFileSync(at('big.json'), 'utf8')) as Report).problems).toBe(2);
  });

  it('merges set shards past the old cap of 1,000: 1,001 shards of a 4-level job give the unsharded bytes', async () => {
    const shard = async (i: number) => {
      const r = await run([...gen(), '--shard', `${i}/1001`, '--out', at(`set-${i}.json`)]);
      expect(r.code, r.stderr).toBe(0);
      return fs.readFileSync(at(`set-${i}.json`), 'utf8');
    };
    for (let i = 0; i < 4; i++) await shard(i);
    // shards 4..1000 own no slot of the 4: each is generate's empty shard, which differs from another only in its index
    const empty = await shard(1000);
    const made = await shard(500);
    const as = (i: number) => empty.replace(/("index": )1000,/, `$1${i},`);
    expect(as(500)).toBe(made);
    for (let i = 4; i < 1000; i++) if (i !== 500) fs.writeFileSync(at(`set-${i}.json`), as(i));
    const files = Array.from({ length: 1001 }, (_, i) => at(`set-${i}.json`));
    const r = await run(['merge', ...files, '--out', at('set-merged.json'), '--threads', '1', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(at('set-merged.json'), 'utf8')).toBe(fs.readFileSync(at('whole.json'), 'utf8'));
  });

  it('takes up to 10,000 shards (--shard and shard.count); 10,001 is one line, before anything is allocated', async () => {
    const v = await run(['validate', at('whole.json'), '--threads', '1', '--json', '--shard', '9999/10000']);
    expect(v.code, v.stderr).toBe(0);
    const past = await run(['validate', at('whole.json'), '--shard', '0/10001']);
    expect(past.code).toBe(2);
    expect(past.stderr).toBe('proofpack: --shard 0/10001: at most 10000 shards\n');
    const r = JSON.parse(v.stdout) as { shard: { count: number } };
    r.shard.count = 10_001;
    fs.writeFileSync(at('count.json'), JSON.stringify(r));
    const merged = await run(['merge', at('count.json'), '--out', at('count-merged.json')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toBe(
      `proofpack: ${at('count.json')} › shard.count: 10001, more than the 10000 shards a job is split into; not a shard of a proofpack run\n`,
    );
  });
});

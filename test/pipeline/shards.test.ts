// Sharded runs merge to exactly the unsharded result: generate --shard i/n and
// validate --shard i/n --json, combined with proofpack merge. Also: validate's
// report is the same for any thread count.
import { describe, expect, inject, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { quickConfigFile, tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const dir = tempDir();
const whole = path.join(dir, 'whole.json');
// the job of the run's small ghost set (test/support/global-setup.ts generates it unsharded, --threads 1)
const gen = ['generate', 'ghost', '--config', quickConfigFile('ghost', dir), '--count', '30', '--seed', '4'];

beforeAll(() => {
  fs.copyFileSync(inject('smallGhostSet').candidates, whole);
});

describe('shards', () => {
  it('generate: three shards merged are byte-identical to the unsharded run', async () => {
    const parts = [0, 1, 2].map((i) => path.join(dir, `part${i}.json`));
    for (const [i, p] of parts.entries()) expect((await run([...gen, '--threads', '1', '--shard', `${i}/3`, '--out', p])).code).toBe(0);
    const merged = path.join(dir, 'merged.json');
    const m = await run(['merge', parts[2]!, parts[0]!, parts[1]!, '--out', merged]);
    expect(m.code, m.stderr).toBe(0);
    expect(fs.readFileSync(merged).equals(fs.readFileSync(whole))).toBe(true);
  });

  it('merge refuses an incomplete or mixed set of shards', async () => {
    const parts = [0, 1].map((i) => path.join(dir, `p2-${i}.json`));
    for (const [i, p] of parts.entries()) expect((await run([...gen, '--threads', '1', '--shard', `${i}/3`, '--out', p])).code).toBe(0);
    const r = await run(['merge', ...parts, '--out', path.join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/shard 2\/3 missing/);
    const other = path.join(dir, 'other.json');
    expect((await run([...gen.slice(0, -1), '22', '--threads', '1', '--shard', '2/3', '--out', other])).code).toBe(0);
    const mixed = await run(['merge', ...parts, other, '--out', path.join(dir, 'x.json')]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/shard of another job/);
  });

  it('merge refuses, naming the file, an input that is no shard and a shard whose slots do not pair with its levels', async () => {
    const parts = [0, 1, 2].map((i) => path.join(dir, `part${i}.json`)); // written by the first test
    const out = path.join(dir, 'y.json');
    const noShard = await run(['merge', whole, parts[0]!, '--out', out]);
    expect(noShard.code).toBe(2);
    expect(noShard.stderr).toBe(`proofpack: ${whole} › shard: not the output of a sharded run\n`);
    const s = JSON.parse(fs.readFileSync(parts[1]!, 'utf8'));
    s.shard.slots.pop();
    const short = path.join(dir, 'short-slots.json');
    fs.writeFileSync(short, JSON.stringify(s, null, 2));
    const r = await run(['merge', parts[2]!, short, parts[0]!, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proofpack: ${short} › shard.slots: ${s.levels.length - 1} slots for ${s.levels.length} levels (one slot per level); regenerate this shard\n`,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('validate: shard reports merged are byte-identical to the unsharded report, problems included', async () => {
    const curated = path.join(dir, 'curated.json');
    expect((await run(['curate', whole, '--out', curated])).code).toBe(0);
    const s = JSON.parse(fs.readFileSync(curated, 'utf8'));
    s.levels[1].analysis.direct += 1;
    s.levels[6].tier = 'EASY';
    s.levels[9].puzzle.rows[0] += 1;
    const tampered = path.join(dir, 'tampered.json');
    fs.writeFileSync(tampered, JSON.stringify(s));
    const files = [whole, curated, tampered];
    const full = await run(['validate', ...files, '--threads', '2', '--json']);
    expect(full.code).toBe(1);
    const one = await run(['validate', ...files, '--threads', '1', '--json']);
    expect(one.stdout).toBe(full.stdout);
    const reports: string[] = [];
    for (const i of [0, 1, 2, 3]) {
      const r = await run(['validate', ...files, '--threads', '1', '--json', '--shard', `${i}/4`]);
      const f = path.join(dir, `report${i}.json`);
      fs.writeFileSync(f, r.stdout);
      reports.push(f);
    }
    const merged = path.join(dir, 'report.json');
    const m = await run(['merge', ...reports, '--out', merged]);
    expect(m.code).toBe(1); // the merged report has problems
    expect(fs.readFileSync(merged, 'utf8')).toBe(full.stdout);
    expect(JSON.parse(full.stdout).problems).toBeGreaterThanOrEqual(3);
  });
});

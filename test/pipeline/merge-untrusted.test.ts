// merge takes shard files as untrusted input (issue 43): a duplicated slot, a
// slot of another shard, forged plan statistics and a changed stored value are
// refused (exit 2, nothing written) instead of merged into a set unlike the
// unsharded run's; an absurd shard.count, too many levels or too many bytes are
// one line, before anything proportional is allocated.
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const dir = tempDir();
const gen = ['generate', 'apple', '--count', '4', '--seed', '3', '--threads', '1'];
const parts = [0, 1].map((i) => path.join(dir, `part${i}.json`));
const whole = path.join(dir, 'whole.json');
type Shard = {
  levels: { id: string; analysis: Record<string, number> }[];
  shard: { index: number; count: number; slots: number[]; entries: number[] };
  generator: { stats: { found: number; wanted: number; tries: number }[]; untiered: number };
};
const read = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as Shard;

beforeAll(async () => {
  for (const [i, p] of parts.entries()) expect((await run([...gen, '--shard', `${i}/2`, '--out', p])).code).toBe(0);
  expect((await run([...gen, '--out', whole])).code).toBe(0);
});

/** merge with shard 1 edited; the out file must not be written. */
async function mergeEdited(edit: (s: Shard) => void, name: string) {
  const s = read(at1());
  edit(s);
  const forged = path.join(dir, `${name}.json`);
  fs.writeFileSync(forged, JSON.stringify(s));
  const out = path.join(dir, `${name}-merged.json`);
  const r = await run(['merge', parts[0]!, forged, '--out', out, '--threads', '1']);
  expect(fs.existsSync(out)).toBe(false);
  return { ...r, forged };
}
const at1 = () => parts[1]!;

describe('merge of hostile shards', () => {
  it('honest shards still merge to the unsharded bytes', async () => {
    const out = path.join(dir, 'merged.json');
    const r = await run(['merge', parts[1]!, parts[0]!, '--out', out, '--threads', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(whole, 'utf8'));
  });

  it('a duplicated slot (a level given twice) is refused', async () => {
    const r = await mergeEdited((s) => {
      s.levels.push(s.levels[0]!);
      s.shard.slots.push(s.shard.slots[0]!);
    }, 'dup');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/dup\.json › shard\.slots\[\d\]: slot \d after slot \d; every slot is given once, in order/);
  });

  it('a slot of another shard is refused, naming the shard it belongs to', async () => {
    const r = await mergeEdited((s) => {
      s.shard.slots[0] = s.shard.slots[0]! - 1;
    }, 'foreign');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${r.forged} › shard.slots[0]: slot 0 belongs to shard 0/2, not to this shard 1/2\n`);
  });

  it('forged found statistics are refused', async () => {
    const r = await mergeEdited((s) => {
      s.generator.stats[0]!.found -= 1;
    }, 'found');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/found\.json › generator\.stats(\[0\]\.found)?: /);
    const more = await mergeEdited((s) => {
      s.generator.stats[0]!.wanted += 3;
      s.generator.stats[0]!.found += 3;
    }, 'wanted');
    expect(more.code).toBe(2);
    expect(more.stderr).toMatch(/generator\.stats\[0\]\.wanted: \d, but of the \d slots of this plan entry, shard \d\/2 owns \d; the shards disagree/);
  });

  it('a changed bestScore is found by analysing the level again, as validate does', async () => {
    const r = await mergeEdited((s) => {
      s.levels[0]!.analysis['bestScore']! -= 1;
    }, 'score');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/score\.json › apple-[0-9a-f]+ › analysis\.bestScore: stored \d+, recomputed \d+/);
    expect(r.stderr).toMatch(/^proofpack: merge: not merged: validate finds \d problems? in the shards \(above\); regenerate the shards named\n$/);
  });

  it('shard.count 1e9: one line, exit 2, nothing allocated for it', async () => {
    const r = await mergeEdited((s) => {
      s.shard.count = 1e9;
    }, 'count');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${r.forged} › shard.count: 1000000000, more than the 10000 shards a job is split into; not a shard of a proofpack run\n`);
    const first = await run(['merge', r.forged, '--out', path.join(dir, 'x.json')]);
    expect(first.code).toBe(2);
    expect(first.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('more levels than one run makes, or more bytes than validate reads of the merged file: one line', async () => {
    // a job of 20,000 more slots, as both shards say (one alone is another job's shard)
    const alone = await mergeEdited((s) => {
      s.shard.entries[0]! += 20_000;
    }, 'many-one');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/many-one\.json › shard\.entries: other slots per plan entry than .*; shards of another job/);
    const both = parts.map((p, i) => {
      const s = read(p);
      s.shard.entries[0]! += 20_000;
      const f = path.join(dir, `many-${i}.json`);
      fs.writeFileSync(f, JSON.stringify(s));
      return f;
    });
    const r = await run(['merge', ...both, '--out', path.join(dir, 'many-merged.json'), '--threads', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ › generator\.stats: the shards want 2000\d levels together, more than the 10000 one generate run makes/);
    // two files under the 32 MiB input limit each, their levels over it together: refused before any level is analysed
    const padded = parts.map((p, i) => {
      // a shard's first level repeated to 17 MiB: each copy well formed, so the size is what refuses them
      const s = read(p);
      const level = s.levels[0]!;
      s.levels = new Array(Math.ceil((17 * 1024 * 1024) / JSON.stringify(level).length)).fill(level);
      const f = path.join(dir, `big${i}.json`);
      fs.writeFileSync(f, JSON.stringify(s));
      return f;
    });
    const bytes = await run(['merge', ...padded, '--out', path.join(dir, 'y.json')]);
    expect(bytes.code).toBe(2);
    expect(bytes.stderr).toBe(
      `proofpack: ${padded[1]}: the shards' levels pass 32 MiB together here, more than validate reads of the merged file; split the job into smaller sets\n`,
    );
    // padding outside the levels is not kept: 20 MiB of spaces in each of two files merges as before
    const spaced = parts.map((p, i) => {
      const f = path.join(dir, `spaced${i}.json`);
      fs.writeFileSync(f, fs.readFileSync(p, 'utf8').replace(/^\{/, `{${' '.repeat(20 * 1024 * 1024)}`));
      return f;
    });
    const out = path.join(dir, 'spaced-merged.json');
    const ok = await run(['merge', ...spaced, '--out', out, '--threads', '1']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(whole, 'utf8'));
  });

  it('validate reports: a problem of a level another shard checks is refused', async () => {
    const reports: string[] = [];
    for (const i of [0, 1]) {
      const r = await run(['validate', whole, '--threads', '1', '--json', '--shard', `${i}/2`]);
      expect(r.code, r.stderr).toBe(0);
      const f = path.join(dir, `report${i}.json`);
      fs.writeFileSync(f, r.stdout);
      reports.push(f);
    }
    const rep = JSON.parse(fs.readFileSync(reports[1]!, 'utf8'));
    // levels[0] is shard 0's (running number 0): shard 1 never checked it
    rep.files[0].problems.push({ level: 'x', index: 0, field: 'analysis.bestScore', stored: 1, expected: 2 });
    rep.problems = 1;
    rep.ok = false;
    const forged = path.join(dir, 'report1-forged.json');
    fs.writeFileSync(forged, JSON.stringify(rep));
    const out = path.join(dir, 'report.json');
    const r = await run(['merge', reports[0]!, forged, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${forged} › files[0].problems[0]: a problem of levels[0], which shard 1/2 does not check\n`);
    expect(fs.existsSync(out)).toBe(false);
  });

  it("validate's run ceiling holds in merge too: lowered with --budget, the check stops, naming the flag", async () => {
    const out = path.join(dir, 'ceiling.json');
    const r = await run(['merge', parts[0]!, parts[1]!, '--out', out, '--threads', '1', '--budget', 'appleRunWork=1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^proofpack: .*part\d\.json › levels\[\d\]: the merge's work passed its ceiling here \(.*, over 1\); stopped, nothing merged: run with --budget appleRunWork=N \(more\) if you trust these shards\n$/,
    );
    expect(fs.existsSync(out)).toBe(false);
  });
});

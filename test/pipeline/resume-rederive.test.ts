// generate --resume writes the uninterrupted run's bytes or refuses (issue 43):
// a resumed slot is generated again from its own RNG and compared, so a board
// that is valid and correctly analysed but not what this job draws in that slot
// (a board of another seed; a board of another plan entry) is refused, one line
// naming the checkpoint, the slot and the field, exit 2, nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';
import { generateSet, jobSettings, type GenerateJob } from '../../tools/commands/generate.ts';
import { writeCheckpoint, type Slots } from '../../tools/commands/files/checkpoint.ts';
import { apple } from '../../tools/kinds/apple/index.ts';
import { ghost } from '../../tools/kinds/ghost/index.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import type { SlotResult } from '../../tools/lib/kind.ts';

const dir = tempDir();
type Result = SlotResult<unknown, unknown, unknown>;
type CpFile = { slots: { slot: number; result: Result }[] };

/** The whole run of a job: its set's bytes and every slot's result (from the checkpoint it wrote). */
async function wholeRun(job: GenerateJob): Promise<{ bytes: string; slots: Map<number, Result> }> {
  const file = path.join(dir, `whole-${job.kind.name}-${job.seed}.checkpoint.json`);
  const { set } = await generateSet(job, { threads: 1, con: memoryConsole(), checkpoint: { file, everyMs: 0, resume: false } });
  const cp = JSON.parse(fs.readFileSync(file, 'utf8')) as CpFile;
  return { bytes: formatDocument(set), slots: new Map(cp.slots.map((s) => [s.slot, s.result])) };
}

describe('apple: a board of seed 1 in slot 0 of a seed-2 checkpoint', () => {
  const job = (seed: number): GenerateJob => ({ kind: apple, config: apple.defaults.config, seed, name: apple.defaults.setName, count: 2 });
  let one: Awaited<ReturnType<typeof wholeRun>>;
  let two: Awaited<ReturnType<typeof wholeRun>>;
  beforeAll(async () => {
    one = await wholeRun(job(1));
    two = await wholeRun(job(2));
  });
  const args = (out: string) => ['generate', 'apple', '--seed', '2', '--count', '2', '--threads', '1', '--out', out, '--resume'];

  it('is refused: one line naming the checkpoint, slot 0 and the board; exit 2, nothing written, the checkpoint kept', async () => {
    const out = path.join(dir, 'apple-forged.json');
    const cp = `${out}.checkpoint.json`;
    const foreign = one.slots.get(0);
    expect(foreign?.found).toBeTruthy();
    expect(JSON.stringify(foreign)).not.toBe(JSON.stringify(two.slots.get(0)));
    writeCheckpoint(cp, jobSettings(job(2)), new Map([[0, foreign!]]) as Slots);
    const before = fs.readFileSync(cp);
    const r = await run(args(out));
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^proofpack: ${cp.replace(/[.]/g, '\\.')} › slot 0 › result\\.found\\.puzzle\\.board\\[\\d+\\]: stored "\\d{17}", generating the slot again gives "\\d{17}"$`,
      ),
    );
    expect(lines.at(-1)).toBe(`proofpack: ${cp}: not resumed: 1 slot differs from what this job generates in it; delete the checkpoint to start over`);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readFileSync(cp).equals(before)).toBe(true);
  });

  it("a forged `tries` of a resumed slot is refused too (it reaches the set's stats)", async () => {
    const out = path.join(dir, 'apple-tries.json');
    const own = structuredClone(two.slots.get(1)!);
    own.tries += 5;
    writeCheckpoint(`${out}.checkpoint.json`, jobSettings(job(2)), new Map([[1, own]]) as Slots);
    const r = await run(args(out));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`slot 1 › result.tries: stored ${own.tries}, generating the slot again gives ${own.tries - 5}`);
  });

  it('a checkpoint of more slots than the job has: one line, not one a slot', async () => {
    const out = path.join(dir, 'apple-many.json');
    const cp = `${out}.checkpoint.json`;
    const many = new Map(Array.from({ length: 50_000 }, (_, i) => [i, { found: null, tries: 1, disagreements: 0 }])) as Slots;
    writeCheckpoint(cp, jobSettings(job(2)), many);
    const r = await run(args(out));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proofpack: ${cp} › slots: 50000 slots, but this job has 2; not a checkpoint of this job: delete it to start over\n`);
  });

  it('an honest checkpoint of part of the run resumes to the uninterrupted bytes', async () => {
    const out = path.join(dir, 'apple-honest.json');
    writeCheckpoint(`${out}.checkpoint.json`, jobSettings(job(2)), new Map([[1, two.slots.get(1)!]]) as Slots);
    const r = await run(args(out));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 slots resumed from the checkpoint, each generated again and identical');
    expect(fs.readFileSync(out, 'utf8')).toBe(two.bytes);
  });
});

describe("ghost: a 5×5 EASY board in a larger, harder entry's slot", () => {
  const config = {
    ...(ghost.defaults.config as Record<string, unknown>),
    scoreGhostLimit: 16,
    plan: [
      { size: 5, mode: 'direct', count: 1, tier: 'EASY' },
      { size: 6, mode: 'direct', count: 1, tier: 'HARD' },
    ],
  };
  const job = (seed: number): GenerateJob => ({ kind: ghost, config, seed, name: 'resume' });

  it('is refused (before: exit 0 and a set unlike the uninterrupted run)', async () => {
    const other = await wholeRun(job(3));
    const easy = other.slots.get(0);
    expect(easy?.found).toBeTruthy();
    const out = path.join(dir, 'ghost-forged.checkpoint.json');
    writeCheckpoint(out, jobSettings(job(4)), new Map([[1, easy!]]) as Slots);
    await expect(generateSet(job(4), { threads: 1, con: memoryConsole(), checkpoint: { file: out, everyMs: 1e9, resume: true } })).rejects.toThrow(
      `${out} › slot 1 › result.found.puzzle.cols.length: stored 5, generating the slot again gives 6`,
    );
  });
});

// A checkpoint is an input like any other (issue 30, item 4): a forged one
// cannot thin out the set (slots marked not found), copy a board into another
// plan entry's slot, or put numbers into the stats; nesting is bounded before
// parsing. A small ghost job; the checkpoint of a whole run is the fixture.
import { beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { smallGhostGame } from '../support/small-game.ts';
import { generateSet } from '../../tools/commands/generate.ts';
import { ghost } from '../../tools/kinds/ghost/index.ts';
import { memoryConsole } from '../../tools/lib/console.ts';
import { formatDocument } from '../../tools/lib/json.ts';
import { main } from '../../tools/cli.ts';
import type { Io } from '../../tools/lib/console.ts';

const config = {
  ...(ghost.defaults.config as Record<string, unknown>),
  scoreGhostLimit: 16,
  plan: [
    { size: 5, mode: 'direct', count: 3, tier: 'EASY' },
    { size: 6, mode: 'direct', count: 2, tier: 'MEDIUM' },
  ],
};
const job = { kind: ghost, config, seed: 5, name: 'cp' };
const dir = tempDir();
let whole = '';
let cpText = '';

beforeAll(async () => {
  const file = path.join(dir, 'whole.checkpoint.json');
  const { set } = await generateSet(job, { threads: 1, con: memoryConsole(), checkpoint: { file, everyMs: 0, resume: false } });
  whole = formatDocument(set);
  cpText = fs.readFileSync(file, 'utf8');
});

type Cp = { slots: { slot: number; result: { found: unknown; tries: number; disagreements: number } }[] };

async function resume(edit: (cp: Cp) => void): Promise<string> {
  const cp = JSON.parse(cpText) as Cp;
  edit(cp);
  const file = path.join(dir, `r${Math.random().toString(36).slice(2)}.checkpoint.json`);
  fs.writeFileSync(file, JSON.stringify(cp));
  const { set } = await generateSet(job, { threads: 1, con: memoryConsole(), checkpoint: { file, everyMs: 1e9, resume: true } });
  return formatDocument(set);
}

describe('a forged checkpoint', () => {
  it('every slot marked "found: null, tries: 0": the slots are run again, the set is what an uninterrupted run writes', async () => {
    expect(JSON.parse(whole).levels.length).toBeGreaterThan(0);
    const out = await resume((cp) => {
      for (const s of cp.slots) s.result = { found: null, tries: 0, disagreements: 0 };
    });
    expect(out).toBe(whole);
  });

  it('"disagreements: 999" never reaches the stats: the slot is run again', async () => {
    const out = await resume((cp) => {
      const s = cp.slots.find((x) => x.result.found);
      if (s) s.result.disagreements = 999;
    });
    expect(out).toBe(whole);
  });

  it("a board copied into another plan entry's slot is refused, naming both slots", async () => {
    const cp = JSON.parse(cpText) as Cp;
    const easy = cp.slots.find((s) => s.slot < 3 && s.result.found);
    const medium = cp.slots.find((s) => s.slot >= 3);
    expect(easy && medium).toBeTruthy();
    await expect(
      resume((c) => {
        const m = c.slots.find((s) => s.slot === medium!.slot)!;
        m.result = structuredClone(easy!.result);
      }),
    ).rejects.toThrow(new RegExp(`slot ${medium!.slot}\\) › result\\.found\\.puzzle: the same board as slot ${easy!.slot}`));
  });

  it('a checkpoint nested 100,000 deep: one line, exit 2, no stack overflow', async () => {
    const out = path.join(dir, 'deep.json');
    fs.writeFileSync(`${out}.checkpoint.json`, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const cfg = path.join(dir, 'ghost.json');
    fs.writeFileSync(cfg, JSON.stringify({ seed: 5, scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count: 1, tier: 'EASY' }] }));
    let stderr = '';
    const io: Io = { stdout() {}, stderr: (t) => void (stderr += t), interactive: false };
    const code = await main(['node', 'proofpack', 'generate', 'ghost', '--config', cfg, '--out', out, '--resume', '--threads', '1'], io);
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('deep.json.checkpoint.json: not valid JSON for proofpack (nested more than 100 deep); refused before parsing');
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('pipeline --resume', () => {
  it('a checkpoint of another job is found before any kind is generated', async () => {
    const { pipelineCommand } = await import('../../tools/commands/pipeline.ts');
    const { writeCheckpoint } = await import('../../tools/commands/files/checkpoint.ts');
    const { jobSettings } = await import('../../tools/commands/generate.ts');
    const { InputError } = await import('../../tools/lib/errors.ts');
    const g = smallGhostGame(tempDir(), 1);
    const { configDir: cfg, work } = g;
    fs.writeFileSync(path.join(cfg, 'apple.json'), JSON.stringify({ seed: 1 }));
    fs.mkdirSync(path.join(work, 'candidates'), { recursive: true });
    // apple comes after ghost: its checkpoint is of seed 2, this run's config says 1
    const apple = (await import('../../tools/kinds/apple/index.ts')).apple;
    const cp = path.join(work, 'candidates', 'apple-standard.json.checkpoint.json');
    const { readJobConfig } = await import('../../tools/commands/files/config.ts');
    const read = readJobConfig(apple, path.join(cfg, 'apple.json'));
    writeCheckpoint(cp, jobSettings({ kind: apple, config: read.config, seed: 2, name: 'standard' }), new Map());
    const quiet = { out() {}, warn() {}, err() {}, problem() {}, progress: () => ({ update() {}, stop() {} }) };
    let lines = '';
    try {
      await pipelineCommand({ threads: 1, ...g, resume: true }, quiet);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      lines = e.lines.join('\n');
    }
    expect(lines).toContain("seed: the checkpoint's is 2, this run's is 1");
    // nothing was generated: not even ghost's candidates
    expect(fs.readdirSync(path.join(work, 'candidates'))).toEqual(['apple-standard.json.checkpoint.json']);
  });
});

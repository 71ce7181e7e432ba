// A level the machine has not the memory for (issue 32): the command layer
// hands the kind the machine's memory (commands/run/machine.ts), the kind
// refuses before its DP allocates, and the command names the file and level
// (validate) or the config and slot (generate) in one line, exit 2, writing
// nothing. PROOFPACK_TEST_MACHINE_BYTES stands for the machine's memory, so a
// small board is refused without allocating gigabytes.
import { afterEach, describe, expect, inject, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../support/helpers.ts';
import { run } from '../support/run-cli.ts';

const MACHINE = 'PROOFPACK_TEST_MACHINE_BYTES';
afterEach(() => {
  delete process.env[MACHINE];
});

/** The one line of a refusal of a board of G ghosts on a machine of 1 kB, after `where`. */
const refusal = (where: string) =>
  new RegExp(
    `^proofpack: ${where}: the exact scores of a board of (\\d+) ghosts need 0\\.0 GB of memory and 0\\.0 GB of scratch disk \\(the temp folder\\); this machine has 0\\.0 GB of memory: lower scoreGhostLimit below \\1 or run on a machine with more \\(no flag or budget raises this\\)\\n$`,
  );

describe('a level the machine has not the memory for', () => {
  it('validate: one line naming the file and levels[i], exit 2, for --threads 1 and 2', async () => {
    const file = path.join(tempDir(), 'set.json');
    fs.copyFileSync(inject('smallGhostSet').curated, file);
    for (const threads of ['1', '2']) {
      process.env[MACHINE] = '1000';
      const r = await run(['validate', file, '--threads', threads]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(refusal(`${file.replace(/[.]/g, '\\.')} › levels\\[\\d+\\] \\(ghost-[0-9a-f]+\\)`));
    }
    // the same file on this machine's own memory is clean
    delete process.env[MACHINE];
    expect((await run(['validate', file, '--threads', '2'])).code).toBe(0);
  });

  it('generate: one line naming the config file, the plan entry and the slot, exit 2, nothing written, for --threads 1 and 2', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'ghost.json');
    fs.writeFileSync(config, JSON.stringify({ scoreGhostLimit: 16, plan: [{ size: 5, mode: 'direct', count: 2, tier: 'EASY' }] }));
    const out = path.join(dir, 'c.json');
    for (const threads of ['1', '2']) {
      process.env[MACHINE] = '1000';
      const r = await run(['generate', 'ghost', '--config', config, '--out', out, '--threads', threads]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(refusal(`${config.replace(/[.]/g, '\\.')} › plan › "5x5 direct -> EASY" › slot [01]`));
      expect(fs.existsSync(out)).toBe(false);
    }
  });

  it('an in-process caller that keeps the pool (keepPool) gets a fresh one when the environment the threads copied has changed', async () => {
    const file = path.join(tempDir(), 'set.json');
    fs.copyFileSync(inject('smallGhostSet').curated, file);
    expect((await run(['validate', file, '--threads', '2'])).code).toBe(0);
    process.env[MACHINE] = '1000';
    const r = await run(['validate', file, '--threads', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(refusal(`${file.replace(/[.]/g, '\\.')} › levels\\[\\d+\\] \\(ghost-[0-9a-f]+\\)`));
  });
});

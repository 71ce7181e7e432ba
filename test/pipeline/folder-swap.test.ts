// The one folder-swap mechanism (tools/commands/files/folder-transaction.ts)
// that bundle, pipeline and init share: paths staged and parked beside their
// targets under the command's name, a killed run's leftovers swept by the next
// run of that command (a parked old path put back where its target is missing),
// a live run's left alone (the swap's all-or-nothing: pr-safety.test.ts). Before issue 44 pipeline
// parked in its run folder by role and init renamed its files one by one.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryConsole } from '../../tools/lib/console.ts';
import { stagePath, sweepLeftovers } from '../../tools/commands/files/folder-transaction.ts';
import { cli, tempDir } from '../support/helpers.ts';

const DEAD = 2 ** 22 + 12345; // above pid_max's default: no such process

describe('one folder-swap mechanism', () => {
  it("pipeline's parked folder of a killed run is put back where its target is missing, removed where it is there; a live run's is kept", () => {
    const dir = tempDir();
    const levels = path.join(dir, 'levels');
    fs.mkdirSync(stagePath(levels, 'old', 'pipeline', DEAD));
    fs.writeFileSync(path.join(stagePath(levels, 'old', 'pipeline', DEAD), 'a.json'), 'old');
    const con = memoryConsole();
    sweepLeftovers(levels, con, 'pipeline', 'folder');
    expect(fs.readFileSync(path.join(levels, 'a.json'), 'utf8')).toBe('old');
    expect(con.errLines.join('\n')).toContain(
      `note: ${levels}: put back the previous folder that a killed pipeline run had moved aside (.levels.pipeline-old-${DEAD})`,
    );
    fs.mkdirSync(stagePath(levels, 'old', 'pipeline', DEAD));
    // a live process's parked folder (this one's parent's) is not touched; bundle's names are not pipeline's
    fs.mkdirSync(stagePath(levels, 'old', 'pipeline', process.ppid));
    fs.mkdirSync(stagePath(levels, 'new', 'bundle', DEAD));
    sweepLeftovers(levels, memoryConsole(), 'pipeline', 'folder');
    expect(fs.readdirSync(dir).sort()).toEqual([`.levels.bundle-new-${DEAD}`, `.levels.pipeline-old-${process.ppid}`, 'levels']);
  });

  it("init stages its files beside their targets and sweeps a killed init's leftovers", () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'proofpack'));
    const left = stagePath(path.join(dir, 'proofpack', 'ghost.json'), 'new', 'init', DEAD);
    fs.writeFileSync(left, '{"half');
    const r = cli(['init', '--seed', '1'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('left by a killed init run');
    expect(fs.readdirSync(path.join(dir, 'proofpack')).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'proofpack', 'ghost.json'), 'utf8')).seed).toBe(1);
  });
});

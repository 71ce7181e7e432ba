// What the repository ships is tracked: no committed output is matched by .gitignore.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('.gitignore', () => {
  it('ignores none of the committed levels, packs config, dist files and schemas', () => {
    const tracked = spawnSync('git', ['ls-files', 'levels', 'dist', 'schema'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim().split('\n');
    expect(tracked).toContain('levels/packs.json');
    const r = spawnSync('git', ['check-ignore', '--no-index', '-v', ...tracked], { cwd: ROOT, encoding: 'utf8' });
    // exit 1: none of them is ignored
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
  });

  it('ignores the work folder and the build', () => {
    const r = spawnSync('git', ['check-ignore', '--no-index', '.proofpack/candidates/x.json', 'build/tools/cli.js'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
  });
});

// `init --force` writes all its files or none (issue 43): with .gitignore a
// link it once wrote all five files with a new seed and then exited 2; with
// proofpack/slide.json a link, or proofpack/packs.json a folder, it wrote some
// first. Every target is now checked before the first write: one line naming
// the path, exit 2, and the folder exactly as it was.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, tempDir } from '../support/helpers.ts';

/** Every entry under `dir`: a file's text, a link's target, a folder. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) out[r] = `-> ${fs.readlinkSync(p)}`;
      else if (e.isDirectory()) {
        out[r] = 'folder';
        walk(p, r);
      } else out[r] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

/** A game folder after a first `init --seed 1`, then bent by `bend`. */
function game(bend: (dir: string) => void): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
  const first = cli(['init', '--seed', '1'], dir);
  expect(first.code, first.stderr).toBe(0);
  bend(dir);
  return dir;
}

const CASES: [what: string, bend: (dir: string) => void, names: string][] = [
  [
    '.gitignore a link to a file',
    (d) => {
      fs.renameSync(path.join(d, '.gitignore'), path.join(d, 'ignore-target'));
      fs.symlinkSync('ignore-target', path.join(d, '.gitignore'));
    },
    '.gitignore',
  ],
  [
    '.gitignore a dangling link',
    (d) => {
      fs.rmSync(path.join(d, '.gitignore'));
      fs.symlinkSync('/nonexistent/ignore', path.join(d, '.gitignore'));
    },
    '.gitignore',
  ],
  [
    '.gitignore a folder',
    (d) => {
      fs.rmSync(path.join(d, '.gitignore'));
      fs.mkdirSync(path.join(d, '.gitignore'));
    },
    '.gitignore',
  ],
  [
    'proofpack/slide.json a link',
    (d) => {
      fs.rmSync(path.join(d, 'proofpack', 'slide.json'));
      fs.symlinkSync('../elsewhere.json', path.join(d, 'proofpack', 'slide.json'));
    },
    'proofpack/slide.json',
  ],
  [
    'proofpack/packs.json a folder',
    (d) => {
      fs.rmSync(path.join(d, 'proofpack', 'packs.json'));
      fs.mkdirSync(path.join(d, 'proofpack', 'packs.json'));
    },
    'proofpack/packs.json',
  ],
  [
    'proofpack/github-workflow.yml a link (the last file written)',
    (d) => {
      fs.rmSync(path.join(d, 'proofpack', 'github-workflow.yml'));
      fs.symlinkSync('/tmp', path.join(d, 'proofpack', 'github-workflow.yml'));
    },
    'proofpack/github-workflow.yml',
  ],
  [
    'proofpack a file',
    (d) => {
      fs.rmSync(path.join(d, 'proofpack'), { recursive: true });
      fs.writeFileSync(path.join(d, 'proofpack'), 'not a folder');
    },
    'proofpack',
  ],
];

describe('init --force: all or nothing', () => {
  it.each(CASES)('%s: one line, exit 2, nothing written', (_what, bend, names) => {
    const dir = game(bend);
    const before = snapshot(dir);
    const r = cli(['init', '--force', '--seed', '2'], dir);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(names);
    expect(r.stdout).toBe('');
    expect(snapshot(dir)).toEqual(before);
  });

  it('with every target a regular file, --force rewrites all five with the new seed', () => {
    const dir = game(() => {});
    const r = cli(['init', '--force', '--seed', '2'], dir);
    expect(r.code, r.stderr).toBe(0);
    for (const kind of ['ghost', 'slide', 'apple']) expect(JSON.parse(fs.readFileSync(path.join(dir, 'proofpack', `${kind}.json`), 'utf8')).seed).toBe(2);
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n.proofpack\n');
    expect(fs.readdirSync(path.join(dir, 'proofpack')).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});

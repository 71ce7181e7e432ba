// `proofpack init`: scaffold what a game's own repository needs — a folder
// (proofpack/ by default) with one partial generator config per kind (only the
// keys a team typically changes), a packs file, and a CI workflow example to
// copy. Never overwrites a file unless told to (--force).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { FORMAT_VERSION, type PacksConfig } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { writeFileAtomic } from '../lib/io.ts';
import type { PuzzleKind } from '../lib/kind.ts';
import { KINDS } from '../kinds/index.ts';

export interface InitOptions {
  /** The folder to write (relative to the current directory). */
  dir: string;
  /** Where pipeline writes the curated sets (the packs file points there). */
  levels: string;
  force?: boolean;
}

/** A kind's starter config: its starter keys with their default values (the rest comes from the defaults). */
export function starterConfig(kind: PuzzleKind): Record<string, unknown> {
  const defaults = kind.defaults.config as Record<string, unknown>;
  const keys = kind.starterKeys ?? [];
  return Object.fromEntries(keys.filter((k) => k in defaults).map((k) => [k, defaults[k]]));
}

/** One pack per kind with every tier; set paths are relative to the packs file. */
export function starterPacks(dir: string, levels: string): PacksConfig {
  return {
    type: 'packs-config',
    formatVersion: FORMAT_VERSION,
    packs: KINDS.map((kind) => ({
      name: `${kind.name}-all`,
      set: path
        .relative(dir, path.join(levels, kind.name, `${kind.defaults.setName}.json`))
        .split(path.sep)
        .join('/'),
      tiers: Object.fromEntries(kind.tiers.map((t) => [t, 'all' as const])),
      order: 'difficulty' as const,
    })),
  };
}

export function workflowExample(dir: string): string {
  return `# A CI workflow for the game's levels (GitHub Actions). Copy it to
# .github/workflows/levels.yml. It rebuilds levels/ and dist/ from ${dir}/ and fails
# when they differ from what is committed (same config and seed give the same bytes),
# then checks every stored value again.
name: levels
on: [push, pull_request]
jobs:
  levels:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - run: npx proofpack pipeline --quiet
      - run: git diff --exit-code levels dist
      - run: npx proofpack validate levels dist
`;
}

export function initCommand(opts: InitOptions, con: Console): number {
  const files: [string, string][] = [
    ...KINDS.map((kind): [string, string] => [path.join(opts.dir, `${kind.name}.json`), formatDocument(starterConfig(kind))]),
    [path.join(opts.dir, 'packs.json'), formatDocument(starterPacks(opts.dir, opts.levels))],
    [path.join(opts.dir, 'github-workflow.yml'), workflowExample(opts.dir)],
  ];
  const existing = files.map(([f]) => f).filter((f) => fs.existsSync(f));
  if (existing.length > 0 && !opts.force) throw new InputError(`init: not overwriting ${existing.join(', ')} (--force overwrites them)`);
  for (const [file, text] of files) writeFileAtomic(file, text);
  con.out(`wrote ${files.map(([f]) => f).join(', ')}`);
  con.out(
    `next: edit the configs (each names only what differs from \`proofpack config KIND\`; delete the file of a kind the game does not use, and its pack), then \`npx proofpack pipeline\``,
  );
  return 0;
}

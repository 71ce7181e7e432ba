// `proofpack init`: scaffold what a game's own repository needs — a folder
// (proofpack/ by default) with one partial generator config per kind (a fresh
// random seed, the set name, and the keys a team typically changes, lists as
// empty keyed changes), a packs file, and a CI workflow example to copy; and
// `.proofpack` (pipeline's work folder; the entry has no trailing slash, so it
// matches a file or a symbolic link of that name too, never committable) in
// the game's .gitignore. Never
// overwrites a file unless told to (--force), and writes all of them or none:
// every target is checked before the first write.
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import { FORMAT_VERSION, type PacksConfig } from '../lib/files.ts';
import { formatDocument } from '../lib/json.ts';
import { checkWriteTarget, readText, writeNewFile } from '../lib/io.ts';
import type { PuzzleKind } from '../lib/kind.ts';
import { kinds } from '../kinds/index.ts';
import { budgetFields, budgetFlagName } from './run/budgets.ts';
import { stagePath, sweepLeftovers, swapAll } from './files/folder-transaction.ts';

export interface InitOptions {
  /** The folder to write (relative to the current directory). */
  dir: string;
  /** Where pipeline writes the curated sets (the packs file points there). */
  levels: string;
  force?: boolean;
  /** The seed written into every config; default: a fresh random one, so no two games share levels by accident. */
  seed?: number;
}

/**
 * A kind's starter config: the seed, the set name, and its starter keys at
 * their default values — a keyed list (e.g. the plan) as an empty object, i.e.
 * "no entry changed" (the rest comes from the defaults).
 */
export function starterConfig(kind: PuzzleKind, seed: number): Record<string, unknown> {
  const defaults = kind.defaults.config as Record<string, unknown>;
  const keys = (kind.starterKeys ?? []).filter((k) => k in defaults);
  const keyed = kind.keyedLists ?? {};
  return { seed, name: kind.defaults.setName, ...Object.fromEntries(keys.map((k) => [k, Object.hasOwn(keyed, k) ? {} : defaults[k]])) };
}

/** One pack per kind with every tier; set paths are relative to the packs file. */
export function starterPacks(dir: string, levels: string): PacksConfig {
  return {
    type: 'packs-config',
    formatVersion: FORMAT_VERSION,
    packs: kinds().map((kind) => ({
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

/** The runner's ceilings as --budget flags, one a line (the built-in defaults: every config budget and run ceiling of every kind, docs/cli.md "Budgets"). */
function budgetLines(indent: string): string {
  const flags = [
    ...budgetFields().map(({ kind, budget }) => `--budget ${budgetFlagName(kind, budget.field)}=${budget.ceiling}`),
    ...kinds().flatMap((k) => (k.runBudget ? [`--budget ${k.runBudget.field}=${k.runBudget.ceiling}`] : [])),
  ];
  return flags.map((f) => `${indent}${f}`).join('\n');
}

export function workflowExample(dir: string): string {
  return `# A CI workflow for the game's levels (GitHub Actions). Copy it to
# .github/workflows/levels.yml. It first checks the committed levels/ and dist/
# as they are (every stored value recomputed; a difference is named by file,
# level and field), then rebuilds them from ${dir}/ and fails when they differ
# from what is committed, new files included (same config and seed give the
# same bytes). Every path in a pull request's checkout is the pull request's:
# proofpack refuses symbolic links where it writes and bounds the work of a run:
# what a run may cost is set here, by the runner, never by the files it reads
# (timeout-minutes bounds the job; BUDGETS are proofpack's ceilings, today's
# defaults written out: lower them to what your sets need, and a config or set
# asking for more is refused before any work, naming the flag that raises it).
# npm ci installs proofpack from the path package.json names: commit the tarball
# in the repository (e.g. vendor/proofpack-0.1.0.tgz, installed with
# npm install --save-dev ./vendor/proofpack-0.1.0.tgz), not a path outside it.
# The job's token may only read (permissions), checkout keeps no credential in
# .git/config (a game's kind code runs here as the pull request's code), the
# actions are pinned by commit (the tag beside it), and CEILINGS are the
# runner's ceilings of every proofpack step (a task's seconds, the run's memory).
name: levels
on: [push, pull_request]
permissions:
  contents: read
jobs:
  levels:
    runs-on: ubuntu-latest
    timeout-minutes: 60
    env:
      CEILINGS: --task-seconds 1800 --max-memory-mib 6000
      BUDGETS: >-
${budgetLines('        ')}
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      # the pull request's own files, exactly as committed: problems are named here
      - run: npx proofpack validate levels dist $CEILINGS $BUDGETS
      - run: npx proofpack pipeline --quiet $CEILINGS $BUDGETS
      # changed, deleted and new untracked files under levels/ and dist/ all fail the job
      - run: git status --porcelain levels dist && test -z "$(git status --porcelain levels dist)"
`;
}

/**
 * The .gitignore text with `.proofpack` added, or undefined when it already
 * ignores it as a file or link too (`.proofpack/` matches only a folder, so a
 * committed link of that name would not be ignored: the entry is added then).
 */
export function withWorkIgnored(text: string): string | undefined {
  if (text.split(/\r?\n/).some((line) => /^\/?\.proofpack\s*$/.test(line))) return undefined;
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}.proofpack\n`;
}

export function initCommand(opts: InitOptions, con: Console): number {
  const seed = opts.seed ?? randomInt(1, 2 ** 31);
  const files: [string, string][] = [
    ...kinds().map((kind): [string, string] => [path.join(opts.dir, `${kind.name}.json`), formatDocument(starterConfig(kind, seed))]),
    [path.join(opts.dir, 'packs.json'), formatDocument(starterPacks(opts.dir, opts.levels))],
    [path.join(opts.dir, 'github-workflow.yml'), workflowExample(opts.dir)],
  ];
  const existing = files.map(([f]) => f).filter((f) => exists(f));
  if (existing.length > 0 && !opts.force) throw new InputError(`init: not overwriting ${existing.join(', ')} (--force overwrites them)`);
  const ignore = '.gitignore';
  // every target checked (and .gitignore read) before the first write: a refusal writes nothing
  checkWriteTarget(ignore);
  const ignored = withWorkIgnored(exists(ignore) ? readText(ignore) : '');
  writeAll(ignored === undefined ? files : [...files, [ignore, ignored]], con);
  con.out(`wrote ${files.map(([f]) => f).join(', ')} (seed ${seed})`);
  if (ignored !== undefined) con.out(`added .proofpack (pipeline's work folder) to ${ignore}`);
  con.out(
    `next: edit the configs (each names only what differs from \`proofpack config KIND\`; a plan entry is changed by its key, \`proofpack config KIND --keys\` lists them; delete the file of a kind the game does not use, and its pack), then \`npx proofpack pipeline\``,
  );
  return 0;
}

/** True when something (a file, a folder, a link, even a dangling one) is at `file`. */
function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Write every file or none: each target and each folder above it is checked
 * first (a link, a folder where a file goes, a file where a folder goes), then
 * every file is written beside its target under a temporary name, and only
 * when all are written are they swapped into place together (the one
 * folder-swap mechanism, files/folder-transaction.ts: a failed rename puts
 * back every file already replaced). A failure before the renames removes the
 * temporary files and the folders made for them; a killed run's are swept first.
 */
function writeAll(files: readonly (readonly [string, string])[], con: Console): void {
  for (const [file] of files) {
    checkWriteTarget(file);
    for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      let st: fs.Stats;
      try {
        st = fs.lstatSync(dir);
      } catch {
        continue; // made below
      }
      if (!st.isDirectory()) throw new InputError(`${dir}: is not a folder, and ${file} goes inside it (move it away or give --dir another folder)`);
      break;
    }
  }
  for (const [file] of files) sweepLeftovers(file, con, 'init', 'file');
  const made: string[] = [];
  const staged: [tmp: string, file: string][] = [];
  try {
    for (const [file, text] of files) {
      const dir = path.dirname(file);
      const first = fs.mkdirSync(dir, { recursive: true });
      if (first !== undefined) made.push(first);
      const tmp = stagePath(file, 'new', 'init');
      staged.push([tmp, file]);
      writeNewFile(tmp, text);
    }
  } catch (e) {
    for (const [tmp] of staged) fs.rmSync(tmp, { force: true });
    for (const dir of made.reverse()) fs.rmSync(dir, { recursive: true, force: true });
    const file = staged.at(-1)?.[1] ?? files[0]?.[0] ?? '.';
    throw new InputError(`${file}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing was written`);
  }
  // renamed in together: a failed rename puts back what was already replaced (files/folder-transaction.ts)
  swapAll(staged.map(([tmp, file]) => ({ staged: tmp, target: file, parked: stagePath(file, 'old', 'init') })));
}

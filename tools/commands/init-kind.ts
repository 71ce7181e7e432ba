// `proofpack init --kind NAME`: scaffold a game's own puzzle kind from the
// template that ships in the package (templates/kind/, a small real puzzle
// with a real solver): its files copied into <dir>/kinds/NAME/ with the name
// written into face.ts, the module registered in <dir>/kinds.json, a
// <dir>/tsconfig.json so the game type-checks its kinds (`tsc --noEmit -p
// <dir>`), a partial config <dir>/NAME.json and a pack in <dir>/packs.json so
// pipeline makes its levels, and the CI workflow example with the steps that
// type-check and check the kind. Every problem is found before anything is
// written; a file that exists is never overwritten without --force, except the
// kinds.json and packs.json entries it adds. Works on a fresh repository or
// after `proofpack init`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { Console } from '../lib/console.ts';
import { InputError, where } from '../lib/errors.ts';
import { FORMAT_VERSION, KindsConfig, PacksConfig } from '../lib/formats.ts';
import { formatDocument } from '../lib/json.ts';
import { readJson, readText, writeFileAtomic } from '../lib/io.ts';
import type { PuzzleKind } from '../lib/kind.ts';
import { KIND_NAME } from '../lib/kind-name.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { gameKindModules, kinds as registeredKinds } from '../kinds/index.ts';
import { loadKindModule } from '../kinds/load.ts';

/** The template's folder inside the package. */
export const TEMPLATE_DIR = fileURLToPath(new URL('templates/kind/', PROJECT_ROOT));

/** The template's file that holds its name, and the line; init writes the new name there. */
export const NAME_FILE = 'face.ts';
const NAME_LINE = /^export const NAME = '([a-z][a-z0-9]*)';$/m;

export interface InitKindOptions {
  /** The config folder (proofpack/ by default). */
  dir: string;
  /** Where pipeline writes the curated sets (the pack points there). */
  levels: string;
  /** The new kind's name. */
  kind: string;
  force?: boolean;
  /** The seed of the kind's partial config; default: a fresh random one. */
  seed?: number;
}

/** What init --kind takes from plain init and from the kind loader (the CLI wires them). */
export interface InitKindDeps {
  /** The template's record, loaded as a game's kind module is (its name is the template's). */
  loadTemplate(indexFile: string): Promise<PuzzleKind>;
  /** A kind's starter partial config (init's starterConfig). */
  starterConfig(kind: PuzzleKind, seed: number): Record<string, unknown>;
  /** init's CI workflow example for `dir`. */
  workflowExample(dir: string): string;
  /** The .gitignore text with pipeline's work folder added, or undefined when it is there (init's withWorkIgnored). */
  withWorkIgnored(text: string): string | undefined;
  /** The seed when none is given. */
  randomSeed(): number;
}

/** The template's record, loaded by the kind loader as a game's kind module is (from the built CLI too: TypeScript through tsx). */
export async function loadTemplate(indexFile: string): Promise<PuzzleKind> {
  return (await loadKindModule({ label: indexFile, url: pathToFileURL(indexFile).href })).kind;
}

/** The CI steps a game's own kinds add, each on one line (inserted after `npm ci`). */
export function kindWorkflowSteps(dir: string): string {
  return `      # the game's kinds are code from this repository: on a pull request they run as its code (no secrets in this job)
      # typescript from the game's devDependencies (npm install --save-dev typescript): --no-install never fetches a program
      - run: npx --no-install tsc --noEmit -p ${dir}
      - run: npx proofpack check-kind --member-timeout 600
`;
}

/** The workflow example with the kind steps after \`npm ci\`. */
export function workflowWithKinds(base: string, dir: string): string {
  const anchor = '      - run: npm ci\n';
  if (!base.includes(anchor)) throw new Error('init: the workflow example has no `npm ci` step to put the kind steps after');
  return base.includes('proofpack check-kind') ? base : base.replace(anchor, anchor + kindWorkflowSteps(dir));
}

/** The tsconfig.json init writes in the config folder: the game's kinds type-checked against the installed proofpack's SDK entries. */
export function kindsTsconfig(): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'preserve',
      moduleResolution: 'bundler',
      allowImportingTsExtensions: true,
      noEmit: true,
      strict: true,
      noUncheckedIndexedAccess: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['kinds/**/*.ts'],
  };
}

/**
 * The template's files, with the name written into face.ts (NAME_FILE): its .ts files and
 * its package.json, which makes them ES modules whatever the game's own
 * package.json says (`npm init` writes "type": "commonjs"). Throws when the
 * template's face.ts is not as init expects.
 */
export function templateFiles(name: string): [file: string, text: string][] {
  const files = fs
    .readdirSync(TEMPLATE_DIR)
    .filter((f) => f.endsWith('.ts') || f === 'package.json')
    .sort();
  return files.map((f) => {
    const text = readText(path.join(TEMPLATE_DIR, f));
    if (f !== NAME_FILE) return [f, text];
    if (!NAME_LINE.test(text)) throw new Error(`${path.join(TEMPLATE_DIR, f)}: no line \`export const NAME = '…';\``);
    return [f, text.replace(NAME_LINE, `export const NAME = '${name}';`)];
  });
}

/** A JSON file of the config folder read and checked, or undefined when it is not there. */
function readConfigFile<T>(file: string, schema: z.ZodType<T>, what: string): T | undefined {
  if (!fs.existsSync(file)) return undefined;
  const parsed = schema.safeParse(readJson(file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where(file, issue?.path.join('.'))}: ${issue?.message ?? 'invalid'} (not ${what}; fix or remove it)`);
  }
  return parsed.data;
}

export async function initKindCommand(opts: InitKindOptions, deps: InitKindDeps, con: Console): Promise<number> {
  const name = opts.kind;
  if (!KIND_NAME.test(name))
    throw new InputError(`init --kind ${JSON.stringify(name)}: a kind name is lower-case letters and digits, starting with a letter (e.g. pear)`);
  const dir = opts.dir;
  const kindDir = path.join(dir, 'kinds', name);
  const entry = `./kinds/${name}/index.ts`;
  // the registered kinds (the CLI registered --dir's kinds.json before this runs): the built-in ones, then one per game module
  const modules = gameKindModules();
  const builtIn = registeredKinds().slice(0, registeredKinds().length - modules.length);
  if (builtIn.some((k) => k.name === name))
    throw new InputError(`init --kind ${name}: a built-in kind has that name (${builtIn.map((k) => k.name).join(', ')}); choose another`);
  // another module of the game's with that name clashes (the one at this kind's own entry is what --force overwrites)
  const entryUrl = pathToFileURL(path.resolve(kindDir, 'index.ts')).href;
  const other = modules.find((m, i) => registeredKinds()[builtIn.length + i]?.name === name && m.url !== entryUrl);
  if (other !== undefined) throw new InputError(`init --kind ${name}: ${other.label} is already a kind of that name; choose another`);
  const kindsFile = path.join(dir, 'kinds.json');
  const packsFile = path.join(dir, 'packs.json');
  const workflowFile = path.join(dir, 'github-workflow.yml');
  const tsconfigFile = path.join(dir, 'tsconfig.json');

  const kinds = readConfigFile(kindsFile, KindsConfig, 'a kinds-config') ?? { type: 'kinds-config' as const, formatVersion: 1 as const, kinds: [] };
  const packs = readConfigFile(packsFile, PacksConfig, 'a packs-config') ?? { type: 'packs-config' as const, formatVersion: FORMAT_VERSION, packs: [] };
  const templateFile = path.join(TEMPLATE_DIR, 'index.ts');
  const template = await deps.loadTemplate(templateFile).catch((e: unknown) => {
    throw new InputError(`init --kind: cannot load the template kind ${templateFile} (${(e as Error).message}); nothing written`);
  });
  const kind = { ...template, name } as PuzzleKind;
  const seed = opts.seed ?? deps.randomSeed();

  const own: [string, string][] = [
    ...templateFiles(name).map(([f, text]): [string, string] => [path.join(kindDir, f), text]),
    [path.join(dir, `${name}.json`), formatDocument(deps.starterConfig(kind, seed))],
  ];
  const existing = own.map(([f]) => f).filter((f) => fs.existsSync(f));
  if (fs.existsSync(kindDir) && !opts.force) existing.unshift(kindDir);
  if (existing.length > 0 && !opts.force) throw new InputError(`init --kind ${name}: not overwriting ${existing.join(', ')} (--force overwrites them)`);

  const files = [...own];
  if (!kinds.kinds.includes(entry)) files.push([kindsFile, formatDocument({ ...kinds, kinds: [...kinds.kinds, entry] })]);
  const packName = `${name}-all`;
  if (!packs.packs.some((p) => p.name === packName)) {
    const set = path
      .relative(dir, path.join(opts.levels, name, `${kind.defaults.setName}.json`))
      .split(path.sep)
      .join('/');
    const pack = { name: packName, set, tiers: Object.fromEntries(kind.tiers.map((t) => [t, 'all' as const])), order: 'difficulty' as const };
    files.push([packsFile, formatDocument({ ...packs, packs: [...packs.packs, pack] })]);
  }
  if (!fs.existsSync(tsconfigFile)) files.push([tsconfigFile, formatDocument(kindsTsconfig())]);
  const plain = deps.workflowExample(dir);
  const workflowNow = fs.existsSync(workflowFile) ? readText(workflowFile) : undefined;
  const workflowKept = workflowNow !== undefined && workflowNow !== plain && !workflowNow.includes('proofpack check-kind') && !opts.force;
  if (!workflowKept) files.push([workflowFile, workflowWithKinds(plain, dir)]);
  const ignore = '.gitignore';
  const ignored = deps.withWorkIgnored(fs.existsSync(ignore) ? readText(ignore) : '');
  if (ignored !== undefined) files.push([ignore, ignored]);

  for (const [file, text] of files) writeFileAtomic(file, text);
  con.out(`wrote ${files.map(([f]) => f).join(', ')} (seed ${seed})`);
  if (workflowKept) con.out(`kept ${workflowFile} (changed since init wrote it): add these steps after \`npm ci\`:\n${kindWorkflowSteps(dir)}`);
  if (fs.existsSync(tsconfigFile) && !files.some(([f]) => f === tsconfigFile)) con.out(`kept ${tsconfigFile}: its include must cover kinds/**/*.ts`);
  con.out(
    `next: \`npm install --save-dev typescript\` once, then \`npx tsc --noEmit -p ${dir}\`, \`npx proofpack check-kind ${name}\` and \`npx proofpack pipeline\`; make ${kindDir}/ your own puzzle (docs/kind-contract.md in the package is the guide)`,
  );
  return 0;
}

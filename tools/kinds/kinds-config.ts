// Reads a game's kinds config (`<config dir>/kinds.json`, docs/game-repo.md)
// and turns each listed module path into the file URL the loader imports
// (load.ts). The repository is the folder holding the config directory (for
// ./proofpack, the current folder): a module path must be relative to
// kinds.json, name a .ts, .mts, .js or .mjs file, stay inside the repository
// and pass through no symbolic link. Every refusal is one line naming the file
// and the entry.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError, show, where } from '../lib/errors.ts';
import { KindsConfig } from '../lib/formats.ts';
import { readJson } from '../lib/io.ts';
import { code, isInside } from '../lib/safe-read.ts';
import { at } from '../lib/at.ts';

/** The name of the kinds config in a config directory. */
export const KINDS_CONFIG_FILE = 'kinds.json';

/** A kind module to load: where it is (a file URL) and how messages name it (`file › kinds[i] (path)`). */
export interface KindModuleRef {
  readonly label: string;
  readonly url: string;
}

/** What a kinds config lists: the file read (as the user named it) and its modules, in order. */
export interface KindsConfigRead {
  readonly file: string;
  readonly modules: readonly KindModuleRef[];
}

const MODULE_FILE = /\.(ts|mts|js|mjs)$/;

/**
 * The kind modules `<configDir>/kinds.json` lists, each checked; null when the
 * file does not exist (the built-in kinds only). `explicit`: the user named the
 * folder (--config-dir), so a folder that does not exist is an error.
 */
export function readKindsConfig(configDir: string, explicit = false): KindsConfigRead | null {
  const dirAbs = path.resolve(configDir);
  const file = path.join(configDir, KINDS_CONFIG_FILE);
  if (!fs.existsSync(dirAbs)) {
    if (explicit) throw new InputError(`--config-dir ${configDir}: the folder does not exist (\`proofpack init --dir ${configDir}\` makes one)`);
    return null;
  }
  try {
    fs.lstatSync(path.join(dirAbs, KINDS_CONFIG_FILE));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`${file}: cannot read (${code(e)})`);
  }
  let root: string;
  try {
    root = fs.realpathSync(path.dirname(dirAbs));
  } catch (e) {
    throw new InputError(`${path.dirname(dirAbs)}: cannot read the repository folder (${code(e)})`);
  }
  const raw = readJson(file, { within: root });
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && (raw as { type?: unknown }).type === undefined)
    throw new InputError(`${file} › type: missing; add "type": "kinds-config" and "formatVersion": 1 to its top-level object`);
  const parsed = KindsConfig.safeParse(raw);
  if (!parsed.success) {
    const issue = at(parsed.error.issues, 0);
    const field = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    throw new InputError(`${where(file, field || '(file)')}: ${issue.message.replace(/\s+/g, ' ')}`);
  }
  // the config directory as it lies in the repository's real folder: module paths resolve from there
  const configReal = path.join(root, path.basename(dirAbs));
  const modules = parsed.data.kinds.map((entry, i) => {
    const label = where(file, `kinds[${i}] (${show(entry)})`);
    return { label, url: pathToFileURL(checkedModulePath(label, entry, configReal, root)).href };
  });
  return { file, modules };
}

/** The absolute path of one listed module, or an InputError (`label: what is wrong; what to do`). */
function checkedModulePath(label: string, entry: string, configDir: string, root: string): string {
  if (path.isAbsolute(entry) || /^[a-zA-Z]:/.test(entry) || entry.startsWith('~'))
    throw new InputError(`${label}: not a relative path; write the module's path relative to kinds.json, e.g. "./kinds/maze/index.ts"`);
  if (entry.includes('\\')) throw new InputError(`${label}: write the path with "/" between folders`);
  if (!MODULE_FILE.test(entry)) throw new InputError(`${label}: not a kind module; name its .ts, .mts, .js or .mjs file (e.g. "./kinds/maze/index.ts")`);
  const abs = path.resolve(configDir, entry);
  if (!isInside(abs, root) || abs === root)
    throw new InputError(`${label}: outside the repository (${root}, the folder holding the config directory); move the kind's files into the repository`);
  // every folder and the file itself, from the repository down: none a link
  let cur = root;
  for (const part of path.relative(root, abs).split(path.sep)) {
    cur = path.join(cur, part);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(cur);
    } catch (e) {
      throw new InputError(`${label}: cannot read ${cur} (${code(e)})`);
    }
    if (stat.isSymbolicLink()) throw new InputError(`${label}: goes through a symbolic link (${cur}); kind modules are read through none: list the real path`);
    if (cur === abs && !stat.isFile()) throw new InputError(`${label}: ${cur} is not a regular file`);
  }
  return abs;
}

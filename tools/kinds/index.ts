// The registry: every puzzle kind the pipeline knows, by name. The built-in
// kinds (the entries of the one list, list.ts) load when this module loads;
// a game's own kinds (its kinds.json, kinds-config.ts) load when a command
// asks (useKinds), through the same loader (load.ts), and are registered after
// them. It sits above the kinds and below the commands, which look kinds up
// here (kinds(), kindByName) and pass them down; nothing in tools/lib imports
// it. Worker threads register the same modules (gameKindModules, useKindModules).
import { KIND_CONTRACT_VERSION, type PuzzleKind } from '../lib/kind.ts';
import { InputError } from '../lib/errors.ts';
import { budgetValue } from '../lib/budget.ts';
import { KIND_NAME } from '../lib/kind-name.ts';
import { KIND_LIST } from './list.ts';
import { loadKindModule, type KindEntry } from './load.ts';
import { KINDS_CONFIG_FILE, readKindsConfig, type KindModuleRef } from './kinds-config.ts';

export type { KindEntry } from './load.ts';
export type { KindModuleRef } from './kinds-config.ts';

/** The members every kind object has (PuzzleKind) that are functions: an object lacking one is refused. */
const REQUIRED_FUNCTIONS = [
  'plan',
  'generateSlot',
  'initialCalibration',
  'analyze',
  'ruleProblems',
  'solutionProblems',
  'canonical',
  'equivalents',
  'calibrate',
  'recalibrate',
  'tierOf',
  'difficulty',
  'tierTable',
] as const;
const SCHEMAS = ['puzzle', 'solution', 'analysis', 'config', 'calibration'] as const;

/** What is missing from a kind object that the type says it has, or undefined. */
function recordProblem(kind: PuzzleKind): string | undefined {
  if (!Array.isArray(kind.tiers) || kind.tiers.length === 0 || !kind.tiers.every((t) => typeof t === 'string'))
    return 'tiers (PuzzleKind.tiers) must be a non-empty list of names';
  for (const s of SCHEMAS)
    if (typeof (kind.schemas as Record<string, { safeParse?: unknown }> | undefined)?.[s]?.safeParse !== 'function')
      return `schemas.${s} (PuzzleKind.schemas) is not a zod schema`;
  for (const f of REQUIRED_FUNCTIONS) if (typeof kind[f] !== 'function') return `${f} (PuzzleKind.${f}) is not a function`;
  if (kind.defaults === null || typeof kind.defaults !== 'object' || kind.defaults.config === null || typeof kind.defaults.config !== 'object')
    return 'no default config (PuzzleKind.defaults.config)';
  if (typeof kind.conformance?.vectors !== 'function' || typeof kind.conformance?.schema?.safeParse !== 'function')
    return 'no conformance schema and writer (PuzzleKind.conformance)';
  if (kind.tolerances === null || typeof kind.tolerances !== 'object') return 'no tolerances (PuzzleKind.tolerances; {} for exact)';
  return undefined;
}

/**
 * The kinds of the list's entries, each checked for what the type cannot say:
 * a name of lower-case letters and digits starting with a letter (file names
 * and ids are made of it), unique; the members a kind object must have; its
 * object's face the very `face` its folder exports (what the client's browser
 * build reads in place of the kind object), and a `view` of the same name; and
 * budgets that exist (a kind without them would be silently unbounded) and
 * name numbers of its default config; and the contract version this proofpack
 * speaks. Throws naming the kind and the member.
 */
export function checkedKinds(entries: readonly KindEntry[]): readonly PuzzleKind[] {
  const names = new Set<string>();
  for (const { kind, face, view } of entries) {
    if (typeof kind.name !== 'string' || !KIND_NAME.test(kind.name))
      throw new Error(`kind name ${JSON.stringify(kind.name)} (PuzzleKind.name): use lower-case letters and digits, starting with a letter`);
    if (names.has(kind.name)) throw new Error(`kind ${JSON.stringify(kind.name)} is registered twice`);
    names.add(kind.name);
    const problem = recordProblem(kind);
    if (problem) throw new Error(`kind ${JSON.stringify(kind.name)}: ${problem}`);
    if (kind.contractVersion !== KIND_CONTRACT_VERSION)
      throw new Error(
        `kind ${JSON.stringify(kind.name)} is written against kind contract version ${JSON.stringify(kind.contractVersion)} (PuzzleKind.contractVersion); this proofpack's is version ${KIND_CONTRACT_VERSION} (a module's kind of version 1 still loads): update the kind (docs/kind-contract.md) or install a matching proofpack`,
      );
    if (kind.face !== face || face?.name !== kind.name)
      throw new Error(
        `kind ${JSON.stringify(kind.name)}: its kind object's face (PuzzleKind.face) must be the face its folder exports (face.ts), named as the kind`,
      );
    if (view?.name !== kind.name) throw new Error(`kind ${JSON.stringify(kind.name)}: its folder exports no view (view.ts) named as the kind`);
    if (!Array.isArray(kind.budgets) || kind.budgets.length === 0)
      throw new Error(`kind ${JSON.stringify(kind.name)}: no budgets (PuzzleKind.budgets): list the config numbers that bound analyze()`);
    for (const b of kind.budgets)
      if (typeof budgetValue(kind.defaults.config, b.field) !== 'number')
        throw new Error(`kind ${JSON.stringify(kind.name)}: budget ${JSON.stringify(b.field)} is not a number of its default config`);
  }
  return entries.map((e) => e.kind);
}

/** The built-in kinds' modules: each entry of the one list, by its folder's module (the folder is named as the kind). */
const BUILT_IN_MODULES: readonly KindModuleRef[] = KIND_LIST.map((m) => ({
  label: `proofpack's built-in kind ${m.kind.name}`,
  url: new URL(`./${m.kind.name}/index.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href,
}));

async function loadBuiltIns(): Promise<readonly PuzzleKind[]> {
  const entries = await Promise.all(BUILT_IN_MODULES.map(loadKindModule));
  entries.forEach((e, i) => {
    if (e.kind !== KIND_LIST[i]?.kind) throw new Error(`${BUILT_IN_MODULES[i]?.label}: its folder is not named as the kind`);
  });
  return checkedKinds(entries);
}

/** proofpack's built-in kinds, in the list's order (a game's own kinds: kinds()). */
export const KINDS: readonly PuzzleKind[] = await loadBuiltIns();

/** The registered kinds: the built-in ones, then the game's. */
let registered: readonly PuzzleKind[] = KINDS;
/** The game's kind modules now registered (what worker threads load too). */
let gameModules: readonly KindModuleRef[] = [];
/** The label of the game's module of each of its kinds, by kind name. */
let moduleLabels: ReadonlyMap<string, string> = new Map();
/** The kinds config that was read, or would have been: where a user registers a kind. */
let configFile = `proofpack/${KINDS_CONFIG_FILE}`;

/** Every registered kind: the built-in ones, then the game's (in its kinds.json's order). */
export function kinds(): readonly PuzzleKind[] {
  return registered;
}

/** The game's kind modules now registered (file URLs and their labels), for worker threads to load (useKindModules). */
export function gameKindModules(): readonly KindModuleRef[] {
  return gameModules;
}

/** Where a game registers a kind: the kinds config of the command's config directory. */
export function kindsConfigFile(): string {
  return configFile;
}

/**
 * Register the game's kinds listed in `<configDir>/kinds.json` (none when the
 * file does not exist), replacing those of any earlier call. `explicit`: the
 * user named the folder. InputError, one line naming the file and the entry,
 * for any refusal (docs/game-repo.md, "Your own kind").
 */
export async function useKinds(configDir: string, explicit = false): Promise<void> {
  const config = readKindsConfig(configDir, explicit);
  configFile = config?.file ?? `${configDir.replace(/\/+$/, '')}/${KINDS_CONFIG_FILE}`;
  await useKindModules(config?.modules ?? []);
}

/** Register these kind modules after the built-in kinds (a worker thread: the modules its command registered). */
export async function useKindModules(modules: readonly KindModuleRef[]): Promise<void> {
  const entries = await Promise.all(modules.map(loadKindModule));
  const added: PuzzleKind[] = [];
  const labels = new Map<string, string>();
  const owner = new Map<string, string>();
  modules.forEach((ref, i) => {
    const { kind } = entries[i] as KindEntry;
    const name: unknown = kind.name;
    if (typeof name !== 'string' || !KIND_NAME.test(name))
      throw new InputError(`${ref.label}: kind name ${JSON.stringify(name)} (kind.name): use lower-case letters and digits, starting with a letter`);
    if (KINDS.some((k) => k.name === name))
      throw new InputError(`${ref.label}: kind name ${JSON.stringify(name)} is a built-in kind's; give the kind another name`);
    const earlier = owner.get(name);
    if (earlier !== undefined)
      throw new InputError(`${ref.label}: kind name ${JSON.stringify(name)} is already registered by ${earlier}; give one of them another name`);
    owner.set(name, ref.label.replace(/^.* › /, ''));
    try {
      checkedKinds([entries[i] as KindEntry]);
    } catch (e) {
      throw new InputError(`${ref.label}: ${(e as Error).message}`);
    }
    added.push(kind);
    labels.set(name, ref.label);
  });
  const next = [...KINDS, ...added];
  // the same kinds again keep their list (what was compiled for them, e.g. schema validators, stays valid)
  if (next.length !== registered.length || next.some((k, i) => k !== registered[i])) registered = next;
  gameModules = modules;
  moduleLabels = labels;
}

/** The label of the game's module that registered the kind `name` (undefined: a built-in kind, or none of that name). */
export function kindModuleLabel(name: string): string | undefined {
  return moduleLabels.get(name);
}

/** The kind of this name; an InputError listing the registered ones (and how to register another) when none is. */
export function kindByName(name: string): PuzzleKind {
  const kind = registered.find((k) => k.name === name);
  if (!kind)
    throw new InputError(
      `unknown puzzle kind ${JSON.stringify(name)} (known: ${registered.map((k) => k.name).join(', ')}); a game's own kind is registered by adding its module to ${configFile}`,
    );
  return kind;
}

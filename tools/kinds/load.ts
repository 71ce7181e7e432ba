// The one loader of kind modules, built-in or a game's: imports a module by its
// file URL and takes the three exports every kind module has (`kind`, `face`,
// `view`; docs/kind-contract.md). A game's module may be TypeScript with no
// build step: run from the compiled build, the loader first registers tsx's
// loader hooks on this thread (one module graph, so a kind's zod and errors
// are proofpack's own); run from the .ts sources, the host (tsx or vitest)
// already imports TypeScript. Failures are one line naming the module. Under
// the supervisor, the main thread tells it each game module it loads. A kind
// written against contract version 1 is read in this version's shape
// (lib/kind-v1.ts).
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, oneLine } from '../lib/errors.ts';
import type { PuzzleKind } from '../lib/kind.ts';
import { fromContractV1 } from '../lib/kind-v1.ts';
import type { KindFace, KindView } from '../lib/face.ts';
import type { KindModuleRef } from './kinds-config.ts';
import { tellSupervisor } from '../lib/supervised.ts';

/** A kind module's exports: its kind object, its client face and its play-page view. */
export interface KindEntry {
  readonly kind: PuzzleKind;
  readonly face: KindFace;
  readonly view: KindView;
}

/** Running from the .ts sources: whoever loaded this file imports TypeScript too. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The folder of the built-in kinds (this file's). */
const OWN_FOLDER = new URL('./', import.meta.url).href;

let tsx: Promise<void> | undefined;

/** tsx's loader hooks on this thread, registered once (global, not namespaced: one copy of every module). */
function withTsx(): Promise<void> {
  tsx ??= import('tsx/esm/api').then(({ register }) => {
    register();
  });
  return tsx;
}

/**
 * Why an import of the module at `url` failed, in one line, with what to do
 * when the cause is known. An ES module in a folder Node reads as CommonJS
 * (a package.json without "type": "module", as `npm init` writes) fails with
 * one of several errors, depending on Node and tsx (ERR_REQUIRE_CYCLE_MODULE,
 * ERR_REQUIRE_ESM, a syntax error at `import` or `export`): for each, the line
 * names the one file to write: the package.json beside the module, which
 * makes its folder's files ES modules.
 */
function loadFailure(e: unknown, url: string): string {
  const err = e as NodeJS.ErrnoException;
  // the first line, and the next when the first only announces it (esbuild: "Transform failed with 1 error:")
  const lines = String(err?.message ?? err)
    .split('\n')
    .filter((l) => l.trim() !== '');
  const first = lines[0]?.endsWith(':') && lines[1] ? `${lines[0]} ${lines[1].trim()}` : (lines[0] ?? '');
  const esm =
    err?.code === 'ERR_REQUIRE_CYCLE_MODULE' ||
    err?.code === 'ERR_REQUIRE_ESM' ||
    /Cannot use import statement outside a module|Unexpected token 'export'/.test(first);
  if (!esm) return oneLine(`cannot load the module: ${first}`);
  const beside = path.join(path.relative('.', path.dirname(fileURLToPath(url))) || '.', 'package.json');
  return oneLine(
    `cannot load the module: Node reads it as CommonJS, and a kind module is an ES module: put {"type": "module"} in ${beside} (as init --kind does; the game's package.json can stay as it is) (${err?.code ?? first})`,
  );
}

/**
 * The exports of the kind module at `ref.url`. Throws an InputError naming
 * `ref.label` when it cannot be imported or lacks one of the three exports.
 */
export async function loadKindModule(ref: KindModuleRef): Promise<KindEntry> {
  // proofpack's own modules (the built-in kinds, beside this file) import as they are; a game's may be TypeScript
  if (!FROM_SOURCES && !ref.url.startsWith(OWN_FOLDER)) await withTsx();
  let ns: Record<string, unknown>;
  // a game's module is loaded under the supervisor's watch (its start-up bound and memory ceiling, bin/proofpack.js)
  const game = !ref.url.startsWith(OWN_FOLDER);
  if (game) await tellSupervisor({ t: 'loading', label: ref.label });
  try {
    ns = (await import(ref.url)) as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`${ref.label}: ${loadFailure(e, ref.url)}`);
  } finally {
    if (game) void tellSupervisor({ t: 'loaded', label: ref.label });
  }
  const missing = ['kind', 'face', 'view'].filter((name) => ns[name] === null || typeof ns[name] !== 'object');
  if (missing.length > 0)
    throw new InputError(
      `${ref.label}: the module exports no ${missing.map((m) => `\`${m}\``).join(', ')}; a kind module exports its kind object (kind), its face and its view (docs/kind-contract.md)`,
    );
  return { kind: fromContractV1(ns['kind'] as PuzzleKind), face: ns['face'] as KindFace, view: ns['view'] as KindView };
}

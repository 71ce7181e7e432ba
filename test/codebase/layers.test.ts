// The import rule: layers only import downwards. tools/lib imports nothing
// above it; the kind SDK's entries (tools/sdk/: proofpack/kind and
// proofpack/face) sit just above it and import lib only. A kind is written
// exactly as a game's kind is: its files import their own folder, the SDK's
// entries by package name (`proofpack/kind`, `proofpack/face`), npm packages
// and, on the pipeline side only, `node:` built-ins; what its face.ts and
// view.ts reach (the browser builds bundle it) imports `proofpack/face` and
// no `node:` module, and proofpack/face itself reaches no `node:` module and
// no zod. The registry
// (tools/kinds/index.ts) imports lib and the kinds; commands import lib, the
// kinds, the registry, the preview renderer and the commands' three rooms
// (pipeline.ts, which chains the four commands, may also import them); the
// rooms, by trade, each importing only the rooms below it (and lib, the kinds,
// the registry and the preview renderer): commands/files/ at the bottom
// (reading, checking and writing the pipeline's files: documents, schemas,
// configs, checkpoints, the folder transaction), commands/sets/ above it (what
// the commands derive from sets and packs), commands/run/ on top (running
// work: the pool, tasks, workers, kind steps, the team, scratch, ceilings,
// signals) — a file that reads a file runs nothing, and a file that runs work
// may read files; the CLI, the bench,
// the client and the scripts sit on top. The registry's files are the one list
// of kinds (tools/kinds/list.ts) and what derives from it: the records
// (index.ts, loaded by load.ts, a game's listed by kinds-config.ts), the faces
// (faces.ts) and the views (views.ts). The client is
// written against the faces (faces.ts, the one registry file it may import)
// and never imports the commands or the CLI; the CLI and the bench may import
// the client. The play page's script (tools/preview/play-page.ts) is written
// against the faces and the views (with the game's, tools/preview/game-views.ts),
// and nothing imports it.
// What a kind may do besides computing (docs/kind-contract.md, what a kind may
// do): no file, process, network or thread I/O of its own — no import of the
// Node modules for them, no process.kill / process.env / Atomics.wait — but
// through the Scratch it is given; its benchmark hooks (bench.ts) read their
// environment and time themselves, and one module reads its own compiled code.
// A room inside a kind (a folder holding an index.ts: the ghost score DP,
// tools/kinds/ghost/score/) is entered through that one file, which names what
// it exports and exports only what the rest of the kind calls.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Layer = { name: string; rank: number; group: string };

function layerOf(file: string): Layer {
  const f = file.split(path.sep).join('/');
  if (f.startsWith('tools/lib/')) return { name: 'lib', rank: 0, group: 'lib' };
  if (f.startsWith('tools/sdk/')) return { name: 'sdk', rank: 0.5, group: 'sdk' };
  if (/^tools\/kinds\/(index|list|faces|views|load|kinds-config)\.ts$/.test(f)) return { name: 'registry', rank: 2, group: 'registry' };
  const kind = /^tools\/kinds\/([^/]+)\//.exec(f);
  if (kind) return { name: `kind ${kind[1]}`, rank: 1, group: `kind:${kind[1]}` };
  // the play page's browser script: written against the faces like the client, imported by nothing (build-client compiles it)
  if (f === 'tools/preview/play-page.ts') return { name: 'play page script', rank: 4, group: 'top:play-page' };
  if (f.startsWith('tools/preview/')) return { name: 'preview', rank: 1, group: 'preview' };
  const room = /^tools\/commands\/(files|sets|run)\//.exec(f);
  if (room) return { name: `commands/${room[1]}`, rank: 3, group: `room:${room[1]}` };
  // a command's own folder (tools/commands/check-kind/) belongs to the command
  const folder = /^tools\/commands\/([^/]+)\//.exec(f);
  if (folder) return { name: `command ${folder[1]}.ts`, rank: 3, group: `command:${folder[1]}.ts` };
  if (f.startsWith('tools/commands/')) return { name: `command ${path.basename(f)}`, rank: 3, group: `command:${path.basename(f)}` };
  const top = /^tools\/(cli\.ts|bench|client|scripts)/.exec(f);
  if (top) return { name: top[1]!, rank: 4, group: `top:${top[1]}` };
  throw new Error(`${f}: no layer (add it to test/codebase/layers.test.ts)`);
}

/** The commands' rooms, lowest first: each may import only the rooms before it. */
const ROOMS = ['room:files', 'room:sets', 'room:run'];

/** Whether `from` may import `to`. */
function allowed(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a.group === b.group) return true;
  switch (a.group.split(':')[0]) {
    case 'lib':
    case 'kind':
      // a kind reaches proofpack by package name only (kindImports)
      return false;
    case 'sdk':
      return b.group === 'lib';
    case 'preview':
      return b.group === 'lib';
    case 'registry':
      return b.rank < 2;
    case 'room':
      // files < sets < run: a room imports the rooms below it, never a command
      return b.rank < 3 || (ROOMS.includes(b.group) && ROOMS.indexOf(b.group) < ROOMS.indexOf(a.group));
    case 'command':
      // pipeline chains the commands; check-kind runs generate and curate to check a kind
      return (
        b.rank < 3 || ROOMS.includes(b.group) || ((a.group === 'command:pipeline.ts' || a.group === 'command:check-kind.ts') && b.group.startsWith('command:'))
      );
    case 'top':
      // the client ships to games: rules and formats only, never the pipeline's commands
      // of the registry, only the list of faces (no solver, no zod): the client bundles it for the browser
      if (a.group === 'top:play-page')
        return b.group === 'lib' || to === 'tools/kinds/faces.ts' || to === 'tools/kinds/views.ts' || to === 'tools/preview/game-views.ts';
      if (a.group === 'top:client') return b.group === 'lib' || b.group.startsWith('kind:') || to === 'tools/kinds/faces.ts';
      if ((a.group === 'top:cli.ts' || a.group === 'top:bench') && b.group === 'top:client') return true;
      return b.rank < 4;
    default:
      return false;
  }
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(type\s)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text: string): string[] {
  return importsWithKind(text).map((i) => i.spec);
}

/** Every import of a file, and whether it is `import type` / `export type` (erased: no bundle holds what it names). */
function importsWithKind(text: string): { spec: string; typeOnly: boolean }[] {
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(IMPORT)) out.push({ spec: (m[2] ?? m[3])!, typeOnly: m[1] !== undefined });
  return out;
}

/** The file a relative import names, from the tools/ root (`tools/kinds/ghost/board.ts`). */
const resolved = (file: string, spec: string) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));

/** What `entries` reach by value imports (type-only ones are erased): the files, and the other specifiers they import. */
function reach(files: Record<string, string>, entries: readonly string[]): { files: string[]; specifiers: string[] } {
  const seen = new Set<string>();
  const specifiers = new Set<string>();
  const stack = [...entries];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { spec, typeOnly } of importsWithKind(files[file] ?? '')) {
      if (typeOnly) continue;
      if (spec.startsWith('.')) stack.push(resolved(file, spec));
      else specifiers.add(`${file}: ${spec}`);
    }
  }
  return { files: [...seen].sort(), specifiers: [...specifiers].sort() };
}

/** The SDK's entries a kind may import by package name. */
const SDK_ENTRIES = ['proofpack/kind', 'proofpack/face'];
/** npm packages: bare names that are neither node built-ins nor proofpack itself. */
const npmPackage = (spec: string) => !spec.startsWith('.') && !spec.startsWith('node:') && spec !== 'proofpack' && !spec.startsWith('proofpack/');

/**
 * A kind's imports that a game's kind could not write: `file: spec (why)`. A kind's files import
 * their own folder, the SDK's entries by package name, npm packages and (pipeline side) `node:`
 * built-ins; the files its face.ts and view.ts reach by value imports import only `proofpack/face`
 * of proofpack (type-only imports too) and no `node:` module.
 */
function kindImports(files: Record<string, string>): string[] {
  const bad: string[] = [];
  const kinds = new Set(Object.keys(files).flatMap((f) => /^(tools\/kinds\/[^/]+\/)/.exec(f)?.[1] ?? []));
  for (const folder of kinds) {
    const face = new Set(
      reach(
        files,
        [`${folder}face.ts`, `${folder}view.ts`].filter((f) => f in files),
      ).files,
    );
    for (const [file, text] of Object.entries(files)) {
      if (!file.startsWith(folder)) continue;
      for (const { spec } of importsWithKind(text)) {
        if (spec.startsWith('.')) {
          const target = resolved(file, spec);
          if (!target.startsWith(folder)) bad.push(`${file}: ${spec} (outside its folder: import proofpack by package name)`);
        } else if (face.has(file) && (spec.startsWith('node:') || (!npmPackage(spec) && spec !== 'proofpack/face')))
          bad.push(`${file}: ${spec} (a face or view, or what it imports: of proofpack only proofpack/face, no node: module)`);
        else if (!npmPackage(spec) && !spec.startsWith('node:') && !SDK_ENTRIES.includes(spec)) bad.push(`${file}: ${spec} (not an entry of the kind SDK)`);
      }
    }
  }
  return bad.sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|js|mjs)$/.test(e.name) && !/\.as\.ts$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** Every import that runs up a layer: `from -> to`. */
function violations(files: Record<string, string>): string[] {
  const bad: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const spec of importsOf(text)) {
      if (!spec.startsWith('.')) continue;
      const target = resolved(file, spec);
      if (!target.startsWith('tools/')) continue;
      if (!allowed(file, target)) bad.push(`${file} -> ${target} (${layerOf(file).name} may not import ${layerOf(target).name})`);
    }
  }
  return bad.sort();
}

/** The rooms: folders inside a kind's folder holding an index.ts (tools/kinds/ghost/score/), as `tools/kinds/<kind>/<room>/`. */
function rooms(files: Record<string, string>): string[] {
  return Object.keys(files)
    .filter((f) => /^tools\/kinds\/[^/]+\/.+\/index\.ts$/.test(f))
    .map((f) => f.slice(0, -'index.ts'.length))
    .sort();
}

const NAMED_IMPORT = /(?:^|\n)\s*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s+['"]([^'"]+)['"]/g;
const NAMESPACE_IMPORT = /(?:^|\n)\s*import\s+\*\s+as\s+\w+\s+from\s+['"]([^'"]+)['"]/g;
const NAMED_EXPORT = /(?:^|\n)\s*export\s+(?:type\s+)?\{([^}]*)\}/g;
const DECLARED_EXPORT = /(?:^|\n)\s*export\s+(?:declare\s+)?(?:const|let|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g;
/** The names of `{ a, type b, c as d }`: as the importer sees them (`as` = false, `c`) or as exported (`as` = true, `d`). */
const names = (list: string, alias: boolean) =>
  list
    .split(',')
    .map((n) => n.trim().replace(/^type\s+/, ''))
    .filter((n) => n !== '')
    .map((n) => {
      const [name, as] = n.split(/\s+as\s+/);
      return (alias ? (as ?? name) : name)!;
    });

/**
 * What breaks a room's one entrance: a file outside the room (under tools/) that imports one of its
 * files other than index.ts; an `export *` in index.ts (it names what it exports); a name index.ts
 * exports that no file outside the room imports (it exports only what the rest calls; a namespace
 * import counts as using all). Tests may import any file of a room: they test its parts.
 */
function roomBreaches(files: Record<string, string>): string[] {
  const bad: string[] = [];
  for (const room of rooms(files)) {
    const entry = `${room}index.ts`;
    const text = files[entry] ?? '';
    if (/(?:^|\n)\s*export\s*\*/.test(text)) bad.push(`${entry}: export * (name what the rest of the kind calls)`);
    const used = new Set<string>();
    let all = false;
    for (const [file, source] of Object.entries(files)) {
      if (file.startsWith(room)) continue;
      for (const spec of importsOf(source)) {
        if (!spec.startsWith('.')) continue;
        const target = resolved(file, spec);
        if (target.startsWith(room) && target !== entry) bad.push(`${file} -> ${target} (enter ${room} through its index.ts)`);
      }
      for (const m of source.matchAll(NAMED_IMPORT)) if (resolved(file, m[2]!) === entry) for (const n of names(m[1]!, false)) used.add(n);
      for (const m of source.matchAll(NAMESPACE_IMPORT)) if (resolved(file, m[1]!) === entry) all = true;
    }
    const exported = [...text.matchAll(NAMED_EXPORT)].flatMap((m) => names(m[1]!, true)).concat([...text.matchAll(DECLARED_EXPORT)].map((m) => m[1]!));
    if (!all) for (const n of exported) if (!used.has(n)) bad.push(`${entry}: exports ${n}, which nothing outside ${room} imports`);
  }
  return bad.sort();
}

/** Node modules that reach the file system, other processes, the network or other threads. */
const MACHINE_MODULES = /^node:(fs|fs\/promises|os|child_process|cluster|net|http|https|http2|dgram|dns|tls|worker_threads|readline|repl|inspector)$/;
const MACHINE_CALLS = /\bprocess\.(kill|env|exit|chdir|on)\b|\bAtomics\.wait\b|\brequire\(/;

/** Files of a kind allowed more, and why. */
const KIND_EXCEPTIONS: Record<string, { modules: RegExp; why: string }> = {
  'tools/kinds/ghost/score/dp-kernel.ts': {
    modules: /^node:fs$/,
    why: 'reads its own compiled code, the score kernel score-kernel.wasm beside it, like an import',
  },
};

/** What a kind's files do that only the command layer may: `file: what`. */
function kindMachineUse(files: Record<string, string>): string[] {
  const bad: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    if (!/^tools\/kinds\/[^/]+\//.test(file) || /\/bench\.ts$/.test(file)) continue;
    const except = KIND_EXCEPTIONS[file];
    for (const spec of importsOf(text)) if (MACHINE_MODULES.test(spec) && !except?.modules.test(spec)) bad.push(`${file}: imports ${spec}`);
    const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
    const call = MACHINE_CALLS.exec(code);
    if (call) bad.push(`${file}: ${call[0]}`);
  }
  return bad.sort();
}

describe('layers', () => {
  const files = Object.fromEntries(sourceFiles('tools').map((f) => [f.split(path.sep).join('/'), fs.readFileSync(path.join(ROOT, f), 'utf8')]));

  it('every file under tools/ has a layer', () => {
    expect(Object.keys(files).length).toBeGreaterThan(50);
    for (const f of Object.keys(files)) expect(() => layerOf(f)).not.toThrow();
  });

  it('no import runs up a layer', () => {
    expect(violations(files)).toEqual([]);
  });

  it("a kind imports its own folder, the SDK's entries by package name, npm packages and (pipeline side) node: built-ins", () => {
    expect(kindImports(files)).toEqual([]);
    // the rule is about the three built-in kinds, and each has a face and a view
    for (const kind of ['ghost', 'slide', 'apple'])
      expect(reach(files, [`tools/kinds/${kind}/face.ts`, `tools/kinds/${kind}/view.ts`]).files.length).toBeGreaterThan(2);
  });

  it('proofpack/face reaches no node: module and no zod, and only lib; the SDK imports lib only', () => {
    const face = reach(files, ['tools/sdk/face.ts']);
    expect(face.specifiers).toEqual([]);
    expect(face.files.filter((f) => !/^tools\/(lib|sdk)\//.test(f))).toEqual([]);
    expect(reach(files, ['tools/sdk/kind.ts']).specifiers.filter((s) => !/: (zod|node:[a-z]+|fast-json-stable-stringify|pure-rand\/.+)$/.test(s))).toEqual([]);
    expect(violations({ 'tools/sdk/kind.ts': "export * from '../kinds/index.ts';" })).toEqual([
      'tools/sdk/kind.ts -> tools/kinds/index.ts (sdk may not import registry)',
    ]);
  });

  it("flags a kind's import a game's kind could not write", () => {
    expect(
      kindImports({
        'tools/kinds/pear/face.ts': "import { at } from 'proofpack/face';\nimport { play } from './play.ts';\nimport type { PearPuzzle } from './schema.ts';",
        'tools/kinds/pear/view.ts': "import type { KindView } from 'proofpack/kind';",
        'tools/kinds/pear/play.ts':
          "import { readFileSync } from 'node:fs';\nimport { round } from '../../lib/stats.ts';\nimport confetti from 'canvas-confetti';",
        'tools/kinds/pear/schema.ts': "import { z } from 'proofpack/kind';\nimport { x } from '../apple/rules.ts';",
        'tools/kinds/pear/solver.ts':
          "import * as fs from 'node:fs';\nimport { InputError } from 'proofpack/build/tools/lib/errors.js';\nimport { FACES } from 'proofpack/client';",
        'tools/kinds/pear/deep/x.ts': "import { y } from '../solver.ts';",
        'tools/kinds/pear/index.ts': "import { z } from 'zod';\nimport { face } from './face.ts';",
      }),
    ).toEqual([
      'tools/kinds/pear/play.ts: ../../lib/stats.ts (outside its folder: import proofpack by package name)',
      'tools/kinds/pear/play.ts: node:fs (a face or view, or what it imports: of proofpack only proofpack/face, no node: module)',
      'tools/kinds/pear/schema.ts: ../apple/rules.ts (outside its folder: import proofpack by package name)',
      'tools/kinds/pear/solver.ts: proofpack/build/tools/lib/errors.js (not an entry of the kind SDK)',
      'tools/kinds/pear/solver.ts: proofpack/client (not an entry of the kind SDK)',
      'tools/kinds/pear/view.ts: proofpack/kind (a face or view, or what it imports: of proofpack only proofpack/face, no node: module)',
    ]);
  });

  it('finds the imports the rule is about', () => {
    // the reader sees static, re-exporting and dynamic imports
    expect(
      importsOf("import { a } from './a.ts';\nexport * from \"../b.ts\";\nconst c = await import('./c.ts');\nimport type {\n  D,\n} from './d.ts';"),
    ).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts']);
  });

  it('flags an import that runs up', () => {
    expect(
      violations({
        'tools/lib/io.ts': "import { KINDS } from '../kinds/index.ts';",
        'tools/kinds/ghost/solver.ts': "import { slide } from '../slide/index.ts';\nimport { x } from '../../lib/bits.ts';",
        'tools/sdk/face.ts': "export { at } from '../lib/at.ts';\nexport { KINDS } from '../kinds/index.ts';",
        'tools/commands/validate.ts': "import { orderLevels } from './curate.ts';\nimport { spread } from './sets/spread.ts';",
        'tools/commands/pipeline.ts': "import { curateCommand } from './curate.ts';",
        'tools/client/ghost.ts': "import { loadDocument } from '../commands/files/documents.ts';",
        'tools/client/conformance.ts': "import { main } from '../cli.ts';",
        'tools/client/packs.ts': "import { FACES } from '../kinds/faces.ts';\nimport { KINDS } from '../kinds/index.ts';",
        'tools/cli.ts': "import { writeConformance } from './client/conformance.ts';",
        'tools/scripts/write-schemas.ts': "import { loadPack } from '../client/index.ts';",
      }),
    ).toEqual([
      'tools/client/conformance.ts -> tools/cli.ts (client may not import cli.ts)',
      'tools/client/ghost.ts -> tools/commands/files/documents.ts (client may not import commands/files)',
      'tools/client/packs.ts -> tools/kinds/index.ts (client may not import registry)',
      'tools/commands/validate.ts -> tools/commands/curate.ts (command validate.ts may not import command curate.ts)',
      'tools/kinds/ghost/solver.ts -> tools/kinds/slide/index.ts (kind ghost may not import kind slide)',
      'tools/kinds/ghost/solver.ts -> tools/lib/bits.ts (kind ghost may not import lib)',
      'tools/lib/io.ts -> tools/kinds/index.ts (lib may not import registry)',
      'tools/scripts/write-schemas.ts -> tools/client/index.ts (scripts may not import client)',
      'tools/sdk/face.ts -> tools/kinds/index.ts (sdk may not import registry)',
    ]);
  });

  it("the commands' rooms import downwards only: files < sets < run, and no room imports a command", () => {
    for (const room of ['files', 'sets', 'run']) expect(Object.keys(files).some((f) => f.startsWith(`tools/commands/${room}/`))).toBe(true);
    expect(
      violations({
        'tools/commands/files/checkpoint.ts': "import { runKindStep } from '../run/run-step.ts';\nimport { curateSet } from '../sets/curation.ts';",
        'tools/commands/files/documents.ts': "import { generateCommand } from '../generate.ts';",
        'tools/commands/sets/spread.ts': "import { runPipelineTasks } from '../run/tasks.ts';\nimport { parseDocument } from '../files/documents.ts';",
        'tools/commands/run/kind-steps.ts': "import { curateSet } from '../sets/curation.ts';\nimport { pidAlive } from '../files/folder-transaction.ts';",
        'tools/commands/run/tasks.ts': "import { bundleCommand } from '../bundle.ts';",
        'tools/commands/generate.ts': "import { loadCheckpoint } from './run/resume.ts';\nimport { writeCheckpoint } from './files/checkpoint.ts';",
      }),
    ).toEqual([
      'tools/commands/files/checkpoint.ts -> tools/commands/run/run-step.ts (commands/files may not import commands/run)',
      'tools/commands/files/checkpoint.ts -> tools/commands/sets/curation.ts (commands/files may not import commands/sets)',
      'tools/commands/files/documents.ts -> tools/commands/generate.ts (commands/files may not import command generate.ts)',
      'tools/commands/run/tasks.ts -> tools/commands/bundle.ts (commands/run may not import command bundle.ts)',
      'tools/commands/sets/spread.ts -> tools/commands/run/tasks.ts (commands/sets may not import commands/run)',
    ]);
  });

  it('a room inside a kind (the ghost score DP) is entered through its index.ts alone, which names what the rest calls', () => {
    expect(rooms(files)).toContain('tools/kinds/ghost/score/');
    expect(roomBreaches(files)).toEqual([]);
  });

  it('flags a way into a room past its index.ts, an export *, and an export nothing outside calls', () => {
    expect(
      roomBreaches({
        'tools/kinds/pear/deep/index.ts': "export * from './a.ts';\nexport { b, type B, c as d } from './b.ts';\nexport const e = 1;",
        'tools/kinds/pear/deep/a.ts': "import { x } from '../rules.ts';",
        'tools/kinds/pear/deep/b.ts': "import { a } from './a.ts';",
        'tools/kinds/pear/rules.ts': "import { b, type B } from './deep/index.ts';\nimport { a } from './deep/a.ts';",
        'tools/kinds/pear/face.ts': "import type { d } from './deep/index.ts';",
        'tools/kinds/pear/solver.ts': "import { e } from './deep/../deep/b.ts';",
      }),
    ).toEqual([
      'tools/kinds/pear/deep/index.ts: export * (name what the rest of the kind calls)',
      'tools/kinds/pear/deep/index.ts: exports e, which nothing outside tools/kinds/pear/deep/ imports',
      'tools/kinds/pear/rules.ts -> tools/kinds/pear/deep/a.ts (enter tools/kinds/pear/deep/ through its index.ts)',
      'tools/kinds/pear/solver.ts -> tools/kinds/pear/deep/b.ts (enter tools/kinds/pear/deep/ through its index.ts)',
    ]);
  });

  it('a kind does no file, process or thread I/O of its own (only through the Scratch it is given)', () => {
    expect(kindMachineUse(files)).toEqual([]);
  });

  it('flags a kind that does I/O itself', () => {
    expect(
      kindMachineUse({
        'tools/kinds/ghost/score/dp-layered.ts': "import { openSync } from 'node:fs';\nimport { tmpdir } from 'node:os';",
        'tools/kinds/ghost/score/dp-kernel.ts': "import { readFileSync } from 'node:fs';\nimport { tmpdir } from 'node:os';",
        'tools/kinds/apple/search.ts': 'const n = new Int32Array(new SharedArrayBuffer(4));\nAtomics.wait(n, 0, 0, 250);',
        'tools/kinds/slide/rules.ts': 'if (process.kill(pid, 0)) x();\n// process.env in a comment is fine',
        'tools/kinds/ghost/bench.ts': "import * as os from 'node:os';\nconst g = process.env['BENCH_LAYERED_G'];",
        'tools/lib/io.ts': "import * as fs from 'node:fs';",
      }),
    ).toEqual([
      'tools/kinds/apple/search.ts: Atomics.wait',
      'tools/kinds/ghost/score/dp-kernel.ts: imports node:os',
      'tools/kinds/ghost/score/dp-layered.ts: imports node:fs',
      'tools/kinds/ghost/score/dp-layered.ts: imports node:os',
      'tools/kinds/slide/rules.ts: process.kill',
    ]);
  });
});

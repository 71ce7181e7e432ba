// The import rule: layers only import downwards. tools/lib imports nothing
// above it; a kind imports lib and its own folder only; the registry
// (tools/kinds/index.ts) imports lib and the kinds; commands import lib, the
// kinds, the registry, the preview renderer and commands/shared (pipeline.ts,
// which chains the four commands, may also import them); the CLI, the bench,
// the client and the scripts sit on top. The registry's files are the one list
// of kinds (tools/kinds/list.ts) and what derives from it: the records
// (index.ts), the faces (faces.ts) and the views (views.ts). The client is
// written against the faces (faces.ts, the one registry file it may import)
// and never imports the commands or the CLI; the CLI and the bench may import
// the client. The play page's script (tools/preview/play-page.ts) is written
// against the faces and the views, and nothing imports it.
// What a kind may do besides computing (docs/kind-contract.md, what a kind may
// do): no file, process, network or thread I/O of its own — no import of the
// Node modules for them, no process.kill / process.env / Atomics.wait — but
// through the Scratch it is given; its benchmark hooks (bench.ts) read their
// environment and time themselves, and one module reads its own compiled code.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Layer = { name: string; rank: number; group: string };

function layerOf(file: string): Layer {
  const f = file.split(path.sep).join('/');
  if (f.startsWith('tools/lib/')) return { name: 'lib', rank: 0, group: 'lib' };
  if (/^tools\/kinds\/(index|list|faces|views)\.ts$/.test(f)) return { name: 'registry', rank: 2, group: 'registry' };
  const kind = /^tools\/kinds\/([^/]+)\//.exec(f);
  if (kind) return { name: `kind ${kind[1]}`, rank: 1, group: `kind:${kind[1]}` };
  // the play page's browser script: written against the faces like the client, imported by nothing (build-client compiles it)
  if (f === 'tools/preview/play-page.ts') return { name: 'play page script', rank: 4, group: 'top:play-page' };
  if (f.startsWith('tools/preview/')) return { name: 'preview', rank: 1, group: 'preview' };
  if (f.startsWith('tools/commands/shared/')) return { name: 'commands/shared', rank: 3, group: 'commands-shared' };
  // a command's own folder (tools/commands/check-kind/) belongs to the command
  const folder = /^tools\/commands\/([^/]+)\//.exec(f);
  if (folder) return { name: `command ${folder[1]}.ts`, rank: 3, group: `command:${folder[1]}.ts` };
  if (f.startsWith('tools/commands/')) return { name: `command ${path.basename(f)}`, rank: 3, group: `command:${path.basename(f)}` };
  const top = /^tools\/(cli\.ts|bench|client|scripts)/.exec(f);
  if (top) return { name: top[1]!, rank: 4, group: `top:${top[1]}` };
  throw new Error(`${f}: no layer (add it to test/codebase/layers.test.ts)`);
}

/** Whether `from` may import `to`. */
function allowed(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a.group === b.group) return true;
  switch (a.group.split(':')[0]) {
    case 'lib':
      return false;
    case 'kind':
    case 'preview':
      return b.group === 'lib';
    case 'registry':
      return b.rank < 2;
    case 'commands-shared':
      return b.rank < 3;
    case 'command':
      // pipeline chains the commands; check-kind runs generate and curate to check a kind
      return (
        b.rank < 3 ||
        b.group === 'commands-shared' ||
        ((a.group === 'command:pipeline.ts' || a.group === 'command:check-kind.ts') && b.group.startsWith('command:'))
      );
    case 'top':
      // the client ships to games: rules and formats only, never the pipeline's commands
      // of the registry, only the list of faces (no solver, no zod): the client bundles it for the browser
      if (a.group === 'top:play-page') return b.group === 'lib' || to === 'tools/kinds/faces.ts' || to === 'tools/kinds/views.ts';
      if (a.group === 'top:client') return b.group === 'lib' || b.group.startsWith('kind:') || to === 'tools/kinds/faces.ts';
      if ((a.group === 'top:cli.ts' || a.group === 'top:bench') && b.group === 'top:client') return true;
      return b.rank < 4;
    default:
      return false;
  }
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2])!);
  return out;
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
      const target = path
        .normalize(path.join(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      if (!target.startsWith('tools/')) continue;
      if (!allowed(file, target)) bad.push(`${file} -> ${target} (${layerOf(file).name} may not import ${layerOf(target).name})`);
    }
  }
  return bad.sort();
}

/** Node modules that reach the file system, other processes, the network or other threads. */
const MACHINE_MODULES = /^node:(fs|fs\/promises|os|child_process|cluster|net|http|https|http2|dgram|dns|tls|worker_threads|readline|repl|inspector)$/;
const MACHINE_CALLS = /\bprocess\.(kill|env|exit|chdir|on)\b|\bAtomics\.wait\b|\brequire\(/;

/** Files of a kind allowed more, and why. */
const KIND_EXCEPTIONS: Record<string, { modules: RegExp; why: string }> = {
  'tools/kinds/ghost/dp-kernel.ts': { modules: /^node:fs$/, why: 'reads its own compiled code, the score kernel score-kernel.wasm beside it, like an import' },
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
        'tools/commands/validate.ts': "import { orderLevels } from './curate.ts';\nimport { spread } from './shared/spread.ts';",
        'tools/commands/pipeline.ts': "import { curateCommand } from './curate.ts';",
        'tools/client/ghost.ts': "import { loadDocument } from '../commands/shared/documents.ts';",
        'tools/client/conformance.ts': "import { main } from '../cli.ts';",
        'tools/client/packs.ts': "import { FACES } from '../kinds/faces.ts';\nimport { KINDS } from '../kinds/index.ts';",
        'tools/cli.ts': "import { writeConformance } from './client/conformance.ts';",
        'tools/scripts/write-schemas.ts': "import { loadPack } from '../client/index.ts';",
      }),
    ).toEqual([
      'tools/client/conformance.ts -> tools/cli.ts (client may not import cli.ts)',
      'tools/client/ghost.ts -> tools/commands/shared/documents.ts (client may not import commands/shared)',
      'tools/client/packs.ts -> tools/kinds/index.ts (client may not import registry)',
      'tools/commands/validate.ts -> tools/commands/curate.ts (command validate.ts may not import command curate.ts)',
      'tools/kinds/ghost/solver.ts -> tools/kinds/slide/index.ts (kind ghost may not import kind slide)',
      'tools/lib/io.ts -> tools/kinds/index.ts (lib may not import registry)',
      'tools/scripts/write-schemas.ts -> tools/client/index.ts (scripts may not import client)',
    ]);
  });

  it('a kind does no file, process or thread I/O of its own (only through the Scratch it is given)', () => {
    expect(kindMachineUse(files)).toEqual([]);
  });

  it('flags a kind that does I/O itself', () => {
    expect(
      kindMachineUse({
        'tools/kinds/ghost/dp-layered.ts': "import { openSync } from 'node:fs';\nimport { tmpdir } from 'node:os';",
        'tools/kinds/ghost/dp-kernel.ts': "import { readFileSync } from 'node:fs';\nimport { tmpdir } from 'node:os';",
        'tools/kinds/apple/search.ts': 'const n = new Int32Array(new SharedArrayBuffer(4));\nAtomics.wait(n, 0, 0, 250);',
        'tools/kinds/slide/rules.ts': 'if (process.kill(pid, 0)) x();\n// process.env in a comment is fine',
        'tools/kinds/ghost/bench.ts': "import * as os from 'node:os';\nconst g = process.env['BENCH_LAYERED_G'];",
        'tools/lib/io.ts': "import * as fs from 'node:fs';",
      }),
    ).toEqual([
      'tools/kinds/apple/search.ts: Atomics.wait',
      'tools/kinds/ghost/dp-kernel.ts: imports node:os',
      'tools/kinds/ghost/dp-layered.ts: imports node:fs',
      'tools/kinds/ghost/dp-layered.ts: imports node:os',
      'tools/kinds/slide/rules.ts: process.kill',
    ]);
  });
});

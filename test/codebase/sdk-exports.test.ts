// The package's public entries: package.json's exports map lists exactly the
// entries the guide documents (docs/kind-contract.md, "The package's
// entries"), with no wildcard and no deep path, each with its declarations
// under build/types; and the kind SDK is one copy of each module wherever it
// is imported by name: from the sources (tsconfig paths, vitest's alias) and
// from the compiled build/ (Node's self-reference through the exports map).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zod from 'zod';
import * as sdkKind from 'proofpack/kind';
import * as sdkFace from 'proofpack/face';
import { InputError, ResourceError } from '../../tools/lib/errors.ts';
import { KIND_CONTRACT_VERSION } from '../../tools/lib/kind.ts';
import { ROOT } from '../support/helpers.ts';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  files: string[];
};

/** The entries the guide's table lists: `proofpack/NAME` in the first cell of each row of its section. */
function documentedEntries(): string[] {
  const guide = fs.readFileSync(path.join(ROOT, 'docs', 'kind-contract.md'), 'utf8');
  const section = /\n## The package's entries\n([\s\S]*?)(?=\n## )/.exec(guide)?.[1];
  if (section === undefined) throw new Error('docs/kind-contract.md has no section "## The package\'s entries"');
  return [...section.matchAll(/^\| `proofpack\/([^`]+)` \|/gm)].map((m) => `./${m[1]}`);
}

describe("the package's exports", () => {
  it('lists exactly the entries the guide documents, in its order', () => {
    expect(Object.keys(pkg.exports)).toEqual(documentedEntries());
    expect(Object.keys(pkg.exports)).toEqual(['./kind', './face', './client', './package.json']);
  });

  it('has no wildcard and no deep path; each entry has its declarations under build/types and its code under build/tools (the client: build/client)', () => {
    for (const [key, target] of Object.entries(pkg.exports)) {
      expect(key).toMatch(/^\.\/[a-z]+(\.json)?$/);
      if (key === './package.json') {
        expect(target).toBe('./package.json');
        continue;
      }
      if (typeof target === 'string') throw new Error(`${key}: no declarations`);
      expect(Object.keys(target)).toEqual(['types', 'default']);
      expect(target.types).toMatch(/^\.\/build\/types\/[a-z]+\/[a-z]+\.d\.ts$/);
      // proofpack/client: the client's browser build (build/client/, the same files as proofpack-client)
      expect(target.default).toMatch(key === './client' ? /^\.\/build\/client\/index\.js$/ : /^\.\/build\/tools\/[a-z]+\/[a-z]+\.js$/);
      for (const file of [target.types, target.default]) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
    }
  });

  it('ships the guide and every page it links to (package.json files)', () => {
    const shipped = (file: string) => pkg.files.some((f: string) => file === f || file.startsWith(`${f}/`));
    expect(shipped('docs/kind-contract.md')).toBe(true);
    const guide = fs.readFileSync(path.join(ROOT, 'docs', 'kind-contract.md'), 'utf8');
    const links = [...guide.matchAll(/\]\(([^)#\s]+)/g)].map((m) => m[1] ?? '').filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(shipped(path.posix.join('docs', link)), link).toBe(true);
  });
});

describe('the kind SDK', () => {
  it('is the sources in-process: one zod, one errors module, one contract version', () => {
    expect(sdkKind.z).toBe(zod.z);
    expect(sdkKind.InputError).toBe(InputError);
    expect(sdkKind.ResourceError).toBe(ResourceError);
    // version 1's name of it, for a version 1 kind that imports it (lib/kind-v1.ts)
    expect(sdkKind.RoomError).toBe(ResourceError);
    expect(sdkKind.KIND_CONTRACT_VERSION).toBe(KIND_CONTRACT_VERSION);
    expect(KIND_CONTRACT_VERSION).toBe(2);
    // proofpack/kind holds everything of proofpack/face, the very same values
    for (const [name, value] of Object.entries(sdkFace)) expect((sdkKind as Record<string, unknown>)[name], name).toBe(value);
  });

  it('is build/ from compiled code: Node resolves proofpack/kind to build/tools/sdk/kind.js, the errors the commands catch', () => {
    const script = `
      const kind = await import('proofpack/kind');
      const errors = await import(${JSON.stringify(path.join(ROOT, 'build', 'tools', 'lib', 'errors.js'))});
      const zod = await import('zod');
      console.log(JSON.stringify({
        kind: import.meta.resolve('proofpack/kind'),
        face: import.meta.resolve('proofpack/face'),
        same: kind.InputError === errors.InputError && kind.ResourceError === errors.ResourceError && kind.z === zod.z,
        caught: (() => { try { throw new kind.InputError('x'); } catch (e) { return e instanceof errors.InputError; } })(),
      }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(out).toEqual({
      kind: `file://${path.join(ROOT, 'build', 'tools', 'sdk', 'kind.js')}`,
      face: `file://${path.join(ROOT, 'build', 'tools', 'sdk', 'face.js')}`,
      same: true,
      caught: true,
    });
  });

  it('refuses a deep path into the package', () => {
    const r = (() => {
      try {
        execFileSync(process.execPath, ['--input-type=module', '-e', "await import('proofpack/build/tools/lib/at.js')"], {
          cwd: ROOT,
          encoding: 'utf8',
          stdio: 'pipe',
        });
        return '';
      } catch (e) {
        return String((e as { stderr: string }).stderr);
      }
    })();
    expect(r).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});

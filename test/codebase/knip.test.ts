// The unused-code check (knip, configured in knip.jsonc, run by `npm test`)
// catches what it is there to catch. In a copy of the sources (the
// repository's node_modules linked in), knip runs twice with the real config:
// as copied, then with two unused exports and one unused module planted. The
// second run fails (exit 1) and finds exactly the plants on top of the first
// run's findings: the comparison is against that baseline, not against an
// empty report, so the test holds whatever else knip reports at the time
// (`npm test`'s own knip step is what keeps the repository at zero). One export
// is planted in tools/lib/paths.ts, a module the CLI uses; the other in
// tools/lib/stats.ts, a helper module proofpack/kind re-exports by name (a
// module re-exported whole would be public and never checked).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/helpers.ts';

/** What knip reads: the sources it checks, its config, and the configs that resolve their imports (tsconfig paths, vitest's). */
const COPIED = ['bin', 'tools', 'test', 'templates', 'examples', 'package.json', 'tsconfig.json', 'vitest.config.ts', 'knip.jsonc', '.gitignore'];
/** Not copied: installed or built output, and the temporary files of atomic writes that other tests may be making. */
const SKIPPED = /[/\\](node_modules|dist|build)$|\.tmp-/;
const KNIP = path.join(ROOT, 'node_modules', 'knip', 'bin', 'knip.js');

/** knip's JSON report: per file, each issue type (files, exports, types, dependencies, …) with the names found. */
interface KnipReport {
  issues: ({ file: string } & Record<string, unknown>)[];
}

/** knip's exit code and its findings in `dir`, one `type file:name` line each, sorted. */
function knip(dir: string): { status: number | null; found: string[] } {
  const r = spawnSync(process.execPath, [KNIP, '--reporter', 'json', '--no-progress'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`knip exited ${r.status}: ${r.stderr}`);
  const found = (JSON.parse(r.stdout) as KnipReport).issues.flatMap((i) =>
    Object.entries(i).flatMap(([type, list]) => (Array.isArray(list) ? list.map((x: { name: string }) => `${type} ${i.file}:${x.name}`) : [])),
  );
  return { status: r.status, found: found.sort() };
}

describe('knip (npm test)', () => {
  it('fails on planted unused exports and a planted unused file, finding exactly those on top of what it finds without them', () => {
    const copy = tempDir();
    try {
      for (const name of COPIED) fs.cpSync(path.join(ROOT, name), path.join(copy, name), { recursive: true, filter: (src) => !SKIPPED.test(src) });
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const before = knip(copy);
      // the baseline is a report of this config on these sources: none of the plants' names in it
      expect(before.found.filter((f) => /planted/i.test(f))).toEqual([]);

      fs.appendFileSync(path.join(copy, 'tools', 'lib', 'paths.ts'), '\nexport const plantedUnusedExport = 1;\n');
      fs.appendFileSync(path.join(copy, 'tools', 'lib', 'stats.ts'), '\nexport const plantedUnusedHelper = 2;\n');
      fs.writeFileSync(path.join(copy, 'tools', 'lib', 'planted-unused-file.ts'), 'export const planted = 3;\n');
      const after = knip(copy);

      expect(after.status).toBe(1);
      expect(after.found.filter((f) => !before.found.includes(f))).toEqual([
        'exports tools/lib/paths.ts:plantedUnusedExport',
        'exports tools/lib/stats.ts:plantedUnusedHelper',
        'files tools/lib/planted-unused-file.ts:tools/lib/planted-unused-file.ts',
      ]);
      // and nothing the baseline found went missing (the plants hid nothing)
      expect(before.found.filter((f) => !after.found.includes(f))).toEqual([]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});

// dist/ is, file for file and byte for byte, what bundle makes from
// levels/packs.json with the current code (pages and conformance vectors
// included), and every whole-file check of levels/ and dist/ passes; the
// levels themselves are re-analysed by levels-<kind>-validate.test.ts, and
// this file checks that those cover every level-holding file there is.
import { expect, inject, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KINDS } from '../../tools/kinds/index.ts';
import { DIST, LEVELS, distPacksOf, filesUnder, problemLines, wholeFileReport } from '../support/committed-levels.ts';
import { firstDifference } from '../support/helpers.ts';

it('dist/ is, file for file and byte for byte, what bundle makes from levels/packs.json (pages and conformance vectors included)', () => {
  // the suite's global setup ran `proofpack bundle` on the committed levels with the current code
  const fresh = inject('freshDist');
  expect(filesUnder(DIST)).toEqual(filesUnder(fresh));
  for (const f of filesUnder(fresh))
    expect(firstDifference(fs.readFileSync(path.join(DIST, f), 'utf8'), fs.readFileSync(path.join(fresh, f), 'utf8')), f).toBeNull();
});

it('levels/ and dist/ pass every whole-file check, and each file with levels is one a per-kind validation covers', async () => {
  const report = await wholeFileReport();
  expect(problemLines(report)).toEqual([]);
  expect(report.ok).toBe(true);
  const covered = new Set(KINDS.flatMap((k) => distPacksOf(k.name)));
  const withLevels = report.files.filter((f) => f.type === 'set' || f.type === 'pack');
  for (const f of withLevels) {
    const kind = f.kind ?? '?';
    // levels-<kind>-validate validates the folder levels/<kind>/ and distPacksOf(kind)
    const ok = f.type === 'set' ? f.file.startsWith(path.join(LEVELS, kind) + path.sep) : covered.has(f.file);
    expect(ok && KINDS.some((k) => k.name === kind), `${f.file} (${f.type} of ${kind}) is in no levels-<kind>-validate`).toBe(true);
  }
  expect(withLevels.length).toBeGreaterThan(KINDS.length);
  expect(report.files.some((f) => f.type === 'manifest')).toBe(true);
});

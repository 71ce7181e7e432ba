// The order test files start in: vitest's own (failed first, then the longest
// by the last run's timings, else the largest file), except that
// the parts of the committed-levels check (test/pipeline/levels-*.test.ts,
// the longest files: they regenerate and re-analyse every committed level),
// longest first, always start first, also on a clean clone with no timings
// yet, so the two workers share them and the short files fill in after.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = [
  'test/pipeline/levels-apple-validate.test.ts',
  'test/pipeline/levels-apple-reproduce.test.ts',
  'test/pipeline/levels-ghost-reproduce.test.ts',
  'test/pipeline/levels-slide-reproduce.test.ts',
  'test/pipeline/levels-slide-validate.test.ts',
  'test/pipeline/levels-ghost-validate.test.ts',
  'test/pipeline/levels-dist.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = FIRST.findIndex((name) => f.moduleId.replaceAll('\\', '/').endsWith(name));
      return i < 0 ? FIRST.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

// The order test files start in: vitest's own (failed first, then the longest
// by the last run's timings, else the largest file), except that
// test/pipeline/levels.test.ts, the longest file by far (it regenerates and
// validates every committed level), always starts first, also on a clean
// clone with no timings yet, so the other worker works through the rest
// beside it instead of after it.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['test/pipeline/levels.test.ts'];

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

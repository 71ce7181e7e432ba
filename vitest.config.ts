import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // worker pools run the compiled worker that global-setup builds (workers
    // loaded through tsx run hot loops about 2.5x slower)
    env: {
      PROOFPACK_WORKER_SCRIPT: fileURLToPath(new URL('./build/tools/commands/shared/worker.js', import.meta.url)),
      PROOFPACK_CHECK_KIND_WORKER: fileURLToPath(new URL('./build/tools/commands/check-kind/member-worker.js', import.meta.url)),
    },
    // two files at a time on two cores (vitest's default is cores - 1, one file at a time here);
    // the longest file starts first (test/support/sequencer.ts)
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});

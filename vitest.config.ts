import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // worker pools run the compiled worker that global-setup builds (workers
    // loaded through tsx run hot loops about 2.5x slower)
    env: { PROOFPACK_WORKER_SCRIPT: fileURLToPath(new URL('./build/tools/commands/shared/worker.js', import.meta.url)) },
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});

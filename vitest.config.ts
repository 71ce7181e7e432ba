import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // worker pools run the compiled worker that global-setup builds
    env: { PROOFPACK_WORKER: 'build' },
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.ts';

/**
 * The kind SDK's entries (`proofpack/kind`, `proofpack/face`) resolved to their sources, as
 * tsconfig.json's `paths` say (the one list): without it the package's self-reference would load
 * build/, a second copy of every module (another zod, another InputError class).
 */
function sdkAliases(): Record<string, string> {
  const text = readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const paths = (JSON.parse(text) as { compilerOptions: { paths: Record<string, [string]> } }).compilerOptions.paths;
  return Object.fromEntries(Object.entries(paths).map(([spec, [file]]) => [spec, fileURLToPath(new URL(file, import.meta.url))]));
}

export default defineConfig({
  resolve: { alias: sdkAliases() },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // worker pools run the compiled worker that global-setup builds (workers
    // loaded through tsx run hot loops about 2.5x slower)
    env: {
      PROOFPACK_WORKER_SCRIPT: fileURLToPath(new URL('./build/tools/commands/run/worker.js', import.meta.url)),
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

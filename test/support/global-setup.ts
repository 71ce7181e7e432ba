// Before the suite: build the score kernel's .wasm and compile tools/ into
// build/ so the worker pools run the compiled worker (see vitest.config.ts)
// and the CLI tests run current code.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../../tools/scripts/build-kernel.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
}

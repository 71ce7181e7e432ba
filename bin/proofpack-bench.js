#!/usr/bin/env node
// proofpack bench launcher (`npx proofpack-bench [--config-dir DIR] [--levels DIR] [--runs N]
// [--count N] [KIND ...]`, docs/testing.md): runs the compiled bench (build/tools/bench/main.js)
// on the kinds every command sees, a game's included.
import { existsSync } from 'node:fs';

const compiled = new URL('../build/tools/bench/main.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('proofpack-bench: build/ is missing: run `npm run build` (or `npm ci`) first\n');
  process.exit(2);
}
await import(compiled.href);

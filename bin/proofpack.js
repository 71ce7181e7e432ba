#!/usr/bin/env node
// proofpack CLI launcher. Runs the compiled build/ (npm run build; `npm ci`
// builds it); worker threads are ~2.5x slower on tsx-transpiled sources.
import { existsSync } from 'node:fs';

const compiled = new URL('../build/tools/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('proofpack: build/ is missing: run `npm run build` (or `npm ci`) first\n');
  process.exit(2);
}
// A reader that stops early (`config ghost | head`, `validate levels | head`) closes the pipe: the
// rest of that stream's output is dropped quietly, and the command still exits with its own code
// (validate: 1 when it found a problem), so a CI step that pipes it can trust the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return;
    throw e;
  });
}
const { main } = await import(compiled.href);
process.exitCode = await main(process.argv);

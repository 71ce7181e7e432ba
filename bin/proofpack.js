#!/usr/bin/env node
// proofpack CLI launcher. Runs the compiled build/ (npm run build; `npm ci`
// builds it); worker threads are ~2.5x slower on tsx-transpiled sources.
import { existsSync } from 'node:fs';

const compiled = new URL('../build/tools/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('proofpack: build/ is missing: run `npm run build` (or `npm ci`) first\n');
  process.exit(2);
}
// a reader that stops early (`proofpack config ghost | head`) closes the pipe: stop quietly, as other tools do
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import(compiled.href);
process.exitCode = await main(process.argv);

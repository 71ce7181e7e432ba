// One merge alone in its process, so its peak memory is its own (merge.ts
// runs it): `merge-run OUT THREADS FILE...` merges the files as
// `proofpack merge FILE... --out OUT --threads THREADS` does (mergeCommand,
// the kinds registered as the CLI registers them) and prints one JSON line of
// seconds, exit code and peak resident memory.
import { useKinds } from '../kinds/index.ts';
import { memoryConsole } from '../lib/console.ts';
import { mergeCommand } from '../commands/merge.ts';

const [out, threads, ...inputs] = process.argv.slice(2);
if (out === undefined || threads === undefined || inputs.length === 0) throw new Error('usage: merge-run OUT THREADS FILE...');
await useKinds('proofpack', false);
const con = memoryConsole();
const t0 = performance.now();
const code = await mergeCommand({ inputs, out, threads: Number(threads) }, con);
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ code, seconds, maxRssMib: process.resourceUsage().maxRSS / 1024 })}\n`);

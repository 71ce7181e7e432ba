// npm run bench [-- ARGS], and a game's `npx proofpack-bench [ARGS]`
// (bin/proofpack-bench.js): the bench runner (run.ts) on this process's
// arguments, the table on stdout, progress on stderr.
import { runBench } from './run.ts';

process.exitCode = await runBench(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});

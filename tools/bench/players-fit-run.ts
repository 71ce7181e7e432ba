// One calibration's reading and fit, alone in its process so its peak memory
// is its own (players.ts runs it): the synthetic log named on the command
// line read as calibrate reads it (files/attempt-logs.ts) and the levels
// ids0..N-1 fitted (sets/players-fit.ts); prints one JSON line of seconds,
// rounds and peak resident memory.
import { readAttemptLogs } from '../commands/files/attempt-logs.ts';
import { FIT_DEFAULTS, fitSet } from '../commands/sets/players-fit.ts';

const [log, levelsText] = process.argv.slice(2);
if (log === undefined || levelsText === undefined) throw new Error('usage: players-fit-run LOG LEVELS');
const ids = Array.from({ length: Number(levelsText) }, (_, i) => `bench-${i.toString(16).padStart(12, '0')}`);
const t0 = performance.now();
const read = await readAttemptLogs([{ path: log, name: 'bench.jsonl' }], { maxMib: 1024, onProblem: (line) => process.stderr.write(`${line}\n`) });
const t1 = performance.now();
const fit = await fitSet(ids, read, { ...FIT_DEFAULTS, retier: true });
const t2 = performance.now();
process.stdout.write(
  `${JSON.stringify({ attempts: read.columns.length, readSeconds: (t1 - t0) / 1000, fitSeconds: (t2 - t1) / 1000, iterations: fit.provenance.iterations, fitted: fit.players.size, maxRssMib: process.resourceUsage().maxRSS / 1024 })}\n`,
);

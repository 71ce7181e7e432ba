// npm run bench: one table for all kinds, each figure the median of several
// runs (BENCH_RUNS, default 5), with the machine it ran on. Arguments select
// suites by kind or name: `npm run bench -- ghost-score` runs the score DP rows only.
// BENCH_THREADS (default 1): the threads a suite's one computation may use (BenchInput.team).
// The kinds are those every command sees: the built-in ones and the game's of ./proofpack/kinds.json.
import * as os from 'node:os';
import { kinds, useKinds } from '../kinds/index.ts';
import { InputError } from '../lib/errors.ts';
import { formatTable } from '../lib/console.ts';
import { median } from '../lib/stats.ts';
import type { Figure, Suite } from '../lib/bench.ts';
import { genericSuite } from './generic.ts';
import { standardSetOf } from './standard-set.ts';
import { ghostAssetFigures } from './ghost-assets.ts';
import { fullBuildFigures } from './full-build.ts';
import { machineScratch } from '../commands/shared/scratch.ts';
import { machineTeam } from '../commands/shared/team.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const THREADS = Number(process.env['BENCH_THREADS'] ?? 1);
const only = process.argv.slice(2);

try {
  await useKinds('proofpack');
} catch (e) {
  if (!(e instanceof InputError)) throw e;
  console.error(`bench: ${e.message}`);
  process.exit(2);
}

const suites: Suite[] = kinds()
  .flatMap((k) => {
    const standardSet = standardSetOf(k);
    const own: Suite[] = Object.entries(k.bench ?? {}).map(([name, run]) => ({
      kind: k.name,
      name,
      run: () => run({ standardSet, scratch: machineScratch(), team: machineTeam(THREADS) }),
    }));
    return [genericSuite(k, standardSet, { generateCount: 60, sampleCount: 40 }), ...own];
  })
  // the client's decoding of every ghost asset of a set (tools/bench/ghost-assets.ts)
  .concat([{ kind: 'ghost', name: 'ghost-assets', run: ghostAssetFigures }])
  // the full-size build of the kinds in BENCH_FULL, as CLI processes (tools/bench/full-build.ts; opt-in)
  .concat([{ kind: 'pipeline', name: 'full-build', run: fullBuildFigures }])
  .filter((s) => only.length === 0 || only.includes(s.kind) || (s.name !== undefined && only.includes(s.name)));

const samples = new Map<string, { figure: Figure; values: number[] }>();
for (let run = 0; run < RUNS; run++) {
  for (const suite of suites) {
    for (const f of await suite.run()) {
      const key = `${f.kind}\u0000${f.name}`;
      const entry = samples.get(key) ?? { figure: f, values: [] };
      entry.values.push(f.value);
      samples.set(key, entry);
    }
  }
  process.stderr.write(`run ${run + 1}/${RUNS} done\n`);
}

const fmt = (v: number) => (v >= 1000 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(3));
const rows = [...samples.values()].map(({ figure, values }) => {
  const m = median(values);
  const ratio = figure.target === undefined ? '' : `${(figure.lowerIsBetter ? figure.target / m : m / figure.target).toFixed(2)}x`;
  return [
    figure.kind,
    figure.name,
    fmt(m),
    figure.unit,
    `${fmt(Math.min(...values))}..${fmt(Math.max(...values))}`,
    figure.target === undefined ? '' : fmt(figure.target),
    ratio,
  ];
});
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`proofpack bench: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, median of ${RUNS} runs`);
for (const line of formatTable({ columns: ['kind', 'figure', 'median', 'unit', 'range', 'target', 'ratio'], rows })) console.log(line);

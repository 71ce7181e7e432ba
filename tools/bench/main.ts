// npm run bench: one table for all kinds, each figure the median of several
// runs (BENCH_RUNS, default 5), with the machine it ran on.
import * as os from 'node:os';
import { KINDS } from '../lib/registry.ts';
import { formatTable } from '../lib/console.ts';
import { median } from '../lib/stats.ts';
import type { Figure, Suite } from './figures.ts';
import { genericSuite } from './generic.ts';
import { ghostFigures, ghostScoreFigures } from '../kinds/ghost/bench.ts';
import { slideFigures } from '../kinds/slide/bench.ts';
import { appleFigures } from '../kinds/apple/bench.ts';
import { ghostAssetFigures } from './ghost-assets.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const only = process.argv.slice(2);

const suites: Suite[] = [
  ...KINDS.map((k) => genericSuite(k, { generateCount: 60, sampleCount: 40 })),
  { kind: 'ghost', run: ghostFigures },
  { kind: 'ghost', run: ghostScoreFigures },
  { kind: 'ghost', run: ghostAssetFigures },
  { kind: 'slide', run: slideFigures },
  { kind: 'apple', run: appleFigures },
].filter((s) => only.length === 0 || only.includes(s.kind));

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
  return [figure.kind, figure.name, fmt(m), figure.unit, `${fmt(Math.min(...values))}..${fmt(Math.max(...values))}`, figure.target === undefined ? '' : fmt(figure.target), ratio];
});
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`proofpack bench: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, median of ${RUNS} runs`);
for (const line of formatTable({ columns: ['kind', 'figure', 'median', 'unit', 'range', 'target', 'ratio'], rows })) console.log(line);

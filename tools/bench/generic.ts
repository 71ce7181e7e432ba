// Benchmarks every kind gets through the PuzzleKind interface, built-in or a
// game's: generation rate (levels/s on one thread), analyze rate on a sample
// spread evenly over the kind's standard set, and validate on that sample with
// 1 and 2 threads (the worker pool's speed-up). With no standard set, the
// generation rate alone.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchInput, PuzzleKind } from '../lib/kind.ts';
import { generateSet } from '../commands/generate.ts';
import { validateFiles } from '../commands/validate/files.ts';
import { memoryConsole } from '../lib/console.ts';
import { formatDocument } from '../lib/json.ts';
import { spread } from '../commands/sets/spread.ts';
import { secondsAsync, seconds, type Figure, type Suite } from '../lib/bench.ts';

export function genericSuite(
  kind: PuzzleKind,
  standardSet: BenchInput<unknown, unknown, unknown, unknown, unknown>['standardSet'],
  opts: { setFile: string; generateCount: number; sampleCount: number },
): Suite {
  const sample = standardSet ? spread(standardSet.levels, opts.sampleCount) : [];
  const setFile = opts.setFile;
  const sampleFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'proofpack-bench-')), `${kind.name}-sample.json`);
  if (standardSet) fs.writeFileSync(sampleFile, formatDocument({ ...(JSON.parse(fs.readFileSync(setFile, 'utf8')) as object), levels: sample }));
  const ctx = standardSet ? { config: standardSet.config, calibration: standardSet.calibration } : null;
  return {
    kind: kind.name,
    async run(): Promise<Figure[]> {
      const figures: Figure[] = [];
      let levels = 0;
      const genSeconds = await secondsAsync(async () => {
        const { set } = await generateSet(
          { kind, config: kind.defaults.config, seed: 777, name: 'bench', count: opts.generateCount },
          { threads: 1, con: memoryConsole() },
        );
        levels = set.levels.length;
      });
      figures.push({ kind: kind.name, name: `generate, 1 thread (${levels} of ${opts.generateCount} wanted)`, value: levels / genSeconds, unit: 'levels/s' });
      if (!ctx) return figures; // no standard set to sample
      const s = seconds(() => {
        for (const l of sample) kind.analyze(l.puzzle, ctx);
      });
      figures.push({
        kind: kind.name,
        name: `analyze, 1 thread (${sample.length} levels spread over the standard set)`,
        value: sample.length / s,
        unit: 'levels/s',
      });
      const t1 = await secondsAsync(() => validateFiles([sampleFile], { threads: 1 }));
      const t2 = await secondsAsync(() => validateFiles([sampleFile], { threads: 2 }));
      figures.push({ kind: kind.name, name: `validate the same ${sample.length} levels, 1 thread`, value: sample.length / t1, unit: 'levels/s' });
      figures.push({
        kind: kind.name,
        name: `validate the same ${sample.length} levels, 2 threads (ratio: speed-up)`,
        value: sample.length / t2,
        unit: 'levels/s',
        target: sample.length / t1,
      });
      return figures;
    },
  };
}

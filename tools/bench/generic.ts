// Benchmarks every kind gets through the PuzzleKind interface: generation rate
// (levels/s on one thread), validation rate (analyze on the committed standard
// set, levels/s), and the worker-pool speed-up of validate on 2 threads.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PuzzleKind } from '../lib/kind.ts';
import { generateSet, scalePlan } from '../commands/generate.ts';
import { validateFiles } from '../commands/validate.ts';
import { loadDocument } from '../lib/documents.ts';
import { memoryConsole } from '../lib/console.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { secondsAsync, seconds, type Figure, type Suite } from './figures.ts';

export function genericSuite(kind: PuzzleKind, opts: { generateCount: number; validateCount: number }): Suite {
  const setFile = fileURLToPath(new URL(path.join('levels', kind.name, `${kind.defaults.setName}.json`), PROJECT_ROOT));
  return {
    kind: kind.name,
    async run(): Promise<Figure[]> {
      const figures: Figure[] = [];
      let levels = 0;
      const genSeconds = await secondsAsync(async () => {
        const { set } = await generateSet({ kind, config: kind.defaults.config, seed: 777, name: 'bench', count: opts.generateCount }, { threads: 1, con: memoryConsole() });
        levels = set.levels.length;
      });
      figures.push({ kind: kind.name, name: `generate, 1 thread (${levels} of ${opts.generateCount} wanted)`, value: levels / genSeconds, unit: 'levels/s' });
      const loaded = loadDocument(setFile, ['set']);
      if (loaded.type === 'set') {
        const sample = loaded.doc.levels.slice(0, opts.validateCount);
        const ctx = { config: loaded.doc.generator.config, calibration: loaded.doc.calibration };
        const s = seconds(() => {
          for (const l of sample) kind.analyze(l.puzzle, ctx);
        });
        figures.push({ kind: kind.name, name: `analyze, 1 thread (${sample.length} standard levels)`, value: sample.length / s, unit: 'levels/s' });
      }
      const t1 = await secondsAsync(() => validateFiles([setFile], { threads: 1 }));
      const t2 = await secondsAsync(() => validateFiles([setFile], { threads: 2 }));
      figures.push({ kind: kind.name, name: 'validate standard set, 1 thread', value: t1, unit: 's', lowerIsBetter: true });
      figures.push({ kind: kind.name, name: 'validate standard set, 2 threads', value: t2, unit: 's', lowerIsBetter: true, target: t1 });
      return figures;
    },
  };
}

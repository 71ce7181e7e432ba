// The full-size build of one kind, as a designer runs it: `generate <kind>
// --preset full`, curate, validate and bundle, each a CLI process (bin/proofpack.js,
// the compiled build), the pool on all cores. Wall seconds per step and for the
// whole. Opt-in, as it takes minutes: BENCH_FULL=ghost,slide npm run bench -- full-build
// (with BENCH_RUNS=1 for one run). Targets: ghost 120 s, slide 30 s. Beside
// the ghost total, its floor: the score DP transitions generate and validate
// evaluate (G·2^(G−1) for each level of the candidates and of the curated
// set) × the CPU time of a transition measured here, over the threads. The
// bench made the files it validates, so validate runs with the kind's run
// ceiling raised (the full ghost preset needs more than the default).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from '../lib/bench.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { kinds } from '../kinds/index.ts';
import type { GhostAnalysis } from '../kinds/ghost/schema.ts';
import { dpSecondsPerTransition, exactTransitions } from '../kinds/ghost/bench.ts';

const TARGETS: Record<string, number> = { ghost: 120, slide: 30 };

function step(args: string[]): number {
  const bin = fileURLToPath(new URL('bin/proofpack.js', PROJECT_ROOT));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args, '--quiet'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`full-build bench: proofpack ${args.join(' ')} exited ${r.status}: ${r.stderr.trim()}`);
  return (performance.now() - t0) / 1000;
}

export function fullBuildFigures(): Figure[] {
  const wanted = (process.env['BENCH_FULL'] ?? '').split(',').filter(Boolean);
  const threads = String(os.availableParallelism());
  const figures: Figure[] = [];
  for (const kind of kinds().filter((k) => wanted.includes(k.name) && k.presets?.['full'])) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `proofpack-full-${kind.name}-`));
    const at = (f: string) => path.join(dir, f);
    fs.writeFileSync(
      at('packs.json'),
      JSON.stringify({
        type: 'packs-config',
        formatVersion: 1,
        packs: [{ name: `${kind.name}-full`, set: 'full.json', tiers: Object.fromEntries(kind.tiers.map((t) => [t, 'all'])), order: 'difficulty' }],
      }),
    );
    const times = {
      generate: step(['generate', kind.name, '--preset', 'full', '--threads', threads, '--out', at('candidates.json')]),
      curate: step(['curate', at('candidates.json'), '--out', at('full.json')]),
      validate: step([
        'validate',
        at('full.json'),
        '--threads',
        threads,
        ...(kind.runBudget ? ['--budget', `${kind.runBudget.field}=${10 * kind.runBudget.ceiling}`] : []),
      ]),
      bundle: step(['bundle', '--packs', at('packs.json'), '--out', at('dist'), '--allow-short']),
    };
    const read = (f: string) => (JSON.parse(fs.readFileSync(at(f), 'utf8')) as { levels: { analysis: GhostAnalysis }[] }).levels;
    const levels = read('full.json').length;
    const transitions = kind.name === 'ghost' ? exactTransitions(read('candidates.json')) + exactTransitions(read('full.json')) : 0;
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [name, s] of Object.entries(times)) {
      const label = name === 'generate' || name === 'validate' ? `${name} (${threads} threads)` : name;
      figures.push({ kind: kind.name, name: `full preset: ${label}`, value: s, unit: 's', lowerIsBetter: true });
    }
    const total = Object.values(times).reduce((a, b) => a + b, 0);
    const target = TARGETS[kind.name];
    figures.push({
      kind: kind.name,
      name: `full preset: generate + curate + validate + bundle (${levels} levels)`,
      value: total,
      unit: 's',
      lowerIsBetter: true,
      ...(target ? { target } : {}),
    });
    if (transitions > 0) {
      const perTransition = dpSecondsPerTransition();
      figures.push({ kind: kind.name, name: 'full preset: score DP transitions of generate + validate', value: transitions / 1e9, unit: 'G' });
      figures.push({ kind: kind.name, name: 'score DP CPU time a transition (G=26 board)', value: perTransition * 1e9, unit: 'ns', lowerIsBetter: true });
      figures.push({
        kind: kind.name,
        name: `full preset floor: those transitions × that time ÷ ${threads} threads`,
        value: (transitions * perTransition) / Number(threads),
        unit: 's',
        lowerIsBetter: true,
      });
    }
  }
  return figures;
}

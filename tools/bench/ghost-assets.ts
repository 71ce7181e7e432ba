// Ghost client assets in the bench: bytes per level of the bundled ghost packs
// (raw and gzipped, as bundle prints them) and the time a client takes to
// decode every asset (both course diagrams and the hint path) of a ghost set.
// The set is $BENCH_GHOST_SET, else .proofpack/bench/ghost-full.json (the
// full preset, curated: see docs/ghost-assets.md), else the committed
// standard set; the figure's name says which one and how many levels.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../lib/paths.ts';
import type { GhostLevel } from '../kinds/ghost/play.ts';
import { decodeCourse } from '../kinds/ghost/course-format.ts';
import { decodeHints } from '../kinds/ghost/hints.ts';
import { mean } from '../lib/stats.ts';
import type { BuiltPack } from '../commands/bundle/cut.ts';
import { levelBytes } from '../commands/bundle/sizes.ts';
import type { Figure } from '../lib/bench.ts';

const root = fileURLToPath(PROJECT_ROOT);

/** The ghost set the suite reads, or undefined when there is none (a game's repository): the runner then leaves the suite out. */
export function ghostBenchSetFile(): string | undefined {
  const candidates = [process.env['BENCH_GHOST_SET'], path.join(root, '.proofpack/bench/ghost-full.json'), path.join(root, 'levels/ghost/standard.json')];
  return candidates.find((f): f is string => !!f && fs.existsSync(f));
}

function benchSet(): { file: string; levels: GhostLevel[] } {
  const file = ghostBenchSetFile();
  if (!file) throw new Error('ghost asset bench: no ghost set found (run npm start first)');
  return { file, levels: (JSON.parse(fs.readFileSync(file, 'utf8')) as { levels: GhostLevel[] }).levels };
}

/** Decode every course and hint path of the levels; returns the number of decoded nodes (so nothing is optimised away). */
export function decodeAll(levels: readonly GhostLevel[]): number {
  let nodes = 0;
  for (const { puzzle, solution, analysis: a } of levels) {
    if (a.maxCourse !== 'unknown') nodes += decodeCourse(a.maxCourse, a.ghosts).nodes.length;
    if (a.minCourse !== 'unknown') nodes += decodeCourse(a.minCourse, a.ghosts).nodes.length;
    nodes += decodeHints(a.hints, puzzle.size, solution).length;
  }
  return nodes;
}

export function ghostAssetFigures(): Figure[] {
  const figures: Figure[] = [];
  const dist = path.join(root, 'dist');
  const packs = fs.existsSync(dist)
    ? fs
        .readdirSync(dist)
        .filter((f) => /^ghost.*\.json$/.test(f))
        .sort()
    : [];
  const raw: number[] = [];
  const gzip: number[] = [];
  for (const f of packs) {
    const text = fs.readFileSync(path.join(dist, f), 'utf8');
    const sizes = levelBytes({ text, pack: JSON.parse(text) } as BuiltPack);
    raw.push(...sizes.raw);
    gzip.push(...sizes.gzip);
  }
  if (raw.length) {
    figures.push({
      kind: 'ghost',
      name: `bundled ghost level, raw JSON (mean of ${raw.length})`,
      value: mean(raw),
      unit: 'B',
      target: 2048,
      lowerIsBetter: true,
    });
    figures.push({
      kind: 'ghost',
      name: `bundled ghost level, gzipped alone (mean of ${gzip.length})`,
      value: mean(gzip),
      unit: 'B',
      target: 1024,
      lowerIsBetter: true,
    });
    figures.push({ kind: 'ghost', name: 'bundled ghost level, raw JSON (max)', value: Math.max(...raw), unit: 'B', target: 65536, lowerIsBetter: true });
  }
  const { file, levels } = benchSet();
  decodeAll(levels); // warm up
  const t0 = performance.now();
  decodeAll(levels);
  const ms = performance.now() - t0;
  figures.push({
    kind: 'ghost',
    name: `client decode of every asset, ${levels.length} levels of ${path.relative(root, file)}`,
    value: ms,
    unit: 'ms',
    lowerIsBetter: true,
    ...(levels.length >= 2000 ? { target: 200 } : {}),
  });
  return figures;
}

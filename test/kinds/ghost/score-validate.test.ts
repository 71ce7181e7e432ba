// validate and the ghost score assets: every variant of a wrong maxScore,
// minScore, freeGhosts, diagram or hint path is caught, and so is a number
// stored where the exact limit says "unknown" (the generic one-mutation-per-field
// suite is test/mutation.test.ts).
import { describe, expect, it, beforeAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ghost } from '../../../tools/kinds/ghost/index.ts';
import { generateSet } from '../../../tools/commands/generate.ts';
import { curateSet } from '../../../tools/commands/curate.ts';
import { validateFiles, type OutcomeCache } from '../../../tools/commands/validate.ts';
import { memoryConsole } from '../../../tools/lib/console.ts';
import { formatDocument } from '../../../tools/lib/json.ts';
import type { SetFile } from '../../../tools/lib/files.ts';
import type { GhostAnalysis, GhostDiagram } from '../../../tools/kinds/ghost/schema.ts';
import { startsWith, tempDir } from '../../support/helpers.ts';

let curated: SetFile;
const dir = tempDir();
/** Outcomes recomputed by earlier validate calls of this file: a mutation outside the puzzle reuses them, a changed puzzle is analysed afresh. */
const cache: OutcomeCache = new Map();

// The exact score limit is lowered so the test stays fast; levels above it carry "unknown".
const config = { ...ghost.defaults.config, scoreGhostLimit: 18 };

beforeAll(async () => {
  const { set } = await generateSet({ kind: ghost, config, seed: 3, name: 'mut', count: 60 }, { threads: 1, con: memoryConsole() });
  curated = curateSet(ghost, set, 'mut.json');
});

type Analysis = GhostAnalysis;
const analysisOf = (s: SetFile, i: number) => s.levels[i]!.analysis as Analysis;

/** A level with pair and contradiction rounds and exact scores, so every count is non-zero and every score asset is there. */
const pick = (s: SetFile) =>
  s.levels.findIndex((l) => {
    const a = l.analysis as Analysis;
    return a.contradiction > 0 && a.pair > 0 && a.maxScore !== 'unknown' && a.maxScore !== a.minScore && a.freeGhosts !== 'unknown' && a.freeGhosts.length > 0;
  });
/** A level above the exact limit (its score assets are "unknown"). */
const pickUnknown = (s: SetFile) => s.levels.findIndex((l) => (l.analysis as Analysis).maxScore === 'unknown');

async function validateMutated(mutate: (s: SetFile, i: number) => void, which = pick) {
  const s = structuredClone(curated);
  const i = which(s);
  expect(i).toBeGreaterThanOrEqual(0);
  const id = s.levels[i]!.id;
  mutate(s, i);
  const file = path.join(dir, `m${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, formatDocument(s));
  const report = await validateFiles([file], { threads: 1, cache });
  return { report, id, problems: report.files[0]!.problems };
}

/** Point one child of the diagram's root (or of a node) at the other terminal. */
function flipChild(d: GhostDiagram) {
  const i = d.nodes.length - 3; // the root node: [ghost, ifFree, ifCaught]
  d.nodes[i + 2] = d.nodes[i + 2] === 0 ? 1 : 0;
  if (d.nodes[i + 1] === d.nodes[i + 2]) d.nodes[i + 1] = d.nodes[i + 1] === 0 ? 1 : 0;
}

describe('validate', () => {
  it('passes the untouched set', async () => {
    const { report } = await validateMutated(() => {});
    expect(report.ok).toBe(true);
  });

  const cases: [string, (s: SetFile, i: number) => void, string][] = [
    ['analysis.maxScore', (s, i) => ((analysisOf(s, i).maxScore as number) += 50), 'analysis.maxScore'],
    ['analysis.minScore', (s, i) => ((analysisOf(s, i).minScore as number) -= 50), 'analysis.minScore'],
    ['analysis.maxScore set to "unknown"', (s, i) => (analysisOf(s, i).maxScore = 'unknown'), 'analysis.maxScore'],
    ['analysis.freeGhosts (one dropped)', (s, i) => (analysisOf(s, i).freeGhosts as [number, number][]).pop(), 'analysis.freeGhosts'],
    [
      'analysis.freeGhosts (a non-free ghost added)',
      (s, i) => {
        const free = analysisOf(s, i).freeGhosts as [number, number][];
        const sol = s.levels[i]!.solution as string[];
        for (let r = 0; r < sol.length; r++)
          for (let c = 0; c < sol.length; c++)
            if (sol[r]![c] === 'G' && !free.some(([fr, fc]) => fr === r && fc === c)) {
              free.push([r, c]);
              return;
            }
        free.length = 0; // every ghost free: drop them all
      },
      'analysis.freeGhosts',
    ],
    ['analysis.maxDiagram (a child flipped)', (s, i) => flipChild(analysisOf(s, i).maxDiagram as GhostDiagram), 'analysis.maxDiagram'],
    ['analysis.minDiagram (a child flipped)', (s, i) => flipChild(analysisOf(s, i).minDiagram as GhostDiagram), 'analysis.minDiagram'],
    ['analysis.minDiagram (the root)', (s, i) => ((analysisOf(s, i).minDiagram as GhostDiagram).root = 1), 'analysis.minDiagram'],
    ['analysis.hints (two steps swapped)', (s, i) => {
      const h = analysisOf(s, i).hints;
      [h[0], h[1]] = [h[1]!, h[0]!];
    }, 'analysis.hints'],
    ['analysis.hints (a cell moved to the other side)', (s, i) => {
      const step = analysisOf(s, i).hints.find((h) => h.empties.length > 0)!;
      step.ghosts.push(step.empties.pop()!);
    }, 'analysis.hints'],
    ['analysis.hints (the constraint of a step)', (s, i) => {
      const step = analysisOf(s, i).hints[0]!;
      step.constraints[0] = step.constraints[0]![0] === 'row' ? ['col', 0] : ['row', 0];
    }, 'analysis.hints'],
    ['analysis.hints (a step dropped)', (s, i) => analysisOf(s, i).hints.pop(), 'analysis.hints'],
  ];

  it.each(cases)('catches a changed %s', async (_name, mutate, field) => {
    const { report, problems } = await validateMutated(mutate);
    expect(report.ok).toBe(false);
    const s = structuredClone(curated);
    const i = pick(s);
    mutate(s, i);
    const id = s.levels[i]!.id;
    expect(problems).toContainEqual(expect.objectContaining({ level: id, field: expect.stringMatching(startsWith(field)) }));
  });

  it('catches a number stored where the exact limit says "unknown"', async () => {
    const { report, problems, id } = await validateMutated((s, i) => {
      analysisOf(s, i).maxScore = 5000;
      analysisOf(s, i).freeGhosts = [];
    }, pickUnknown);
    expect(report.ok).toBe(false);
    expect(problems).toContainEqual(expect.objectContaining({ level: id, field: 'analysis.maxScore', expected: 'unknown' }));
    expect(problems).toContainEqual(expect.objectContaining({ level: id, field: 'analysis.freeGhosts' }));
  });

  it('catches a changed exact limit in the config (the values it implies change)', async () => {
    const { problems } = await validateMutated((s) => {
      (s.generator.config as { scoreGhostLimit: number }).scoreGhostLimit = 4;
    });
    expect(problems).toContainEqual(expect.objectContaining({ field: 'analysis.maxScore', expected: 'unknown' }));
  });
});

// Level ids and dedup under the 8 symmetries of the square (SPEC §4).
import { describe, expect, inject, it } from 'vitest';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { buildLevel } from '../../tools/kinds/ghost/rules.ts';
import { canonicalGhost, transformGhost } from '../../tools/kinds/ghost/canonical.ts';
import { TRANSFORMS, transformRows, sourceOf } from '../../tools/lib/symmetry.ts';
import { levelId, sha256Hex } from '../../tools/lib/ids.ts';
import { ghost } from '../../tools/kinds/ghost/index.ts';
import { curateSet } from '../../tools/commands/curate.ts';
import stringify from 'fast-json-stable-stringify';
import type { SetFile } from '../../tools/lib/files.ts';
import type { GhostPuzzle } from '../../tools/kinds/ghost/schema.ts';

const levelArb = fc
  .record({ n: fc.integer({ min: 5, max: 7 }), cells: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 49, maxLength: 49 }) })
  .map(({ n, cells }) => {
    const g = new Uint8Array(n * n);
    const k = new Uint8Array(n * n);
    for (let i = 0; i < n * n; i++) {
      if (cells[i] === 1) g[i] = 1;
      if (cells[i] === 2) k[i] = 1;
    }
    return { n, g, k, ...buildLevel(n, g, k) };
  });

describe('symmetries', () => {
  it('the 8 transforms are distinct and each is a bijection of the cells', () => {
    const grid = ['abc', 'def', 'ghi'];
    const images = TRANSFORMS.map((t) => transformRows(grid, t).join('/'));
    expect(new Set(images).size).toBe(8);
    for (const t of TRANSFORMS) {
      // a 2x3 grid: outputs are 3x2 for the transposing transforms
      const [oh, ow] = t & 4 ? [3, 2] : [2, 3];
      const seen = new Set<string>();
      for (let r = 0; r < oh; r++) for (let c = 0; c < ow; c++) seen.add(sourceOf(t, 2, 3, r, c).join());
      expect(seen.size).toBe(6);
      for (const key of seen) {
        const [sr, sc] = key.split(',').map(Number);
        expect(sr! >= 0 && sr! < 2 && sc! >= 0 && sc! < 3).toBe(true);
      }
    }
  });

  it('a transformed puzzle is the puzzle of the transformed board (rows and columns move with it)', () => {
    fc.assert(
      fc.property(levelArb, fc.constantFrom(...TRANSFORMS), ({ n, g, k, puzzle }, t) => {
        // transform the cell flags, rebuild the numbers from scratch, compare
        const tg = new Uint8Array(n * n);
        const tk = new Uint8Array(n * n);
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n; c++) {
            const [sr, sc] = sourceOf(t, n, n, r, c);
            tg[r * n + c] = g[sr * n + sc]!;
            tk[r * n + c] = k[sr * n + sc]!;
          }
        }
        expect(transformGhost(puzzle, t)).toEqual(buildLevel(n, tg, tk).puzzle);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('one puzzle has one id under all 8 symmetries', () => {
    fc.assert(
      fc.property(levelArb, ({ puzzle }) => {
        const ids = new Set(TRANSFORMS.map((t) => levelId('ghost', canonicalGhost(transformGhost(puzzle, t)))));
        expect(ids.size).toBe(1);
      }),
      { numRuns: 100, seed: 8 },
    );
  });

  it('ids are the kind, a dash and 12 hex digits of SHA-256 of the canonical stable JSON', () => {
    const p = { size: 5, grid: ['1....', '.....', '.....', '.....', '.....'], rows: [1, 0, 0, 0, 0], cols: [0, 1, 0, 0, 0] };
    const canon = canonicalGhost(p);
    expect(levelId('ghost', canon)).toBe(`ghost-${sha256Hex(stringify(canon)).slice(0, 12)}`);
    // the canonical form is the smallest stable JSON of the 8 variants
    const smallest = TRANSFORMS.map((t) => stringify(transformGhost(p, t))).sort()[0];
    expect(stringify(canon)).toBe(smallest);
  });
});

describe('curate dedup', () => {
  it('keeps one level of a puzzle that appears again rotated or mirrored', () => {
    // the run's small ghost candidates (30 boards; test/support/global-setup.ts)
    const set = JSON.parse(fs.readFileSync(inject('smallGhostSet').candidates, 'utf8')) as SetFile;
    const first = set.levels[0]!;
    const copies = [3, 5, 6].map((t) => ({ ...first, puzzle: transformGhost(first.puzzle as GhostPuzzle, t) }));
    const curated = curateSet(ghost, { ...set, levels: [...set.levels, ...copies] }, 'test.json');
    expect(curated.curate).toMatchObject({ candidates: set.levels.length + 3, duplicates: 3 });
    expect(curated.levels.filter((l) => l.id === first.id)).toHaveLength(1);
    expect(curated.levels).toHaveLength(set.levels.length);
  });
});

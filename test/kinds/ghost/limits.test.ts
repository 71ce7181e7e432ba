// The ghost-count limits of the exact score DP are defined once
// (tools/kinds/ghost/limits.ts); the figures that drifted before — the
// schema's bound, the schema descriptions, the kind contract, the docs and
// the code comments — must quote those same values.
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COURSE_MAX_GHOSTS, DP_MAX_GHOSTS, HEAVY_GHOSTS, KERNEL_MAX_GHOSTS } from '../../../tools/kinds/ghost/limits.ts';
import { GhostConfig } from '../../../tools/kinds/ghost/schema.ts';
import { ghostAnalyzeCost } from '../../../tools/kinds/ghost/analyze.ts';
import { GHOST_DEFAULT_CONFIG } from '../../../tools/kinds/ghost/config.ts';
import { GHOST_BUDGETS, GHOST_RUN_BUDGET } from '../../../tools/kinds/ghost/budget.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LIMITS: Record<string, number> = { KERNEL_MAX_GHOSTS, DP_MAX_GHOSTS, HEAVY_GHOSTS, COURSE_MAX_GHOSTS };

function texts(): { file: string; text: string }[] {
  const files = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => path.join('docs', f))];
  for (const dir of ['tools/kinds/ghost', 'schema']) for (const f of fs.readdirSync(path.join(ROOT, dir))) files.push(path.join(dir, f));
  return files.filter((f) => /\.(md|ts|json)$/.test(f)).map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
}

/** Every figure quoted for a limit that disagrees with it, `file: quote`; and how many agreed. */
function drift(all: { file: string; text: string }[]): { wrong: string[]; agreeing: number } {
  const wrong: string[] = [];
  let agreeing = 0;
  const check = (file: string, quote: string, got: number, want: number) => {
    if (got === want) agreeing++;
    else wrong.push(`${file}: "${quote}" (the limit is ${want})`);
  };
  for (const { file, text } of all) {
    for (const m of text.matchAll(/`(KERNEL_MAX_GHOSTS|DP_MAX_GHOSTS|HEAVY_GHOSTS|COURSE_MAX_GHOSTS)` = (\d+)/g))
      check(file, m[0], Number(m[2]), LIMITS[m[1]!]!);
    // where the single-memory DP hands over to the layered one
    for (const m of text.matchAll(/\b(?:past|above|beyond) (\d+) ghosts/gi)) check(file, m[0], Number(m[1]), KERNEL_MAX_GHOSTS);
    for (const m of text.matchAll(/scoreGhostLimit`? ≤ (\d+)/g)) check(file, m[0], Number(m[1]), DP_MAX_GHOSTS);
  }
  return { wrong, agreeing };
}

describe('the ghost score limits', () => {
  it('bound scoreGhostLimit in the config schema', () => {
    const at = (n: number) => GhostConfig.safeParse({ ...GHOST_DEFAULT_CONFIG, scoreGhostLimit: n }).success;
    expect([at(DP_MAX_GHOSTS), at(DP_MAX_GHOSTS + 1)]).toEqual([true, false]);
  });

  it('are quoted in the schema descriptions', () => {
    const description = GhostConfig.shape.scoreGhostLimit.description ?? '';
    for (const n of [KERNEL_MAX_GHOSTS, DP_MAX_GHOSTS, HEAVY_GHOSTS, COURSE_MAX_GHOSTS]) expect(description).toContain(String(n));
    // the layered DP builds the course assets too
    expect(description).not.toMatch(/no course assets/);
  });

  it('bound the cost estimate: exact scores are costed up to DP_MAX_GHOSTS ghosts', () => {
    const rows = (G: number) => [...Array(8).fill(Math.floor(G / 9)), G - 8 * Math.floor(G / 9)];
    const config = { ...GHOST_DEFAULT_CONFIG, scoreGhostLimit: DP_MAX_GHOSTS };
    expect(ghostAnalyzeCost({ size: 9, rows: rows(DP_MAX_GHOSTS) } as never, config)).toBeGreaterThan(1);
    expect(ghostAnalyzeCost({ size: 9, rows: rows(DP_MAX_GHOSTS + 1) } as never, config)).toBe(1);
  });

  it('keep the DP past the course assets out of every command by default: the ceiling is the largest a built-in config uses (dense: COURSE_MAX_GHOSTS)', () => {
    const ceiling = GHOST_BUDGETS.find((b) => b.field === 'scoreGhostLimit')?.ceiling;
    expect(ceiling).toBe(COURSE_MAX_GHOSTS);
    // a board of DP_MAX_GHOSTS ghosts alone is over the run ceiling
    const rows = [4, 4, 4, 4, 4, 4, 4, 4, 4];
    expect(ghostAnalyzeCost({ size: 9, rows } as never, { ...GHOST_DEFAULT_CONFIG, scoreGhostLimit: DP_MAX_GHOSTS })).toBeGreaterThan(GHOST_RUN_BUDGET.ceiling);
  });

  it('are quoted alike in the docs, the code comments and the generated schemas', () => {
    const { wrong, agreeing } = drift(texts());
    expect(wrong).toEqual([]);
    expect(agreeing).toBeGreaterThan(10);
  });

  it('a drifted figure is caught', () => {
    expect(drift([{ file: 'docs/x.md', text: "ghost's `scoreGhostLimit` ≤ 28, past 26 ghosts, `HEAVY_GHOSTS` = 30" }]).wrong).toEqual([
      `docs/x.md: "\`HEAVY_GHOSTS\` = 30" (the limit is ${HEAVY_GHOSTS})`,
      `docs/x.md: "past 26 ghosts" (the limit is ${KERNEL_MAX_GHOSTS})`,
      `docs/x.md: "scoreGhostLimit\` ≤ 28" (the limit is ${DP_MAX_GHOSTS})`,
    ]);
  });
});

// The preview page's players section (tools/preview/players-plot.ts): levels
// that carry `players` (copies of committed levels with a players field added
// here) give one point per level in their kind's scatter plot and the list of
// the levels whose solver and player ranks are furthest apart, in that order;
// the committed packs, which carry no players, give no section at all.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewPage, type PagePack } from '../../tools/commands/sets/bundle-pages.ts';
import type { PackFile } from '../../tools/lib/files.ts';
import { KINDS } from '../../tools/kinds/index.ts';
import { disagreements } from '../../tools/preview/players-plot.ts';
import { ROOT } from '../support/helpers.ts';

const packOf = (file: string, kind: string): PagePack => {
  const pack = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', file), 'utf8')) as PackFile;
  return { name: file.replace('.json', ''), kind: KINDS.find((k) => k.name === kind)!, pack };
};

/** Six levels of the pack with distinct solver difficulties, easiest first by the solver. */
function distinct(p: PagePack) {
  const seen = new Set<number>();
  return p.pack.levels
    .map((l) => ({ l, d: p.kind.difficulty(l.analysis) }))
    .sort((a, b) => a.d - b.d)
    .filter(({ d }) => !seen.has(d) && seen.add(d))
    .slice(0, 6)
    .map(({ l }) => l);
}

/** The svg of one kind's plot and the rows of its disagreement table (level ids, in order). */
function sectionOf(html: string, kind: string) {
  const svg = html.match(new RegExp(`<svg[^>]*data-kind="${kind}"[\\s\\S]*?</svg>`))?.[0] ?? '';
  const table = html.slice(html.indexOf(svg)).match(/<table class="players-disagree">[\s\S]*?<\/table>/)?.[0] ?? '';
  return {
    points: svg.match(/<circle class="pt"/g)?.length ?? 0,
    titles: [...svg.matchAll(/<title>([^<]+)<\/title>/g)].map((m) => m[1]),
    rows: [...table.matchAll(/<tr><td class="id">([^<]+)</g)].map((m) => m[1]),
  };
}

describe('the preview page with player difficulty', () => {
  it('plots one point per level with players, per kind, and lists the levels the solver and players rank furthest apart first', () => {
    const slide = packOf('slide-free.json', 'slide');
    const ghost = packOf('ghost-free.json', 'ghost');
    const order = [4, 2, 3, 6, 5, 1]; // player ranks of the solver's 1..6: rank differences 3, 0, 0, 2, 0, 5
    const withPlayers = (p: PagePack): PagePack => {
      const chosen = distinct(p);
      expect(chosen).toHaveLength(6);
      const players = new Map(chosen.map((l, i) => [l.id, order[i]! - 3.5]));
      const levels = p.pack.levels.map((l) =>
        players.has(l.id)
          ? { ...l, players: { difficulty: players.get(l.id) as number, deviation: 0.3, attempts: 120, solveRate: 0.5, medianSeconds: 60 } }
          : l,
      );
      return { ...p, pack: { ...p.pack, levels } };
    };
    const packs = [withPlayers(slide), withPlayers(ghost)];
    const html = previewPage(packs);
    expect(html).toContain('<section id="players">');
    for (const p of packs) {
      const chosen = distinct(p);
      const s = sectionOf(html, p.kind.name);
      expect(s.points).toBe(6);
      expect([...s.titles].sort()).toEqual(chosen.map((l) => l.id).sort());
      // furthest apart first: the solver's 6th (players' easiest), its 1st (players' 4th), its 4th (players' 6th); then the agreeing ones by id
      expect(s.rows).toHaveLength(5);
      expect(s.rows.slice(0, 3)).toEqual([chosen[5]!.id, chosen[0]!.id, chosen[3]!.id]);
      expect(s.rows.slice(3)).toEqual([chosen[1]!.id, chosen[2]!.id, chosen[4]!.id].sort().slice(0, 2));
    }
    expect(previewPage(packs)).toBe(html);
  });

  it('averages tied ranks, so levels the solver cannot tell apart do not disagree by their order', () => {
    const d = disagreements([
      { id: 'k-a', solver: 1, players: 0 },
      { id: 'k-b', solver: 1, players: 1 },
      { id: 'k-c', solver: 2, players: 2 },
    ]);
    expect(d.map((x) => [x.id, x.solverRank, x.playersRank, x.difference])).toEqual([
      ['k-a', 1.5, 1, 0.5],
      ['k-b', 1.5, 2, 0.5],
      ['k-c', 3, 3, 0],
    ]);
  });

  it('has no players section when no level carries players (the committed packs)', () => {
    const html = previewPage([packOf('slide-free.json', 'slide'), packOf('ghost-free.json', 'ghost')]);
    expect(html).not.toContain('id="players"');
    expect(html).not.toContain('players-plot');
  });
});

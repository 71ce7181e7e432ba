// The preview page's players section: per kind, the solver's difficulty
// measure (the kind's difficulty(), as the histograms) against the players'
// difficulty (`players.difficulty`, from `proofpack calibrate`) as a plain
// inline SVG scatter plot, one point per level with players, and the levels
// the two rank furthest apart. Empty when no level has players, so a page of
// sets without them is as it was. Deterministic: fixed number formats, ranks
// with ties averaged, the list ordered by rank difference then level id.
import { ranks } from '../lib/stats.ts';

/** One level's two difficulties: the solver's measure and the players'. */
export interface PlayersPoint {
  id: string;
  /** The kind's difficulty() of the level's analysis. */
  solver: number;
  /** The level's `players.difficulty` (logit, higher is harder). */
  players: number;
}

/** One kind's levels with players, and what its solver measure is called. */
export interface PlayersKind {
  kind: string;
  label: string;
  points: PlayersPoint[];
}

/** A level's place on the two scales (1 = easiest; ties share their average rank) and how far apart they are. */
export interface Disagreement extends PlayersPoint {
  solverRank: number;
  playersRank: number;
  /** |solverRank − playersRank|. */
  difference: number;
}

/** How many disagreeing levels the section lists per kind. */
export const DISAGREEMENTS_SHOWN = 5;

const W = 360;
const H = 240;
const PAD = 44;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (x: number) => (Math.round(x * 100) / 100).toString();

/** The players' difficulty of a level, when it has a finite one. */
export function playersDifficulty(level: unknown): number | null {
  const d = (level as { players?: { difficulty?: unknown } } | null)?.players?.difficulty;
  return typeof d === 'number' && Number.isFinite(d) ? d : null;
}

/** The levels by how far apart their solver and players ranks are, furthest first (then by id). */
export function disagreements(points: readonly PlayersPoint[]): Disagreement[] {
  const s = ranks(points.map((p) => p.solver));
  const p = ranks(points.map((q) => q.players));
  return points
    .map((pt, i) => ({ ...pt, solverRank: s[i] ?? 0, playersRank: p[i] ?? 0 }))
    .map((d) => ({ ...d, difference: Math.abs(d.solverRank - d.playersRank) }))
    .sort((a, b) => b.difference - a.difference || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The scatter plot of one kind: x the solver's measure, y the players' difficulty, a circle per level titled with its id. */
export function scatterSvg(k: PlayersKind): string {
  const xs = k.points.map((p) => p.solver);
  const ys = k.points.map((p) => p.players);
  const span = (v: number[]) => {
    const [lo, hi] = [Math.min(...v), Math.max(...v)];
    return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
  };
  const [x0 = 0, x1 = 1] = span(xs);
  const [y0 = 0, y1 = 1] = span(ys);
  const x = (v: number) => num(PAD + ((v - x0) / (x1 - x0)) * (W - 2 * PAD));
  const y = (v: number) => num(H - PAD - ((v - y0) / (y1 - y0)) * (H - 2 * PAD));
  const dots = [...k.points]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((p) => `<circle class="pt" cx="${x(p.solver)}" cy="${y(p.players)}" r="3" fill="#3949ab" fill-opacity=".6"><title>${esc(p.id)}</title></circle>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="players-plot" data-kind="${esc(k.kind)}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#888"/><line x1="${PAD}" y1="${PAD}" x2="${PAD}" y2="${H - PAD}" stroke="#888"/>`,
    `<text x="${W / 2}" y="${H - 10}" text-anchor="middle" font-size="11">${esc(k.label)} (solver) ${num(x0)}–${num(x1)}</text>`,
    `<text x="12" y="${H / 2}" text-anchor="middle" font-size="11" transform="rotate(-90 12 ${H / 2})">player difficulty ${num(y0)}–${num(y1)}</text>`,
    ...dots,
    '</svg>',
  ].join('');
}

/** The players section of the page: per kind with players, its plot and its most disagreeing levels; '' when no level has players. */
export function playersSection(kinds: readonly PlayersKind[]): string {
  const shown = kinds.filter((k) => k.points.length > 0).sort((a, b) => (a.kind < b.kind ? -1 : 1));
  if (shown.length === 0) return '';
  const parts = shown.map((k) => {
    const rows = disagreements(k.points)
      .slice(0, DISAGREEMENTS_SHOWN)
      .map(
        (d) => `<tr><td class="id">${esc(d.id)}</td><td>${num(d.solver)}</td><td>${d.solverRank}</td><td>${num(d.players)}</td><td>${d.playersRank}</td></tr>`,
      );
    return [
      `<h3>${esc(k.kind)}: ${esc(k.label)} against player difficulty (${k.points.length} levels)</h3>`,
      scatterSvg(k),
      `<table class="players-disagree"><caption>the levels the solver and the players rank furthest apart</caption>`,
      `<tr><th>level</th><th>${esc(k.label)}</th><th>rank</th><th>player difficulty</th><th>rank</th></tr>${rows.join('')}</table>`,
    ].join('\n');
  });
  return `<section id="players"><h2>Solver against players</h2>\n${parts.join('\n')}\n</section>\n`;
}

// The designer preview page's script (dist/preview/index.html): one contact
// sheet per pack, a histogram of the difficulty measure per tier, and a
// viewer that steps through a level's stored solution. It only draws the
// pictures the kinds computed (Preview, tools/lib/presentation.ts): no puzzle rule
// and no per-kind code. Compiled for the browser by tools/scripts/build-client.ts
// (build/preview/page-script.js), which tools/preview/page.ts inlines.
import type { Picture } from '../lib/picture.ts';
import type { Preview } from '../lib/presentation.ts';

interface PageLevel {
  id: string;
  tier: string;
  /** The kind's difficulty measure. */
  d: number;
  m: Preview['metrics'];
  p: Picture;
  s: Preview['steps'];
}
interface PagePack {
  name: string;
  kind: string;
  tiers: string[];
  difficultyLabel: string;
  palette: string[];
  levels: PageLevel[];
}

const $ = <E extends HTMLElement = HTMLElement>(id: string): E => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as E;
};
const data = JSON.parse($('proofpack-data').textContent ?? '{}') as { packs: PagePack[] };
const SVGNS = 'http://www.w3.org/2000/svg';

function el(tag: string, attrs: Record<string, string> = {}, text?: string): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function escapeXml(s: string): string {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** SVG markup of a picture with the given fills/labels, outlined rectangles and changed cells. */
function svgOf(
  pic: Picture,
  fill: readonly number[],
  text: readonly string[],
  palette: readonly string[],
  marks: readonly (readonly number[])[] | null,
  cell: number,
  changed: readonly number[] | null,
): string {
  const pad = pic.colLabels ? cell : 0;
  const left = pic.rowLabels ? cell : 0;
  const w = left + pic.cols * cell + 1;
  const h = pad + pic.rows * cell + 1;
  const out = [
    `<svg xmlns="${SVGNS}" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="sans-serif" font-size="${Math.round(cell * 0.55)}" text-anchor="middle" dominant-baseline="central">`,
  ];
  for (let r = 0; r < pic.rows; r++)
    for (let c = 0; c < pic.cols; c++) {
      const i = r * pic.cols + c;
      const x = left + c * cell;
      const y = pad + r * cell;
      out.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${palette[fill[i] ?? 0]}" stroke="#9aa3ad" stroke-width="0.5"/>`);
      const t = text[i];
      if (t) out.push(`<text x="${x + cell / 2}" y="${y + cell / 2}">${escapeXml(t)}</text>`);
    }
  pic.colLabels?.forEach((t, c) => out.push(`<text x="${left + c * cell + cell / 2}" y="${cell / 2}" fill="#c0392b">${escapeXml(t)}</text>`));
  pic.rowLabels?.forEach((t, r) => out.push(`<text x="${cell / 2}" y="${pad + r * cell + cell / 2}" fill="#c0392b">${escapeXml(t)}</text>`));
  for (const i of changed ?? []) {
    const x = left + (i % pic.cols) * cell;
    const y = pad + Math.floor(i / pic.cols) * cell;
    out.push(`<rect x="${x + 1.5}" y="${y + 1.5}" width="${cell - 3}" height="${cell - 3}" fill="none" stroke="#fb8c00" stroke-width="3"/>`);
  }
  for (const [t = 0, l = 0, b = 0, r = 0] of marks ?? [])
    out.push(
      `<rect x="${left + l * cell + 1}" y="${pad + t * cell + 1}" width="${(r - l + 1) * cell - 2}" height="${(b - t + 1) * cell - 2}" fill="none" stroke="#e53935" stroke-width="2.5"/>`,
    );
  out.push('</svg>');
  return out.join('');
}

// ---- lazy thumbnails: drawn when they scroll into view ----
const pending = new Map<Element, { level: PageLevel; pack: PagePack }>();
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const job = pending.get(entry.target);
      if (!job) continue;
      pending.delete(entry.target);
      observer.unobserve(entry.target);
      entry.target.innerHTML = svgOf(job.level.p, job.level.p.fill, job.level.p.text, job.pack.palette, null, 12, null);
    }
  },
  { rootMargin: '400px' },
);

// ---- histogram of the difficulty measure per tier: counts on the bars, an axis ----
const fmt = (x: number) => Math.round(x * 10) / 10;
function histogram(pack: PagePack): HTMLElement {
  const values = pack.levels.map((l) => l.d);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  let bins = 12;
  let width = (hi - lo) / bins || 1;
  // whole-number measures (slide moves, apple scores, logicDepth): bins of whole numbers, never fractional
  const whole = values.every((v) => Math.round(v) === v);
  if (whole) {
    width = Math.max(1, Math.ceil((hi - lo + 1) / 12));
    bins = Math.ceil((hi - lo + 1) / width);
  }
  const box = el('div', { class: 'hist' });
  // bars between y = 10 and y = 50 (counts above them), the axis at y = 50, its labels below
  const left = 14;
  const barW = 9;
  const top = 10;
  const base = 50;
  const W = left + bins * barW + 4;
  for (const tier of pack.tiers) {
    const counts = new Array<number>(bins).fill(0);
    for (const l of pack.levels) {
      const b = Math.min(bins - 1, Math.floor((l.d - lo) / width));
      if (l.tier === tier) counts[b] = (counts[b] ?? 0) + 1;
    }
    const max = Math.max(...counts) || 1;
    const parts = counts.map((k, b) => {
      const h = Math.round(((base - top) * k) / max);
      const x = left + b * barW;
      const bar = `<rect class="hist-bar" data-count="${k}" x="${x}" y="${base - h}" width="${barW - 1}" height="${h}" fill="#5c6bc0"><title>${k} levels with ${pack.difficultyLabel} ${fmt(lo + b * width)}–${fmt(lo + (b + 1) * width)}</title></rect>`;
      return k > 0 ? `${bar}<text class="hist-count" x="${x + (barW - 1) / 2}" y="${base - h - 1.5}" font-size="6" text-anchor="middle">${k}</text>` : bar;
    });
    parts.push(`<line class="hist-axis" x1="${left}" y1="${base}" x2="${left + bins * barW}" y2="${base}" stroke="#555" stroke-width="0.8"/>`);
    parts.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${base}" stroke="#555" stroke-width="0.8"/>`);
    parts.push(`<text class="hist-ymax" x="${left - 2}" y="${top + 2}" font-size="6" text-anchor="end">${max}</text>`);
    parts.push(`<text x="${left - 2}" y="${base}" font-size="6" text-anchor="end">0</text>`);
    parts.push(`<text class="hist-tick" x="${left}" y="${base + 8}" font-size="6" text-anchor="start">${fmt(lo)}</text>`);
    parts.push(`<text class="hist-tick" x="${left + bins * barW}" y="${base + 8}" font-size="6" text-anchor="end">${fmt(hi)}</text>`);
    const fig = el('figure', { class: 'hist-tier', 'data-tier': tier });
    fig.innerHTML = `<svg viewBox="0 0 ${W} 60" width="${W * 1.25}" height="75">${parts.join('')}</svg>`;
    fig.appendChild(el('figcaption', {}, tier));
    box.appendChild(fig);
  }
  const each = whole ? ` of ${width}${width === 1 ? ' whole number' : ' whole numbers'} each` : '';
  box.appendChild(
    el(
      'p',
      { class: 'hist-note' },
      `levels per ${pack.difficultyLabel} (x axis, ${fmt(lo)} to ${fmt(hi)}, ${bins} bins${each}), per tier; the number on a bar is its count`,
    ),
  );
  return box;
}

// ---- the level viewer: the stored solution step by step ----
const viewer = $('viewer');
let current: { pack: PagePack; level: PageLevel; step: number } | null = null;
function show(pack: PagePack, level: PageLevel): void {
  current = { pack, level, step: 0 };
  viewer.hidden = false;
  draw();
}
function draw(): void {
  if (!current) return;
  const { level: lv, pack, step } = current;
  const fill = lv.p.fill.slice();
  const text = lv.p.text.slice();
  for (const s of lv.s.slice(0, step))
    for (const [i, f, t] of s.set) {
      fill[i] = f;
      text[i] = t;
    }
  const last = step > 0 ? lv.s[step - 1] : undefined;
  $('viewer-title').textContent = `${lv.id} · ${lv.tier} · ${pack.name}`;
  $('viewer-board').innerHTML = svgOf(lv.p, fill, text, pack.palette, last?.marks ?? null, 36, last ? last.set.map((c) => c[0]) : null);
  $('viewer-step').textContent = `step ${step} / ${lv.s.length}`;
  $('viewer-caption').textContent = last ? last.caption : 'start';
  $<HTMLButtonElement>('viewer-prev').disabled = step === 0;
  $<HTMLButtonElement>('viewer-next').disabled = step === lv.s.length;
}
$('viewer-prev').onclick = () => {
  if (current && current.step > 0) {
    current.step--;
    draw();
  }
};
$('viewer-next').onclick = () => {
  if (current && current.step < current.level.s.length) {
    current.step++;
    draw();
  }
};
$('viewer-close').onclick = () => {
  viewer.hidden = true;
};
document.addEventListener('keydown', (e) => {
  if (viewer.hidden) return;
  if (e.key === 'ArrowRight') $('viewer-next').click();
  if (e.key === 'ArrowLeft') $('viewer-prev').click();
  if (e.key === 'Escape') viewer.hidden = true;
});

// ---- one contact sheet per pack ----
const main = $('packs');
for (const pack of data.packs) {
  const section = el('section', { class: 'pack', 'data-pack': pack.name });
  section.appendChild(el('h2', {}, `${pack.name} (${pack.kind}, ${pack.levels.length} levels)`));
  const filter = el('div', { class: 'filter' });
  const grid = el('div', { class: 'grid' });
  const buttons: HTMLElement[] = [];
  const setFilter = (tier: string) => {
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset['tier'] === tier));
    for (const card of Array.from(grid.children) as HTMLElement[]) card.hidden = tier !== '*' && card.dataset['tier'] !== tier;
  };
  const choices: [string, string][] = [
    ['*', `all (${pack.levels.length})`],
    ...pack.tiers.map((t): [string, string] => [t, `${t} (${pack.levels.filter((l) => l.tier === t).length})`]),
  ];
  for (const [tier, label] of choices) {
    const b = el('button', { type: 'button', class: 'tier-button', 'data-tier': tier }, label);
    b.onclick = () => setFilter(tier);
    buttons.push(b);
    filter.appendChild(b);
  }
  section.appendChild(filter);
  section.appendChild(histogram(pack));
  for (const level of pack.levels) {
    const card = el('article', { class: 'card', 'data-tier': level.tier, 'data-id': level.id, tabindex: '0' });
    const thumb = el('div', { class: 'thumb' });
    card.appendChild(thumb);
    card.appendChild(el('div', { class: 'id' }, level.id));
    card.appendChild(el('div', { class: 'tier' }, level.tier));
    const dl = el('dl');
    for (const [k, v] of level.m) {
      dl.appendChild(el('dt', {}, k));
      dl.appendChild(el('dd', {}, String(v)));
    }
    card.appendChild(dl);
    card.onclick = () => show(pack, level);
    card.onkeydown = (e) => {
      if (e.key === 'Enter') show(pack, level);
    };
    grid.appendChild(card);
    pending.set(thumb, { level, pack });
    observer.observe(thumb);
  }
  section.appendChild(grid);
  main.appendChild(section);
  setFilter('*');
}
document.body.dataset['ready'] = 'true';

// The play-test page's script (dist/preview/play.html): one renderer of
// pictures for every kind. It lists the levels, and for the level open asks
// its kind's view (tools/kinds/views.ts) for the picture of the game (a
// Picture, legend, controls, status lines), turns the player's clicks, drags
// and keys on the picture's cells into the view's input, and steps the actions
// the view answers with through the kind's face (tools/kinds/faces.ts). It draws
// the coordinates around every board, and a click anywhere on a list row opens
// its level. No kind is named here and no rule lives here. Compiled
// for the browser by tools/scripts/build-client.ts (build/preview/play-page.js),
// which tools/preview/play.ts inlines.
import type { KindFace, KindView, PlayControl, PlayInput, PlayView } from '../lib/face.ts';
import type { Level } from '../lib/level.ts';
import { FACES } from '../kinds/faces.ts';
import { VIEWS } from '../kinds/views.ts';
import { pageKinds } from './game-views.ts';

interface PageSet {
  kind: string;
  name: string;
  file: string;
  metric: [field: string, label: string];
  levels: (Level & { analysis: Record<string, unknown> })[];
}
interface Row {
  set: PageSet;
  level: PageSet['levels'][number];
  order: number;
  metric: number;
}
/** The level open: its kind's face and view, the game's state and the page-local state the view keeps. */
interface Open {
  row: Row;
  face: KindFace;
  view: KindView;
  state: unknown;
  ui: unknown;
}

const { faces, views } = pageKinds(FACES, VIEWS); // the game's own kinds after proofpack's (game-views.ts)
const $ = (id: string): HTMLElement => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e;
};
const data = JSON.parse($('proofpack-data').textContent ?? '{}') as { sets: PageSet[] };
const rows: Row[] = data.sets.flatMap((set, si) =>
  set.levels.map((level, li) => ({ set, level, order: si * 100000 + li, metric: Number(level.analysis[set.metric[0]]) })),
);
const byId = new Map(rows.map((r) => [r.level.id, r] as const)); // a Map: #constructor is not a level
let current: Open | null = null;
let waitTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let controlsShown = '';
/** The list's row of each level shown (drawList), so opening a level moves the mark instead of rebuilding the list. */
const listRows = new Map<string, HTMLElement>();
let marked: HTMLElement | undefined;

function el(tag: string, cls?: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
const input = (id: string) => $(id) as HTMLInputElement;

// ---- the list: search, kind filter, sort, one #<id> link per level
function drawList(): void {
  const q = input('search').value.trim().toLowerCase();
  const kind = input('kind').value;
  const sort = input('sort').value;
  const shown = rows.filter(
    (r) => (!kind || r.set.kind === kind) && (!q || `${r.level.id} ${r.set.name} ${r.set.kind} ${r.level.tier}`.toLowerCase().includes(q)),
  );
  shown.sort((a, b) => {
    if (sort === 'id') return a.level.id < b.level.id ? -1 : 1;
    if (sort === 'metric-up') return a.metric - b.metric || a.order - b.order;
    if (sort === 'metric-down') return b.metric - a.metric || a.order - b.order;
    return a.order - b.order;
  });
  const table = el('table');
  listRows.clear();
  marked = undefined;
  for (const r of shown) {
    const tr = el('tr');
    tr.setAttribute('data-id', r.level.id);
    const a = el('a', '', r.level.id) as HTMLAnchorElement;
    a.href = `#${r.level.id}`;
    const td = el('td');
    td.appendChild(a);
    tr.append(td, el('td', '', r.set.name), el('td', '', r.level.tier), el('td', 'metric', `${r.set.metric[1]} ${r.metric}`));
    if (current && current.row.level.id === r.level.id) {
      tr.className = 'current';
      marked = tr;
    }
    listRows.set(r.level.id, tr);
    // the whole row opens its level, not only the id's link
    tr.addEventListener('click', (e) => {
      if ((e.target as Element | null)?.closest?.('a')) return; // the link itself sets the hash
      location.hash = `#${r.level.id}`;
    });
    table.appendChild(tr);
  }
  $('list').replaceChildren(table);
  $('shown').textContent = `${shown.length} shown`;
}
/** The open level's row marked current (the other unmarked) and scrolled into view; the list itself is not redrawn. */
function markCurrent(id: string): void {
  marked?.classList.remove('current');
  marked = listRows.get(id);
  marked?.classList.add('current');
  marked?.scrollIntoView({ block: 'nearest' });
}
for (const id of ['search', 'kind', 'sort']) $(id).addEventListener('input', drawList);

// ---- the picture, its controls and status lines
function drawControls(controls: readonly PlayControl[]): void {
  const key = JSON.stringify(controls);
  if (key === controlsShown) return;
  controlsShown = key;
  $('controls').replaceChildren(
    ...controls.map((c) => {
      if (c.toggle) {
        const box = el('input') as HTMLInputElement;
        box.type = 'checkbox';
        box.id = c.id;
        box.checked = c.checked === true;
        box.addEventListener('change', () => send({ type: 'control', id: c.id, checked: box.checked }));
        const label = el('label', '', ` ${c.label}`);
        label.prepend(box);
        return label;
      }
      const b = el('button', '', c.label) as HTMLButtonElement;
      b.type = 'button';
      b.id = c.id;
      b.addEventListener('click', () => send({ type: 'control', id: c.id, checked: false }));
      return b;
    }),
  );
}

/** The board's cells kept from draw to draw (updated in place, so a double click's two clicks land on one element). */
let shape = '';
/**
 * The picture as a grid: the coordinates outside (row and column numbers from
 * 0, for every kind: legends, hints and moves name cells by them), then the
 * picture's own labels (e.g. ghost counts), then its cells.
 */
function drawView(view: PlayView): void {
  const p = view.picture;
  const board = $('board');
  const side = p.rowLabels ? 1 : 0;
  const key = `${p.rows}x${p.cols}:${side}:${p.colLabels ? 1 : 0}`;
  if (key !== shape) {
    shape = key;
    board.style.gridTemplateColumns = `repeat(${p.cols + side + 1}, var(--cell))`;
    const cells: HTMLElement[] = [el('div', 'coord')];
    if (side) cells.push(el('div', 'coord'));
    for (let c = 0; c < p.cols; c++) cells.push(el('div', 'coord col-coord', String(c)));
    if (p.colLabels) {
      cells.push(el('div', 'coord'));
      if (side) cells.push(el('div', 'label'));
      for (let c = 0; c < p.cols; c++) cells.push(el('div', 'label col-label'));
    }
    for (let r = 0; r < p.rows; r++) {
      cells.push(el('div', 'coord row-coord', String(r)));
      if (side) cells.push(el('div', 'label row-label'));
      for (let c = 0; c < p.cols; c++) {
        const cell = el('div', 'cell');
        cell.setAttribute('data-r', String(r));
        cell.setAttribute('data-c', String(c));
        cells.push(cell);
      }
    }
    board.replaceChildren(...cells);
  }
  board.querySelectorAll('.col-label').forEach((e, c) => {
    e.textContent = p.colLabels?.[c] ?? '';
  });
  board.querySelectorAll('.row-label').forEach((e, r) => {
    e.textContent = p.rowLabels?.[r] ?? '';
  });
  board.querySelectorAll<HTMLElement>('.cell').forEach((cell, i) => {
    cell.className = `cell ${p.tags?.[i] ?? ''}`.trim();
    cell.textContent = p.text[i] ?? '';
    cell.style.background = p.palette?.[p.fill[i] ?? 0] ?? '';
  });
  drawControls(view.controls);
  $('status').replaceChildren(
    ...view.status.map(([label, id, value]) => {
      const d = el('div');
      const b = el('b', '', value);
      b.id = id;
      d.append(el('span', '', `${label}: `), b);
      return d;
    }),
  );
  $('legend').textContent = view.legend;
  $('keys').textContent = view.keys;
  // the clock runs while the view asks for ticks, measured, not assumed
  if (view.tickMs && tickTimer === undefined) {
    let last = performance.now();
    tickTimer = setInterval(() => {
      const now = performance.now();
      const ms = now - last;
      last = now;
      send({ type: 'tick', ms });
    }, view.tickMs);
  } else if (!view.tickMs && tickTimer !== undefined) stopTicks();
}
function stopTicks(): void {
  clearInterval(tickTimer);
  tickTimer = undefined;
}
function redraw(): void {
  if (current) drawView(current.view.view(current.row.level, current.state, current.ui));
}

/** One input to the open game: the face's answer applied, the actions stepped in order. True when anything changed. */
function send(what: PlayInput): boolean {
  const g = current;
  if (!g) return false;
  const answer = g.view.input(g.row.level, g.state, g.ui, what);
  const changed = answer.ui !== g.ui || answer.actions.length > 0 || answer.state !== undefined;
  if (answer.state !== undefined) g.state = answer.state;
  g.ui = answer.ui;
  for (const action of answer.actions) {
    const r = g.face.step(g.row.level, g.state, action);
    g.state = r.state;
    g.ui = g.view.noted(g.ui, action, r.event);
  }
  if (answer.wait !== undefined) {
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => send({ type: 'timeout' }), answer.wait);
  }
  if (changed) redraw();
  return changed;
}

function open(id: string): void {
  const row = byId.get(id);
  const face = row && faces.find((f) => f.name === row.set.kind);
  const view = row && views.find((v) => v.name === row.set.kind);
  if (!row || !face || !view) return;
  clearTimeout(waitTimer);
  stopTicks();
  controlsShown = '';
  shape = '';
  current = { row, face, view, state: face.start(row.level), ui: view.ui(row.level) };
  $('title').textContent = `${row.level.id} · ${row.set.name} · ${row.level.tier}`;
  $('board').className = `kind-${row.set.kind}`;
  redraw();
  markCurrent(id);
}

// ---- input: every event on a cell goes to the open kind's view
function cellOf(e: Event): { row: number; col: number } | null {
  const t = e.target as Element | null;
  const cell = t?.closest?.('#board .cell');
  return cell ? { row: Number(cell.getAttribute('data-r')), col: Number(cell.getAttribute('data-c')) } : null;
}
const board = $('board');
board.addEventListener('click', (e) => {
  const at = cellOf(e);
  if (at) send({ type: 'click', ...at, count: e.detail });
});
board.addEventListener('dblclick', (e) => {
  const at = cellOf(e);
  if (at) send({ type: 'dblclick', ...at });
});
board.addEventListener('mousedown', (e) => {
  const at = cellOf(e);
  if (!at) return;
  e.preventDefault(); // no text selection while dragging
  send({ type: 'down', ...at });
});
board.addEventListener('mousemove', (e) => {
  const at = cellOf(e);
  if (at) send({ type: 'move', ...at });
});
document.addEventListener('mouseup', () => send({ type: 'up' }));
document.addEventListener('keydown', (e) => {
  const t = e.target as Element | null;
  if (t && (t.id === 'search' || t.tagName === 'SELECT')) return;
  if (send({ type: 'key', key: e.key })) e.preventDefault();
});

/** The level id a #link names, or '' when it is not one (a lone %, a bad escape). */
function hashId(): string {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return '';
  }
}
window.addEventListener('hashchange', () => open(hashId()));

drawList();
const first = rows[0]?.level.id ?? '';
open(location.hash && byId.has(hashId()) ? hashId() : first);
if (!location.hash && first) history.replaceState(null, '', `#${first}`);
document.body.setAttribute('data-ready', 'true');

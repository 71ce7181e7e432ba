// The play-test page (dist/preview/play.html): every level of every curated
// set, playable with mouse and keyboard, with search, sort, a #<id> link per
// level and what the game knows shown live. One self-contained HTML file: no
// network, no server. Its script is play-page.ts, one renderer of the pictures
// the kinds' faces draw (compiled for the browser by `npm run build` into
// build/preview/play-page.js, inlined here); it holds no rule and no per-kind view.
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { stableJson } from '../lib/json.ts';
import { GAME_KINDS_ELEMENT } from './game-views.ts';

/** A curated set as the page needs it: its kind, name, file, list measure and levels. */
export interface PlaySet {
  kind: string;
  /** The analysis field the list shows and sorts by, and its short label (PuzzleKind.listMetric). */
  metric: readonly [field: string, label: string];
  name: string;
  file: string;
  levels: readonly { id: string; tier: string; puzzle: unknown; solution: unknown; analysis: unknown }[];
}

const CSS = `
body { font-family: system-ui, sans-serif; margin: 0; color: #222; background: #fafafa; display: grid; grid-template-columns: 25rem 1fr; height: 100vh; }
#side { border-right: 1px solid #ddd; display: flex; flex-direction: column; min-height: 0; }
#side header { padding: .6rem; border-bottom: 1px solid #ddd; } h1 { font-size: 1.1rem; margin: 0 0 .4rem; }
#side input, #side select { font: inherit; margin: .1rem 0; } #search { width: 100%; box-sizing: border-box; }
#list { overflow: auto; flex: 1; font-size: .8rem; } #list table { border-collapse: collapse; width: 100%; }
#list td { padding: .15rem .4rem; border-bottom: 1px solid #eee; } #list tr { cursor: pointer; } #list tr:hover { background: #f3f4fb; } #list tr.current { background: #e8eaf6; }
#list a { font-family: monospace; color: #283593; }
#main { overflow: auto; padding: 1rem 1.5rem; }
#board { --cell: 34px; display: inline-grid; gap: 1px; user-select: none; margin: .5rem 0; }
.cell { width: var(--cell); height: var(--cell); display: flex; align-items: center; justify-content: center; font-size: 17px; font-weight: 600; border: 1px solid #9aa3ad; background: #fff; box-sizing: border-box; }
.label { width: var(--cell); height: var(--cell); display: flex; align-items: center; justify-content: center; font-size: 13px; font-weight: 700; color: #444; }
.coord { width: var(--cell); height: var(--cell); display: flex; align-items: center; justify-content: center; font-size: 11px; color: #999; }
.mistake { border: 2px solid #c62828; color: #c62828; } .missed { color: #e65100; }
.cursor, .selected { outline: 3px solid #3949ab; outline-offset: -3px; } .hinted { box-shadow: inset 0 0 0 3px #ffb300; } .picked { box-shadow: inset 0 0 0 2px #555; }
#status { font-size: .95rem; line-height: 1.6; } #status b { font-variant-numeric: tabular-nums; }
.legend { font-size: .8rem; color: #555; max-width: 48rem; } .keys { font-size: .8rem; color: #555; }
button { font: inherit; }
`;

/** The page for the given sets (in the order given), with the client bundle inlined, and the game kinds' script (game-script.ts) when not ''. */
export function playHtml(sets: readonly PlaySet[], tool: string, gameKinds = ''): string {
  const script = readFileSync(new URL('build/preview/play-page.js', PROJECT_ROOT), 'utf8');
  const data = {
    tool,
    sets: sets.map((s) => ({ kind: s.kind, name: s.name, file: s.file, metric: s.metric, levels: s.levels })),
  };
  const json = stableJson(data).replace(/</g, '\\u003c');
  const total = sets.reduce((a, s) => a + s.levels.length, 0);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>proofpack play-test</title>
<style>${CSS}</style>
</head>
<body>
<div id="side"><header><h1>play-test: ${sets.length} sets, ${total} levels</h1>
<input id="search" type="search" placeholder="search id, set or tier" aria-label="search">
<div><label>kind <select id="kind"><option value="">all</option>${[...new Set(sets.map((s) => s.kind))].map((k) => `<option>${k}</option>`).join('')}</select></label>
<label>sort <select id="sort"><option value="set">set order</option><option value="id">id</option><option value="metric-up">metric ↑</option><option value="metric-down">metric ↓</option></select></label></div>
<small>${tool} · <span id="shown"></span></small></header>
<div id="list"></div></div>
<div id="main"><h2 id="title">pick a level</h2><div id="legend" class="legend"></div><div id="controls"></div><div id="board"></div><div id="status"></div><p id="keys" class="keys"></p></div>
<script id="proofpack-data" type="application/json">${json}</script>
${gameKinds === '' ? '' : `<script id="${GAME_KINDS_ELEMENT}" type="application/json">${JSON.stringify(gameKinds).replace(/</g, '\\u003c')}</script>\n`}<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`;
}

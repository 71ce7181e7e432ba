// The designer's preview page: one self-contained HTML file (no network, no
// server) with every level of every pack drawn from data the kinds computed.
// Its script is page-script.ts, compiled for the browser by `npm run build`
// (build/preview/page-script.js) and inlined here. The data of each level
// (previewLevels) is the kind's code: bundle and validate compute it on the
// worker pool and hand it in; the page around it is built here.
import { readFileSync } from 'node:fs';
import type { Level, PuzzleKind } from '../lib/kind.ts';
import type { Preview } from '../lib/presentation.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { stableJson } from '../lib/json.ts';
import { playersDifficulty, playersSection, type PlayersKind } from './players-plot.ts';

export interface PreviewPack {
  name: string;
  kind: PuzzleKind;
  levels: Level[];
  ctx: { config: unknown; calibration: unknown };
  /** previewLevels of the levels, computed elsewhere (on the worker pool); default: computed here. */
  page?: PageLevel[];
}

/** One level's data on the page: what the kind's preview and difficulty say of it. */
export interface PageLevel {
  id: string;
  tier: string;
  /** The kind's difficulty measure (histograms). */
  d: number;
  m: Preview['metrics'];
  p: Preview['picture'];
  s: Preview['steps'];
}

const CSS = `
body { font-family: system-ui, sans-serif; margin: 0 1.5rem 3rem; color: #222; background: #fafafa; }
header { position: sticky; top: 0; background: #fafafa; padding: .6rem 0; border-bottom: 1px solid #ddd; z-index: 1; }
h1 { font-size: 1.3rem; margin: 0; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
.filter { display: flex; flex-wrap: wrap; gap: .3rem; margin-bottom: .5rem; }
.tier-button { border: 1px solid #bbb; background: #fff; border-radius: 1rem; padding: .2rem .7rem; cursor: pointer; }
.tier-button[aria-pressed="true"] { background: #3949ab; color: #fff; border-color: #3949ab; }
.hist { display: flex; flex-wrap: wrap; gap: .8rem; align-items: end; margin-bottom: .8rem; }
.hist-tier { margin: 0; text-align: center; font-size: .7rem; } .hist-note { font-size: .75rem; color: #666; width: 100%; margin: 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .6rem; }
.card { background: #fff; border: 1px solid #ddd; border-radius: .4rem; padding: .4rem; cursor: pointer; content-visibility: auto; contain-intrinsic-size: 150px 230px; }
.card:hover, .card:focus { border-color: #3949ab; outline: none; }
.card[hidden] { display: none; }
.thumb { min-height: 110px; display: flex; justify-content: center; align-items: center; }
.thumb svg { max-width: 100%; height: auto; }
.id { font-family: monospace; font-size: .72rem; } .tier { font-weight: 600; font-size: .8rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0 .4rem; font-size: .72rem; margin: .2rem 0 0; } dt { color: #666; } dd { margin: 0; }
#viewer { position: fixed; inset: 0; background: rgba(0,0,0,.55); display: flex; align-items: center; justify-content: center; z-index: 2; }
#viewer[hidden] { display: none; }
#viewer > div { background: #fff; padding: 1rem 1.2rem; border-radius: .5rem; max-width: 95vw; max-height: 95vh; overflow: auto; }
#viewer-board svg { max-width: 90vw; height: auto; }
.controls { display: flex; gap: .5rem; align-items: center; margin-top: .5rem; }
`;

/** The page data of each level of a pack: the kind's preview and difficulty (kind code: run on the worker pool by the commands). */
export function previewLevels(kind: PuzzleKind, levels: readonly Level[], ctx: { config: unknown; calibration: unknown }): PageLevel[] {
  const preview = kind.preview;
  if (!preview) throw new Error(`preview: the ${kind.name} kind has no preview`);
  return levels.map((l) => {
    const pv = preview(l, ctx as never);
    return { id: l.id, tier: l.tier, d: kind.difficulty(l.analysis), m: pv.metrics, p: pv.picture, s: pv.steps };
  });
}

/** Per kind, its levels that carry players (each id once): the solver's difficulty and the players'. */
function playersKinds(packs: readonly PreviewPack[], pages: readonly PageLevel[][]): PlayersKind[] {
  const byKind = new Map<string, PlayersKind>();
  packs.forEach((pk, i) => {
    const d = new Map((pages[i] ?? []).map((l) => [l.id, l.d]));
    const k = byKind.get(pk.kind.name) ?? { kind: pk.kind.name, label: pk.kind.difficultyLabel ?? 'difficulty', points: [] };
    byKind.set(pk.kind.name, k);
    for (const l of pk.levels) {
      const players = playersDifficulty(l);
      const solver = d.get(l.id);
      if (players !== null && solver !== undefined && !k.points.some((p) => p.id === l.id)) k.points.push({ id: l.id, solver, players });
    }
  });
  return [...byKind.values()];
}

/** The page: every pack's levels (drawn by page-script.ts from the data) and, when levels carry players, the players section. */
export function previewHtml(packs: PreviewPack[], tool: string): string {
  const pages = packs.map((pk) => pk.page ?? previewLevels(pk.kind, pk.levels, pk.ctx));
  const data = {
    tool,
    packs: packs.map((pk, i) => {
      const levels = pages[i] ?? [];
      return {
        name: pk.name,
        kind: pk.kind.name,
        tiers: pk.kind.tiers.filter((t) => pk.levels.some((l) => l.tier === t)),
        difficultyLabel: pk.kind.difficultyLabel ?? 'difficulty',
        palette: pk.kind.previewPalette ?? [],
        levels,
      };
    }),
  };
  const script = readFileSync(new URL('build/preview/page-script.js', PROJECT_ROOT), 'utf8');
  const json = stableJson(data).replace(/</g, '\\u003c');
  const total = packs.reduce((a, p) => a + p.levels.length, 0);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>proofpack preview</title>
<style>${CSS}</style>
</head>
<body>
<header><h1>proofpack preview: ${packs.length} packs, ${total} levels</h1><small>${tool} · click a level to step through its solution (← → keys)</small></header>
<main id="packs"></main>
${playersSection(playersKinds(packs, pages))}<div id="viewer" hidden><div>
<h3 id="viewer-title"></h3>
<div id="viewer-board"></div>
<div class="controls"><button id="viewer-prev" type="button">‹ prev</button><span id="viewer-step"></span><button id="viewer-next" type="button">next ›</button><button id="viewer-close" type="button">close</button></div>
<p id="viewer-caption"></p>
</div></div>
<script id="proofpack-data" type="application/json">${json}</script>
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`;
}

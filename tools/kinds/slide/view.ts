// The slide kind on a play page (tools/lib/face.ts, view/input/noted): a game
// as a picture with its status lines, and the page's clicks and keys as
// slide actions. Click a block to select it (a click on floor or wall drops
// the selection), then an arrow key or a direction button flicks it. No rule
// here: every question goes to the game (game.ts).
import type { KindView, PlayAnswer, PlayInput, PlayView } from 'proofpack/face';
import type { Direction } from './schema.ts';
import {
  slideGameBoard,
  slideGameCleared,
  slideGameStars,
  starsReachable,
  threeStarsReachable,
  type SlideAction,
  type SlideEvent,
  type SlideGameState,
} from './game.ts';
import type { SlideLevel } from './play.ts';
import { SLIDE_PALETTE } from './palette.ts';

/** The page-local state of a slide game: the selected block's [col, row], and the last message. */
export interface SlideUi {
  readonly sel: readonly [number, number] | null;
  readonly last: string;
}

const yn = (v: boolean | null) => (v === null ? 'unknown' : v ? 'yes' : 'no');
const KEYS: Record<string, Direction> = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' };
const DIRS: readonly (readonly [string, Direction])[] = [
  ['↑', 'U'],
  ['↓', 'D'],
  ['←', 'L'],
  ['→', 'R'],
];

export function slideUi(_level: SlideLevel): SlideUi {
  return { sel: null, last: '' };
}

export function slideView(level: SlideLevel, s: SlideGameState, ui: SlideUi): PlayView {
  const rows = slideGameBoard(level, s);
  const h = rows.length;
  const w = rows[0]?.length ?? 0;
  const fill: number[] = [];
  const text: string[] = [];
  const tags: string[] = [];
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      const ch = rows[r]?.[c] ?? '.';
      const block = ch !== '#' && ch !== '.';
      const fixed = ch >= 'A' && ch <= 'O';
      fill.push(ch === '#' ? 1 : block ? ch.toLowerCase().charCodeAt(0) - 95 : 0);
      text.push(fixed ? '◆' : '');
      const selected = ui.sel !== null && ui.sel[0] === c && ui.sel[1] === r;
      tags.push([ch === '#' ? 'wall' : block ? `block${fixed ? ' fixed' : ''}` : 'floor', selected ? 'selected' : ''].filter(Boolean).join(' '));
    }
  const st = level.analysis.stars;
  const stars = slideGameStars(level, s);
  return {
    picture: {
      rows: h,
      cols: w,
      fill,
      text,
      tags,
      palette: [...SLIDE_PALETTE],
    },
    legend:
      'Coloured squares: blocks (same colour next to each other vanish after a move). ◆ = fixed block (never moves, vanishes like the others). Dark cells: walls. Columns and rows numbered from 0 (the small grey numbers); a flick is (col, row, direction). Clear every block; ★★★ = in the proven minimum.',
    keys: 'Mouse: click a block, then a direction button. Keys: arrows flick the selected block, u = undo, r = restart.',
    controls: [...DIRS.map(([label, d]) => ({ id: `dir-${d}`, label })), { id: 'undo', label: 'undo' }, { id: 'restart', label: 'restart' }],
    status: [
      [
        'status',
        'game-status',
        slideGameCleared(level, s) ? `cleared in ${s.flicks.length} moves${stars ? ` ${'★'.repeat(stars)}` : ' (no star: more than ★ allows)'}` : 'playing',
      ],
      ['moves', 'moves', `${s.flicks.length} (★★★ ≤ ${st.three}, ★★ ≤ ${st.two}, ★ ≤ ${st.one})`],
      ['stars earned', 'stars', stars ? '★'.repeat(stars) : '0'],
      ['★★★ still reachable', 'reach3', yn(threeStarsReachable(level, s))],
      ['best stars still reachable', 'reach', String(starsReachable(level, s))],
      ['undos / restarts', 'undos', `${s.undos} / ${s.restarts}`],
      ['last action', 'last', ui.last],
    ],
  };
}

export function slideInput(level: SlideLevel, s: SlideGameState, ui: SlideUi, input: PlayInput): PlayAnswer<SlideGameState, SlideAction, SlideUi> {
  const flick = (dir: Direction | undefined): SlideAction[] => (ui.sel && dir ? [{ type: 'flick', col: ui.sel[0], row: ui.sel[1], dir }] : []);
  switch (input.type) {
    case 'click': {
      // a click on floor or wall drops the selection
      const ch = slideGameBoard(level, s)[input.row]?.[input.col] ?? '.';
      return { ui: { ...ui, sel: ch !== '#' && ch !== '.' ? [input.col, input.row] : null }, actions: [] };
    }
    case 'key':
      if (input.key === 'u') return { ui, actions: [{ type: 'undo' }] };
      if (input.key === 'r') return { ui, actions: [{ type: 'restart' }] };
      return { ui, actions: flick(KEYS[input.key]) };
    case 'control':
      if (input.id === 'undo') return { ui, actions: [{ type: 'undo' }] };
      if (input.id === 'restart') return { ui, actions: [{ type: 'restart' }] };
      return { ui, actions: flick(DIRS.find(([, d]) => `dir-${d}` === input.id)?.[1]) };
    default:
      return { ui, actions: [] };
  }
}

export function slideNoted(ui: SlideUi, _action: SlideAction, e: SlideEvent): SlideUi {
  return { sel: e.kind === 'flicked' ? null : ui.sel, last: e.kind + (e.kind === 'refused' ? ` (${e.why})` : '') };
}

/** The slide kind's view: its games on the play page, on top of its face (face.ts). */
export const view: KindView<SlideLevel, 'slide', SlideGameState, SlideAction, SlideEvent, SlideUi> = {
  name: 'slide',
  ui: slideUi,
  view: slideView,
  input: slideInput,
  noted: slideNoted,
};

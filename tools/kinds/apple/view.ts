// The apple kind on a play page (tools/lib/face.ts, view/input/noted): a game
// as a picture with its status lines, and the page's drags and keys as apple
// actions. Drag a rectangle; it is taken on release when its remaining digits
// sum to ten, and the release says so when they do not. A toggle starts a
// game with the original two-minute timer. No rule here: every question goes
// to the game (game.ts, play.ts).
import type { KindView, PlayAnswer, PlayInput, PlayView } from 'proofpack/face';
import {
  APPLE_TIME_LIMIT_MS,
  applePlayOf,
  appleRectSum,
  appleTimeLeft,
  startAppleGame,
  type AppleAction,
  type AppleEvent,
  type AppleGameState,
} from './game.ts';
import { appleMedalsEarned, type AppleLevel } from './play.ts';
import type { AppleRect } from './schema.ts';

/** The page-local state of an apple game: the drag's first and current cell [row, col, row, col], and the last message. */
export interface AppleUi {
  readonly drag: readonly [number, number, number, number] | null;
  readonly last: string;
}

const ROWS = 10;
const COLS = 17;
/** A digit, a removed cell, a cell under the drag, a cell under a drag that sums to ten. */
const PALETTE = ['#fdecea', '#f4f4f4', '#ffe082', '#a5d6a7'];
const TICK_MS = 250;

export function appleUi(_level: AppleLevel): AppleUi {
  return { drag: null, last: '' };
}

function rectOf(ui: AppleUi): AppleRect | null {
  const d = ui.drag;
  return d ? [Math.min(d[0], d[2]), Math.min(d[1], d[3]), Math.max(d[0], d[2]), Math.max(d[1], d[3])] : null;
}

export function appleView(level: AppleLevel, s: AppleGameState, ui: AppleUi): PlayView {
  const play = applePlayOf(level, s);
  const rect = rectOf(ui);
  const sum = rect ? appleRectSum(level, s, rect) : null;
  const fill: number[] = [];
  const text: string[] = [];
  const tags: string[] = [];
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      const v = play.cells[r * COLS + c] ?? 0;
      const picked = rect !== null && r >= rect[0] && r <= rect[2] && c >= rect[1] && c <= rect[3];
      fill.push(picked ? (sum === 10 ? 3 : 2) : v ? 0 : 1);
      text.push(v ? String(v) : '');
      tags.push([v ? 'digit' : 'gone', picked ? 'picked' : ''].filter(Boolean).join(' '));
    }
  const left = appleTimeLeft(s);
  const medals = appleMedalsEarned(play, level.analysis);
  const a = level.analysis;
  return {
    picture: {
      rows: ROWS,
      cols: COLS,
      fill,
      text,
      tags,
      palette: PALETTE,
    },
    legend:
      'Digits 1–9; drag a rectangle whose remaining digits sum to 10 (the sum shows while you drag; removed cells count 0 and turn grey). Rows 0–9 and columns 0–16 are numbered from 0 (the small grey numbers); a rectangle is [top, left, bottom, right]. Greedy and best scores are the stored references.',
    keys: 'Mouse: drag a rectangle, release to take it. Keys: r = restart. The optional timer is the original two minutes.',
    controls: [
      { id: 'restart', label: 'restart' },
      { id: 'timed', label: '2-minute timer', toggle: true, checked: s.timeLimitMs !== null },
    ],
    status: [
      // a board with no digit left is cleared, not merely out of moves; medals in words (no emoji font needed)
      [
        'status',
        'game-status',
        [s.score === ROWS * COLS ? 'cleared' : s.status, medals.best ? 'best score' : medals.greedy ? 'greedy score' : ''].filter(Boolean).join(' · '),
      ],
      ['score', 'score', `${s.score} (greedy ${a.greedyScore}, best ${a.bestScore}, at most ${a.upperBound})`],
      ['sum under the cursor', 'sum', sum === null ? '-' : `${sum}${rect ? ` in [${rect.join(', ')}]` : ''}`],
      ['rectangles', 'moves', String(s.taken.length)],
      ['time left', 'time', left === null ? 'untimed' : `${(left / 1000).toFixed(1)} s`],
      ['last action', 'last', ui.last],
    ],
    ...(s.timeLimitMs !== null && s.status === 'playing' ? { tickMs: TICK_MS } : {}),
  };
}

export function appleInput(level: AppleLevel, s: AppleGameState, ui: AppleUi, input: PlayInput): PlayAnswer<AppleGameState, AppleAction, AppleUi> {
  switch (input.type) {
    case 'down':
      return { ui: { ...ui, drag: [input.row, input.col, input.row, input.col] }, actions: [] };
    case 'move':
      if (!ui.drag || (ui.drag[2] === input.row && ui.drag[3] === input.col)) return { ui, actions: [] };
      return { ui: { ...ui, drag: [ui.drag[0], ui.drag[1], input.row, input.col] }, actions: [] };
    case 'up': {
      const rect = rectOf(ui);
      if (!rect) return { ui, actions: [] };
      const sum = appleRectSum(level, s, rect);
      if (sum === 10) return { ui: { ...ui, drag: null }, actions: [{ type: 'take', rect }] };
      return { ui: { drag: null, last: `not taken: [${rect.join(', ')}] sums to ${sum}, not 10` }, actions: [] };
    }
    case 'tick':
      return { ui, actions: s.status === 'playing' ? [{ type: 'tick', ms: Math.max(0, Math.round(input.ms)) }] : [] };
    case 'key':
      return { ui, actions: input.key === 'r' ? [{ type: 'restart' }] : [] };
    case 'control':
      if (input.id === 'restart') return { ui, actions: [{ type: 'restart' }] };
      if (input.id === 'timed') return { ui: { drag: null, last: '' }, actions: [], state: startAppleGame(level, input.checked ? APPLE_TIME_LIMIT_MS : null) };
      return { ui, actions: [] };
    default:
      return { ui, actions: [] };
  }
}

export function appleNoted(ui: AppleUi, action: AppleAction, e: AppleEvent): AppleUi {
  if (action.type === 'tick') return ui;
  return { ...ui, last: e.kind + (e.kind === 'refused' ? ` (${e.why})` : e.kind === 'taken' ? ` ${e.cleared}` : '') };
}

/** The apple kind's view: its games on the play page, on top of its face (face.ts). */
export const view: KindView<AppleLevel, 'apple', AppleGameState, AppleAction, AppleEvent, AppleUi> = {
  name: 'apple',
  ui: appleUi,
  view: appleView,
  input: appleInput,
  noted: appleNoted,
};

// The ghost kind on a play page (tools/lib/face.ts, view/input/noted): a game
// as a picture with its status lines, and the page's clicks and keys as ghost
// actions. Click = × (a × waits for a possible double click on the same cell;
// a click elsewhere places it at once), double click = catch. The cells of
// the attempt's mistakes stay marked (the page learns them from the game's
// mistake events), and a lost game shows the ghosts left. Plain letters and
// shapes, no emoji (a machine without an emoji font draws empty boxes). No
// rule here: every question goes to the game (game.ts, medals.ts).
import type { KindView, PlayAnswer, PlayInput, PlayView } from 'proofpack/face';
import { isCleanClear, nextHint, type GhostAction, type GhostEvent, type GhostGameState } from './game.ts';
import type { HintStep } from './hints.ts';
import { ghostMedalsEarned, onCourseForBest, onCourseForWorst } from './medals.ts';
import { isCaught, isOpen, type GhostLevel } from './play.ts';

/** The page-local state of a ghost game: the keyboard cursor, a × waiting for a possible double click, the hint shown, the attempt's mistakes, the last message. */
export interface GhostUi {
  readonly cursor: readonly [number, number];
  readonly pending: readonly [number, number] | null;
  readonly hint: HintStep | null;
  /** The cells of this attempt's mistakes ([row, col]: a × on a ghost, a catch on an empty cell), in the order made. */
  readonly mistakes: readonly (readonly [number, number])[];
  readonly last: string;
}

/** How long a × waits for the second click of a double click, in milliseconds. */
const DOUBLE_CLICK_MS = 250;
/** Closed, clue, open, caught ghost, a mistake's cell, a ghost left when the game is lost. */
const PALETTE = ['#ffffff', '#eceff1', '#f1f3f4', '#d1c4e9', '#ffcdd2', '#fff3e0'];
const yn = (v: boolean | null) => (v === null ? 'unknown' : v ? 'yes' : 'no');

export function ghostUi(_level: GhostLevel): GhostUi {
  return { cursor: [0, 0], pending: null, hint: null, mistakes: [], last: '' };
}

export function ghostView(level: GhostLevel, s: GhostGameState, ui: GhostUi): PlayView {
  const n = level.puzzle.size;
  const hinted = new Set(ui.hint ? [...ui.hint.ghosts, ...ui.hint.empties].map(([r, c]) => r * n + c) : []);
  const marks = new Set(s.marks.map(([r, c]) => r * n + c));
  const mistakes = new Set(ui.mistakes.map(([r, c]) => r * n + c));
  const lost = s.status === 'lost';
  const fill: number[] = [];
  const text: string[] = [];
  const tags: string[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const ch = level.puzzle.grid[r]?.[c] ?? '.';
      const ghost = level.solution[r]?.[c] === 'G';
      const [f, t, tag] =
        ch !== '.'
          ? [1, ch, 'clue']
          : isCaught(s, r, c)
            ? [3, 'G', 'ghost']
            : mistakes.has(i)
              ? [4, ghost ? 'G' : '!', ghost ? 'mistake missed' : 'mistake']
              : marks.has(i)
                ? [0, '×', 'mark']
                : isOpen(level, s, r, c)
                  ? [2, '·', 'open']
                  : lost && ghost
                    ? [5, 'G', 'missed']
                    : [0, '', ''];
      fill.push(f);
      text.push(t);
      tags.push([tag, hinted.has(i) ? 'hinted' : '', ui.cursor[0] === r && ui.cursor[1] === c ? 'cursor' : ''].filter(Boolean).join(' '));
    }
  const next = s.status === 'playing' ? nextHint(level, s) : null;
  const won = s.status === 'won';
  const medals = ghostMedalsEarned(level, s);
  const hintLine = next
    ? `layer ${next.layer} from ${next.constraints.map((k) => `${k[0]} ${k.slice(1).join(',')}`).join(' + ')}: ${next.ghosts.length} ghost(s), ${next.empties.length} empty`
    : 'none';
  return {
    picture: { rows: n, cols: n, fill, text, tags, palette: PALETTE, colLabels: level.puzzle.cols.map(String), rowLabels: level.puzzle.rows.map(String) },
    legend:
      'Bold numbers above and left: ghosts in that column / row; the small grey numbers outside them are the coordinates, rows and columns from 0 (row, col), as the hints name them. Grey cells with a number: clue cells (ghosts among the 8 neighbours; never a ghost). × = your "no ghost" mark, · = open (known empty: its row, column or clue is complete), G on violet = caught. A wrong × or catch costs a life; its cell turns red (! on an empty cell, G on a ghost), and a lost game shows the ghosts left as G on orange.',
    keys: 'Mouse: click = ×, double-click = catch. Keys: arrows move the cursor, x = ×, c or Enter = catch, h = hint, r = restart.',
    controls: [
      { id: 'hint', label: 'hint' },
      { id: 'restart', label: 'restart' },
    ],
    status: [
      [
        'status',
        'game-status',
        [s.status, ...(won ? [medals.best && 'best score', medals.worst && 'worst score', isCleanClear(s) && 'clean clear'] : [])].filter(Boolean).join(' · '),
      ],
      ['lives', 'lives', `${s.lives} of ${s.startLives}`],
      ['score', 'score', `${s.score} (best ${level.analysis.maxScore}, worst ${level.analysis.minScore})`],
      // a lost game ends on no score: it is on course for neither medal
      ['on course for the best score', 'course-best', s.status === 'lost' ? 'no' : yn(onCourseForBest(level, s))],
      ['on course for the worst score', 'course-worst', s.status === 'lost' ? 'no' : yn(onCourseForWorst(level, s))],
      [
        'clean so far (no hint, no mistake, every catch provable)',
        'clean',
        s.attempt === 1 && s.hints === 0 && s.mistakes === 0 && s.unprovable === 0 ? 'yes' : 'no',
      ],
      ['mistakes / hints / catches not provable', 'counts', `${s.mistakes} / ${s.hints} / ${s.unprovable} (attempt ${s.attempt})`],
      ['mistakes at', 'mistakes', ui.mistakes.length ? ui.mistakes.map(([r, c]) => `(${r}, ${c})`).join(' ') : 'none'],
      ['next hint', 'next-hint', hintLine],
      ['last action', 'last', ui.last],
    ],
  };
}

/** The × or its removal on a cell, as the state stands. */
function toggle(s: GhostGameState, row: number, col: number): GhostAction {
  return { type: s.marks.some(([r, c]) => r === row && c === col) ? 'unmark' : 'mark', row, col };
}

const MOVES: Record<string, readonly [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function ghostInput(level: GhostLevel, s: GhostGameState, ui: GhostUi, input: PlayInput): PlayAnswer<GhostGameState, GhostAction, GhostUi> {
  const n = level.puzzle.size;
  // a waiting × is placed first, unless the input is the second click on its own cell
  const flush = ui.pending ? [toggle(s, ui.pending[0], ui.pending[1])] : [];
  const none = { ui, actions: [] };
  switch (input.type) {
    case 'click':
      if (input.count > 1) return { ui: { ...ui, cursor: [input.row, input.col] }, actions: [] };
      return { ui: { ...ui, cursor: [input.row, input.col], pending: [input.row, input.col] }, actions: flush, wait: DOUBLE_CLICK_MS };
    case 'dblclick': {
      const own = ui.pending !== null && ui.pending[0] === input.row && ui.pending[1] === input.col;
      return {
        ui: { ...ui, cursor: [input.row, input.col], pending: null },
        actions: [...(own ? [] : flush), { type: 'catch', row: input.row, col: input.col }],
      };
    }
    case 'timeout':
      return { ui: { ...ui, pending: null }, actions: flush };
    case 'control':
      return input.id === 'hint' ? { ui, actions: [{ type: 'hint' }] } : input.id === 'restart' ? { ui, actions: [{ type: 'restart' }] } : none;
    case 'key': {
      const [r, c] = ui.cursor;
      const mv = MOVES[input.key];
      if (mv) return { ui: { ...ui, cursor: [Math.min(n - 1, Math.max(0, r + mv[0])), Math.min(n - 1, Math.max(0, c + mv[1]))] }, actions: [] };
      if (input.key === 'x') return { ui, actions: [toggle(s, r, c)] };
      if (input.key === 'c' || input.key === 'Enter') return { ui, actions: [{ type: 'catch', row: r, col: c }] };
      if (input.key === 'h') return { ui, actions: [{ type: 'hint' }] };
      if (input.key === 'r') return { ui, actions: [{ type: 'restart' }] };
      return none;
    }
    default:
      return none;
  }
}

export function ghostNoted(ui: GhostUi, action: GhostAction, e: GhostEvent): GhostUi {
  const last =
    e.kind +
    (e.kind === 'refused'
      ? ` (${e.why})`
      : e.kind === 'caught'
        ? ` +${e.points}${e.provable ? '' : ' (not provable then)'}`
        : e.kind === 'mistake' && 'row' in action
          ? ` (${e.action} at (${action.row}, ${action.col}))`
          : '');
  const mistakes = e.kind === 'restarted' ? [] : e.kind === 'mistake' && 'row' in action ? [...ui.mistakes, [action.row, action.col] as const] : ui.mistakes;
  return { ...ui, last, mistakes, hint: e.kind === 'hint' ? e.step : e.kind === 'restarted' ? null : ui.hint };
}

/** The ghost kind's view: its games on the play page, on top of its face (face.ts). */
export const view: KindView<GhostLevel, 'ghost', GhostGameState, GhostAction, GhostEvent, GhostUi> = {
  name: 'ghost',
  ui: ghostUi,
  view: ghostView,
  input: ghostInput,
  noted: ghostNoted,
};

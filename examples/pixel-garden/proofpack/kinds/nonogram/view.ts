// The nonogram on the play page (KindView): the marks as a picture with the
// clues as row and column labels; a click cycles a cell blank → filled →
// crossed → blank, `f` / `x` / space mark the cell under the last click, `r`
// restarts. No rule here: the face decides.
import type { KindView, PlayAnswer, PlayInput } from 'proofpack/face';
import { NAME } from './board.ts';
import type { Action, GameEvent, GameState, Mark, NonogramLevel } from './face.ts';

/** The page's own state: the cell last clicked and the last message. */
export interface Ui {
  readonly cursor: readonly [number, number] | null;
  readonly last: string;
}

const NEXT: Record<string, Mark> = { '-': '#', '#': 'x', x: '-' };
const KEYS: Record<string, Mark> = { f: '#', x: 'x', ' ': '-' };

function input(_level: NonogramLevel, state: GameState, ui: Ui, e: PlayInput): PlayAnswer<GameState, Action, Ui> {
  if (e.type === 'click') {
    const mark = NEXT[state.marks[e.row]?.[e.col] ?? '-'] ?? '#';
    return { ui: { ...ui, cursor: [e.row, e.col] }, actions: [{ type: 'mark', row: e.row, col: e.col, mark }] };
  }
  if ((e.type === 'key' && e.key === 'r') || (e.type === 'control' && e.id === 'restart')) return { ui, actions: [{ type: 'restart' }] };
  const mark = e.type === 'key' ? KEYS[e.key] : undefined;
  if (mark && ui.cursor) return { ui, actions: [{ type: 'mark', row: ui.cursor[0], col: ui.cursor[1], mark }] };
  return { ui, actions: [] };
}

export const view: KindView<NonogramLevel, typeof NAME, GameState, Action, GameEvent, Ui> = {
  name: NAME,
  ui: () => ({ cursor: null, last: '' }),
  view: (level, state, ui) => {
    const cols = level.puzzle.cols.length;
    const cells = state.marks.join('');
    const at = (i: number) => (ui.cursor && ui.cursor[0] * cols + ui.cursor[1] === i ? ' cursor' : '');
    return {
      picture: {
        rows: state.marks.length,
        cols,
        fill: [...cells].map((m) => (m === '#' ? 1 : m === 'x' ? 2 : 0)),
        text: [...cells].map((m) => (m === 'x' ? '×' : '')),
        tags: [...cells].map((m, i) => (m === '#' ? 'filled' : m === 'x' ? 'crossed' : 'blank') + at(i)),
        rowLabels: level.puzzle.rows.map((r) => r.join(' ') || '0'),
        colLabels: level.puzzle.cols.map((c) => c.join(' ') || '0'),
        palette: ['#fafafa', '#37474f', '#eceff1'],
      },
      legend: "Each row's and column's numbers are the lengths of its runs of filled cells, in order. Dark: filled; ×: crossed (empty).",
      keys: 'Click: blank → filled → crossed → blank. Keys on the last cell clicked: f fill, x cross, space blank; r restarts.',
      controls: [{ id: 'restart', label: 'restart' }],
      status: [
        ['status', 'game-status', state.solved ? 'solved' : 'playing'],
        ['filled', 'filled', `${cells.replaceAll(/[^#]/g, '').length} of ${level.analysis.filled}`],
        ['last action', 'last', ui.last],
      ],
    };
  },
  input,
  noted: (ui, _action, e) => ({
    ...ui,
    last: e.kind === 'refused' ? `refused: ${e.why}` : e.kind === 'marked' ? (e.solved ? 'solved!' : 'marked') : 'restarted',
  }),
};

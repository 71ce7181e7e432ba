// The kind on the play page (KindView): the board as a picture, a click as a
// press, `r` or the button to start again. No rule here: the face decides.
import type { KindView } from 'proofpack/face';
import { parse } from './board.ts';
import type { Action, Event, LightsLevel, State } from './face.ts';
import { NAME } from './name.ts';

/** The page's own state: the last message. */
export type Ui = { last: string };

export const view: KindView<LightsLevel, typeof NAME, State, Action, Event, Ui> = {
  name: NAME,
  ui: () => ({ last: '' }),
  view: (level, state, ui) => {
    const cells = parse(state.lights);
    return {
      picture: { rows: level.puzzle.size, cols: level.puzzle.size, fill: cells, text: cells.map((v) => (v ? '●' : '')), palette: ['#263238', '#ffeb3b'] },
      legend: 'Yellow cells are lit. A press toggles the cell and its four neighbours; turn every light off.',
      keys: 'Click a cell to press it; r restarts.',
      controls: [{ id: 'restart', label: 'restart' }],
      status: [
        ['status', 'game-status', state.lit === 0 ? 'solved' : 'playing'],
        ['lights on', 'lit', String(state.lit)],
        ['presses', 'moves', `${state.pressed.length} (fewest: ${level.analysis.presses})`],
        ['last action', 'last', ui.last],
      ],
    };
  },
  input: (_level, _state, ui, input) => {
    if (input.type === 'click') return { ui, actions: [{ type: 'press', row: input.row, col: input.col }] };
    const restart = (input.type === 'key' && input.key === 'r') || (input.type === 'control' && input.id === 'restart');
    return { ui, actions: restart ? [{ type: 'restart' }] : [] };
  },
  noted: (_ui, _action, e) => ({ last: e.kind === 'refused' ? `refused: ${e.why}` : e.kind === 'pressed' ? `${e.lit} lights on` : 'restarted' }),
};

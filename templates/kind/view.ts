// The kind on the play page (KindView): the board as a picture, a click as a press. No rule here: the face decides.
import type { KindView } from 'proofpack/face';
import { lit, NAME, type Action, type Event, type LightsLevel, type State } from './face.ts';

/** The page's own state: the last message. */
export type Ui = { last: string };

export const view: KindView<LightsLevel, typeof NAME, State, Action, Event, Ui> = {
  name: NAME,
  ui: () => ({ last: '' }),
  view: (level, state, ui) => {
    const fill = [...state.lights.join('')].map(Number);
    return {
      picture: { rows: level.puzzle.size, cols: level.puzzle.size, fill, text: fill.map((v) => (v ? '●' : '')), palette: ['#263238', '#ffeb3b'] },
      legend: 'Yellow cells (●) are lit. A press toggles the cell and its four neighbours; turn every light off.',
      keys: 'Click a cell to press it.',
      controls: [],
      status: [
        ['status', 'game-status', lit(state.lights) === 0 ? 'solved' : 'playing'],
        ['presses', 'moves', `${state.pressed.length} (fewest: ${level.analysis.presses})`],
        ['last action', 'last', ui.last],
      ],
    };
  },
  input: (level, _state, ui, input) => ({ ui, actions: input.type === 'click' ? [{ type: 'press', cell: input.row * level.puzzle.size + input.col }] : [] }),
  noted: (_ui, _action, e) => ({ last: e.kind === 'refused' ? `refused: ${e.why}` : `${e.lit} lights on` }),
};

// One play representation: a ghost game's state is its play, so neither a
// step nor the play page's view replays the game, even on a state restored
// from JSON (a saved game, or a port's state). Counted at the rules: every
// catch applies its score rule once (applyCatchToState), and the level's
// score model, built when the pack is loaded, is not built again.
import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/helpers.ts';

const counts = vi.hoisted(() => ({ catches: 0, models: 0 }));
vi.mock('../../tools/kinds/ghost/score-rule.ts', async (load) => {
  const real = await load<typeof import('../../tools/kinds/ghost/score-rule.ts')>();
  return {
    ...real,
    applyCatchToState: (...a: Parameters<typeof real.applyCatchToState>) => (counts.catches++, real.applyCatchToState(...a)),
    scoreModel: (...a: Parameters<typeof real.scoreModel>) => (counts.models++, real.scoreModel(...a)),
  };
});

import type { GhostLevel } from '../../tools/client/index.ts';

const { loadPack, levelsOf, startGhostGame, ghostStep } = await import('../../tools/client/index.ts');
const { ghostUi, ghostView } = await import('../../tools/kinds/ghost/view.ts');
const { hintPathActions } = await import('../../tools/kinds/ghost/vectors.ts');

describe('a ghost game is its play', () => {
  it('steps and views of states restored from JSON apply each catch once and build no score model', () => {
    const loaded = levelsOf(loadPack(fs.readFileSync(path.join(ROOT, 'dist', 'ghost-free.json'), 'utf8')));
    const level = loaded.levels[0] as GhostLevel;
    const viaJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
    const actions = hintPathActions(level);
    const catches = actions.filter((a) => a.type === 'catch').length;
    expect(catches).toBeGreaterThan(4);
    // loadPack built each level's rules when it checked the level; play builds none
    counts.catches = 0;
    counts.models = 0;
    let state = startGhostGame(level);
    for (const action of actions) {
      state = ghostStep(level, viaJson(state), action).state;
      ghostView(level, viaJson(state), ghostUi(level));
    }
    expect(state.status).toBe('won');
    expect({ catches: counts.catches, models: counts.models }).toEqual({ catches, models: 0 });
  });
});

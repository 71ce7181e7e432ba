// The apple kind's conformance vectors (format: conformance.ts):
// single rectangles with their results, and whole games through appleStep —
// the stored solution untimed, and a timed game that runs out of time.
import type { AppleConformanceCase, AppleGameCase } from './conformance.ts';
import type { AppleRect } from './schema.ts';
import { appleMedalsEarned, isAppleOver, startApplePlay, takeRect, type AppleLevel } from './play.ts';
import { APPLE_TIME_LIMIT_MS, appleStep, appleTimeLeft, startAppleGame, type AppleAction, type AppleGameState } from './game.ts';
import { sample, type KindPacks, at } from 'proofpack/kind';

function appleCase(pack: string, level: AppleLevel, name: string, rects: readonly AppleRect[]): AppleConformanceCase {
  const play = startApplePlay(level.puzzle);
  const steps = rects.map((rect) => {
    const result = takeRect(play, rect);
    return { rect: [...rect] as AppleRect, result, score: play.score, over: isAppleOver(play) };
  });
  return {
    name,
    pack,
    level: level.id,
    steps,
    end: { score: play.score, moves: play.moves, over: isAppleOver(play), medals: appleMedalsEarned(play, level.analysis) },
  };
}

/** The first rectangle (row-major corners) that sums to 10 only because it spans removed cells. */
function rectOverRemoved(cells: Uint8Array): AppleRect | undefined {
  const cell = (r: number, c: number) => at(cells, r * 17 + c);
  for (let t = 0; t < 10; t++)
    for (let l = 0; l < 17; l++)
      for (let b = t; b < 10; b++)
        for (let r = l; r < 17; r++) {
          let sum = 0;
          let removed = 0;
          for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) cell(y, x) === 0 ? removed++ : (sum += cell(y, x));
          if (sum === 10 && removed > 0) return [t, l, b, r];
        }
  return undefined;
}

/** Play `actions` through appleStep from a new game, recording every answer. */
function appleGameCase(pack: string, level: AppleLevel, name: string, timeLimitMs: number | null, actions: readonly AppleAction[]): AppleGameCase {
  let state: AppleGameState = startAppleGame(level, timeLimitMs);
  const steps: AppleGameCase['steps'] = [];
  for (const action of actions) {
    const r = appleStep(level, state, action);
    state = r.state;
    steps.push({
      action: action.type === 'take' ? { type: 'take', rect: [...action.rect] as AppleRect } : { ...action },
      event: r.event,
      state: { moves: state.taken.length, score: state.score, elapsedMs: state.elapsedMs, status: state.status },
      timeLeftMs: appleTimeLeft(state),
    } as AppleGameCase['steps'][number]);
  }
  return { name, pack, level: level.id, timeLimitMs, steps };
}

/** The single-rectangle cases and the whole games of the apple packs. */
export function appleVectors(packs: KindPacks<AppleLevel>): { cases: AppleConformanceCase[]; games: AppleGameCase[] } {
  const cases: AppleConformanceCase[] = [];
  const games: AppleGameCase[] = [];
  for (const { name, levels } of packs) {
    for (const level of sample(levels)) {
      cases.push(appleCase(name, level, "the level's stored solution (bestScore)", level.solution));
      cases.push(appleCase(name, level, 'the greedy play stored in the analysis (greedyScore)', level.analysis.greedyPlay));
      const takes = level.solution.map((rect): AppleAction => ({ type: 'take', rect }));
      games.push(
        appleGameCase(name, level, 'untimed: the stored solution to bestScore, then a take refused (no move)', null, [...takes, ...takes.slice(0, 1)]),
      );
      const timed: AppleAction[] = [];
      for (const t of takes.slice(0, 14)) timed.push({ type: 'tick', ms: 10_000 }, t);
      games.push(
        appleGameCase(name, level, 'timed (2 minutes): a move every 10 s until the time is up, then refused', APPLE_TIME_LIMIT_MS, [
          { type: 'tick', ms: -1 },
          ...timed,
          { type: 'restart' },
          { type: 'tick', ms: 0 },
        ]),
      );
    }
  }
  const first = packs[0]?.levels[0];
  if (first && first.solution[0]) {
    const move = first.solution[0];
    const play = startApplePlay(first.puzzle);
    takeRect(play, move);
    const over = rectOverRemoved(play.cells);
    const rects: AppleRect[] = [[0, 0, 9, 16], [2, 0, 1, 0], [0, 3, 0, 2], [0, 0, 10, 0], [0, 0, 0, 17], [-1, 0, 0, 0], move, move, ...(over ? [over] : [])];
    cases.push(
      appleCase(
        at(packs, 0).name,
        first,
        'refused rectangles (whole board, upside down, off the board), then a move, the same move again (sum 0), a rectangle over removed cells',
        rects,
      ),
    );
  }
  return { cases, games };
}

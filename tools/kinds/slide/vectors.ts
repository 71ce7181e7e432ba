// The slide kind's conformance vectors (format: conformance.ts):
// single flicks with their results, and whole games through slideStep —
// undo, restart, stars and whether ★★★ is still reachable after every action.
import type { SlideConformanceCase, SlideGameCase } from './conformance.ts';
import type { Direction } from './schema.ts';
import { starsFor } from './stars.ts';
import { flick, isCleared, slideBoardNow, startSlidePlay, starsEarned, type SlideLevel } from './play.ts';
import { slideGameBoard, slideGameStars, slideStep, startSlideGame, threeStarsReachable, type SlideAction, type SlideGameState } from './game.ts';
import { sample, type KindPacks, at } from 'proofpack/kind';

type Cell = [number, number];

function slideCase(pack: string, level: SlideLevel, name: string, flicks: readonly [number, number, string][]): SlideConformanceCase {
  const play = startSlidePlay(level.puzzle);
  const steps = flicks.map((f) => {
    const result = flick(play, f[0], f[1], f[2] as Direction);
    return {
      flick: [...f] as [number, number, string],
      result,
      board: slideBoardNow(play),
      cleared: isCleared(play),
      stars: starsEarned(play, level.analysis),
    };
  });
  const starsByMoves = Array.from({ length: level.analysis.stars.one + 2 }, (_, m) => starsFor(m, level.analysis.stars));
  return { name, pack, level: level.id, steps, end: { moves: play.moves, cleared: isCleared(play), stars: starsEarned(play, level.analysis), starsByMoves } };
}

const DIRS: Direction[] = ['U', 'D', 'L', 'R'];

/** Up to `k` legal flicks, each the first legal one in scan order (row, column, U D L R) that is not the solution's next move. */
function wander(level: SlideLevel, k: number): [number, number, string][] {
  const out: [number, number, string][] = [];
  const play = startSlidePlay(level.puzzle);
  for (let i = 0; i < k; i++) {
    const board = slideBoardNow(play);
    let found: [number, number, Direction] | undefined;
    for (let r = 0; r < board.length && !found; r++) {
      for (let c = 0; c < at(board, r).length && !found; c++) {
        if (!/[a-o]/.test(at(at(board, r), c))) continue;
        for (const d of DIRS) {
          const sol = level.solution[i];
          if (sol && sol[0] === c && sol[1] === r && sol[2] === d) continue;
          const trial = startSlidePlay(level.puzzle);
          for (const m of out) flick(trial, m[0], m[1], m[2] as Direction);
          if (flick(trial, c, r, d).ok) {
            found = [c, r, d];
            break;
          }
        }
      }
    }
    if (!found) break;
    out.push(found);
    flick(play, found[0], found[1], found[2]);
  }
  return out;
}

/** Illegal flicks on this board: off it, a wall, an empty floor cell, a fixed block, a block that cannot move that way. */
function illegalFlicks(level: SlideLevel): [number, number, string][] {
  const rows = level.puzzle.board;
  const h = rows.length;
  const w = at(rows, 0).length;
  const find = (re: RegExp): Cell | undefined => {
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) if (re.test(at(at(rows, r), c))) return [c, r];
    return undefined;
  };
  const out: [number, number, string][] = [
    [-1, 0, 'R'],
    [w, 0, 'L'],
    [0, h, 'U'],
  ];
  for (const re of [/#/, /\./, /[A-O]/]) {
    const at = find(re);
    if (at) out.push([at[0], at[1], 'R']);
  }
  const step: Record<Direction, [number, number]> = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] };
  outer: for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (!/[a-o]/.test(at(at(rows, r), c))) continue;
      for (const d of DIRS) {
        const [dc, dr] = step[d];
        const next = rows[r + dr]?.[c + dc];
        if (next === undefined || next !== '.') {
          out.push([c, r, d]);
          break outer;
        }
      }
    }
  }
  return out;
}

/** Play `actions` through slideStep from a new game, recording every answer. */
function slideGameCase(pack: string, level: SlideLevel, name: string, actions: readonly SlideAction[]): SlideGameCase {
  let state: SlideGameState = startSlideGame(level);
  const steps: SlideGameCase['steps'] = [];
  for (const action of actions) {
    const r = slideStep(level, state, action);
    state = r.state;
    steps.push({
      action: { ...action },
      event: r.event,
      state: { moves: state.flicks.length, undos: state.undos, restarts: state.restarts },
      board: slideGameBoard(level, state),
      stars: slideGameStars(level, state),
      threeStarsReachable: threeStarsReachable(level, state),
    } as SlideGameCase['steps'][number]);
  }
  return { name, pack, level: level.id, steps };
}

const flickOf = ([col, row, dir]: readonly [number, number, string]): SlideAction => ({ type: 'flick', col, row, dir: dir as Direction });

/** The single-flick cases and the whole games of the slide packs. */
export function slideVectors(packs: KindPacks<SlideLevel>): { cases: SlideConformanceCase[]; games: SlideGameCase[] } {
  const cases: SlideConformanceCase[] = [];
  const games: SlideGameCase[] = [];
  for (const { name, levels } of packs) {
    for (const level of sample(levels)) {
      cases.push(slideCase(name, level, "the level's stored solution", level.solution));
      cases.push(slideCase(name, level, 'wanderer: the first legal flick that is not the solution, three times', wander(level, 3)));
      const off = wander(level, 1);
      games.push(
        slideGameCase(name, level, 'undo: undo at the start (refused), a wrong flick, undo, then the solution (★★★)', [
          { type: 'undo' },
          ...off.map(flickOf),
          { type: 'undo' },
          ...level.solution.map(flickOf),
          ...level.solution.slice(0, 1).map(flickOf),
        ]),
      );
      games.push(
        slideGameCase(name, level, 'restart: three wrong flicks, restart, then the solution', [
          ...wander(level, 3).map(flickOf),
          { type: 'restart' },
          ...level.solution.map(flickOf),
        ]),
      );
    }
  }
  const first = packs[0]?.levels[0];
  if (first)
    cases.push(
      slideCase(at(packs, 0).name, first, 'illegal flicks (they change nothing and do not count), then the solution', [
        ...illegalFlicks(first),
        ...first.solution,
      ]),
    );
  return { cases, games };
}

// The ghost kind's conformance vectors (format: conformance.ts):
// single catches with their results, and whole games through ghostStep —
// marks, mistakes and lives, hints, a loss and a restart, a clean clear and
// a guesser's clear — with what the game shows after every action.
import type { GhostConformanceCase, GhostGameCase } from './conformance.ts';
import { catchAt, hintsOf, isCatchProvable, isCaught, isOpen, provableCatches, startGhostPlay, type Cell, type GhostLevel, type GhostPlay } from './play.ts';
import { ghostStep, isCleanClear, nextHint, provableNow, startGhostGame, type GhostAction, type GhostGameState } from './game.ts';
import { ghostMedalsEarned, isGhostLevelOver, onCourseForBest, onCourseForWorst } from './medals.ts';
import { sample, type KindPacks, at } from 'proofpack/kind';

/** The medal questions, by what they answer: the one family a game asks (exact for every history, null when "unknown"). */
export function medalQuestions(level: GhostLevel, play: GhostPlay): { onCourseForBest: boolean | null; onCourseForWorst: boolean | null } {
  return { onCourseForBest: onCourseForBest(level, play), onCourseForWorst: onCourseForWorst(level, play) };
}

function ghostCells(level: GhostLevel): Cell[] {
  const out: Cell[] = [];
  level.solution.forEach((row, r) => [...row].forEach((ch, c) => ch === 'G' && out.push([r, c])));
  return out;
}

function ghostCase(pack: string, level: GhostLevel, name: string, choose: (play: GhostPlay) => Cell | undefined): GhostConformanceCase {
  let play = startGhostPlay(level);
  const start = { provable: provableCatches(level, play), ...medalQuestions(level, play) };
  const steps: GhostConformanceCase['steps'] = [];
  for (let next = choose(play); next; next = choose(play)) {
    const provable = isCatchProvable(level, play, next[0], next[1]);
    const { play: after, outcome: result } = catchAt(level, play, next[0], next[1]);
    play = after;
    steps.push({ catch: next, provable, result, ...medalQuestions(level, play) });
  }
  return {
    name,
    pack,
    level: level.id,
    start,
    steps,
    end: { score: play.score, over: isGhostLevelOver(level, play), medals: ghostMedalsEarned(level, play) },
  };
}

/** A chooser that plays `cells` in order, then stops. */
const script = (cells: Cell[]) => {
  let i = 0;
  return () => cells[i++];
};

/** First uncaught ghost (row-major) after whose catch `question` still says true; else the first uncaught. */
function seeking(level: GhostLevel, question: 'onCourseForBest' | 'onCourseForWorst') {
  const ghosts = ghostCells(level);
  return (play: GhostPlay): Cell | undefined => {
    const left = ghosts.filter(([r, c]) => !isCaught(play, r, c));
    for (const cell of left) if (medalQuestions(level, catchAt(level, play, cell[0], cell[1]).play)[question]) return cell;
    return left[0];
  };
}

/** The actions of a player who follows the stored hint path: × every empty of a step, then catch its ghosts. */
export function hintPathActions(level: GhostLevel): GhostAction[] {
  const out: GhostAction[] = [];
  for (const step of hintsOf(level)) {
    for (const [row, col] of step.empties) out.push({ type: 'mark', row, col });
    for (const [row, col] of step.ghosts) out.push({ type: 'catch', row, col });
  }
  return out;
}

/** Play `actions` through ghostStep from a new game, recording every answer. Marks of cells already open are refused, as the game does. */
export function ghostGameCase(pack: string, level: GhostLevel, name: string, actions: readonly GhostAction[], lives?: number): GhostGameCase {
  let state: GhostGameState = startGhostGame(level, lives);
  const steps: GhostGameCase['steps'] = [];
  for (const action of actions) {
    const r = ghostStep(level, state, action);
    state = r.state;
    steps.push({
      action: { ...action },
      event: r.event,
      state: {
        lives: state.lives,
        attempt: state.attempt,
        catches: state.catches.length,
        marks: state.marks.length,
        mistakes: state.mistakes,
        hints: state.hints,
        unprovable: state.unprovable,
        score: state.score,
        status: state.status,
      },
      provableNow: provableNow(level, state),
      nextHint: nextHint(level, state),
      ...medalQuestions(level, state),
      clean: isCleanClear(state),
    } as GhostGameCase['steps'][number]);
  }
  return { name, pack, level: level.id, lives: state.startLives, steps };
}

/** The single-catch cases and the whole games of the ghost packs. */
export function ghostVectors(packs: KindPacks<GhostLevel>): { cases: GhostConformanceCase[]; games: GhostGameCase[] } {
  const cases: GhostConformanceCase[] = [];
  const games: GhostGameCase[] = [];
  for (const { name, levels } of packs) {
    for (const level of sample(levels)) {
      const ghosts = ghostCells(level);
      cases.push(ghostCase(name, level, 'careful player: always the first catch the layers decide', (p) => provableCatches(level, p)[0]));
      cases.push(ghostCase(name, level, 'best seeker: the first ghost that keeps onCourseForBest', seeking(level, 'onCourseForBest')));
      cases.push(ghostCase(name, level, 'worst seeker: the first ghost that keeps onCourseForWorst', seeking(level, 'onCourseForWorst')));
      cases.push(ghostCase(name, level, 'guesser: every ghost in reverse row-major order', script([...ghosts].reverse())));
      if (level !== levels[0]) continue;
      games.push(ghostGameCase(name, level, 'hint-path player: × the empties of each hint step, then catch its ghosts', hintPathActions(level)));
      games.push(
        ghostGameCase(
          name,
          level,
          'guesser: catches every ghost in row-major order, no marks',
          ghosts.map(([row, col]) => ({ type: 'catch', row, col })),
        ),
      );
    }
  }
  const first = packs[0]?.levels[0];
  if (first) {
    const n = first.puzzle.size;
    const ghost = at(ghostCells(first), 0);
    const clue = first.puzzle.grid.flatMap((row, r) => [...row].flatMap((ch, c) => (/[0-9]/.test(ch) ? [[r, c] as Cell] : [])))[0];
    const empties = first.solution.flatMap((row, r) =>
      [...row].flatMap((ch, c) => (ch !== 'G' && at(first.puzzle.grid, r)[c] === '.' ? [[r, c] as Cell] : [])),
    );
    const empty = at(empties, 0);
    const misses: Cell[] = [empty, ...(clue ? [clue] : []), [-1, 0], [0, n], [n, n], ghost, ghost];
    cases.push(ghostCase(at(packs, 0).name, first, 'misses: an empty cell, a clue, off the board, then the same ghost twice', script(misses)));
    const act = (type: 'mark' | 'unmark' | 'catch', [row, col]: Cell): GhostAction => ({ type, row, col });
    // three mistakes after the first catch: a × on an uncaught ghost, then catches on cells still closed
    const after = catchAt(first, startGhostPlay(first), ghost[0], ghost[1]).play;
    const closed = empties.filter(([r, c]) => !isOpen(first, after, r, c));
    const others = ghostCells(first).slice(1);
    const wrongs = [act('mark', others[0] ?? ghost), ...closed.slice(0, 2).map((c) => act('catch', c)), ...others.slice(1, 3).map((c) => act('mark', c))].slice(
      0,
      3,
    );
    games.push(
      ghostGameCase(at(packs, 0).name, first, 'mistakes: refused actions, a hint, a wrong × and two wrong catches (lost), refused after, restart, hint path', [
        act('catch', [-1, 0]),
        act('mark', [0, n]),
        ...(clue ? [act('mark', clue), act('catch', clue)] : []),
        { type: 'hint' },
        act('mark', empty),
        act('mark', empty),
        act('unmark', empty),
        act('unmark', empty),
        act('catch', ghost),
        act('catch', ghost),
        ...wrongs,
        act('catch', ghostCells(first)[1] ?? ghost),
        { type: 'hint' },
        { type: 'restart' },
        ...hintPathActions(first),
        { type: 'hint' },
      ]),
    );
  }
  return { cases, games };
}

// The ghost rules as a game client uses them: start a play, catch a ghost
// (score, completed constraints, opened cells), check that a catch is provable
// from what the player knows for certain, ask whether the best/worst score is
// still reachable (exact for every history, from the course assets, decoded
// the first time a level asks), the hint path, and replay a level's stored solution.
// Everything here runs the same library code the pipeline ships levels with.
import type { GhostAnalysis, GhostPuzzle, GhostSolution } from './schema.ts';
import { compileBoard, WORDS, type Board } from './board.ts';
import { solveLayered } from './solver.ts';
import { applyCatchToState, constraintName, scoreModel, startOpen, CATCH_BASE, CATCH_BONUS, type ConstraintName, type ScoreModel } from './score-rule.ts';
import { decodeCourse, onCourse, type Course } from './course-format.ts';
import { decodeHints, type HintStep } from './hints.ts';
import type { Level } from '../../lib/kind.ts';
import type { ReplayReport } from '../../lib/face.ts';
import { at } from '../../lib/at.ts';

/** A ghost level as stored in a pack: `puzzle` (size, grid, row and column counts), `solution` (rows, 'G' = ghost), `analysis` (scores, course assets, hint path). */
export type GhostLevel = Level<GhostPuzzle, GhostSolution, GhostAnalysis>;
/** A cell as [row, col], 0-based, row 0 at the top. */
export type Cell = [number, number];

/** A play in progress: what is caught, what is open, the score so far. */
export interface GhostPlay {
  readonly puzzle: GhostPuzzle;
  readonly model: ScoreModel;
  readonly board: Board;
  /** Per ghost index (row-major order of the ghosts): 1 when caught. */
  readonly caught: Uint8Array;
  /** Per cell (row * size + col): 1 when open (revealed empty). */
  readonly open: Uint8Array;
  /** Ghost indexes in the order they were caught. */
  readonly order: readonly number[];
  /** Points so far. */
  readonly score: number;
}

/** The play as this module changes it (outside it, GhostPlay is read-only). */
type MutablePlay = { -readonly [K in keyof GhostPlay]: GhostPlay[K] } & { order: number[] };

/** What catchAt did: a hit with its points, the constraints it completed and the cells it opened; or a refusal that changes nothing. */
export type CatchOutcome =
  | { hit: false; reason: 'no ghost' | 'already caught' | 'not a cell' }
  | { hit: true; ghost: number; points: number; completed: ConstraintName[]; opened: Cell[]; score: number };

/** Start a play of a ghost level: nothing caught, the cells of target-0 constraints open, score 0. Throws when the solution does not fit the puzzle. */
export function startGhostPlay(puzzle: GhostPuzzle, solution: GhostSolution): GhostPlay {
  const model = scoreModel(puzzle, solution);
  return { puzzle, model, board: compileBoard(puzzle), caught: new Uint8Array(model.ghosts), open: startOpen(model), order: [], score: 0 };
}

/** True when (row, col) are whole numbers on the board (NaN, 0.5, "0", undefined are not). */
export function isCell(play: GhostPlay, row: unknown, col: unknown): boolean {
  const n = play.puzzle.size;
  return Number.isInteger(row) && Number.isInteger(col) && (row as number) >= 0 && (col as number) >= 0 && (row as number) < n && (col as number) < n;
}

/** Ghost index of (row, col), or -1 when no ghost is there or (row, col) is not a cell of the board. */
export function ghostAt(play: GhostPlay, row: number, col: number): number {
  if (!isCell(play, row, col)) return -1;
  return at(play.model.ghostOf, row * play.puzzle.size + col);
}

/** Catch at (row, col): scores 100 + 50 × opened × completed when a ghost is there (docs/ghost.md). */
export function catchAt(play: GhostPlay, row: number, col: number): CatchOutcome {
  if (!isCell(play, row, col)) return { hit: false, reason: 'not a cell' };
  const g = ghostAt(play, row, col);
  if (g < 0) return { hit: false, reason: 'no ghost' };
  if (play.caught[g]) return { hit: false, reason: 'already caught' };
  const p = play as MutablePlay;
  const r = applyCatchToState(play.model, play.caught, play.open, g);
  p.order.push(g);
  p.score += r.points;
  const n = play.puzzle.size;
  return {
    hit: true,
    ghost: g,
    points: r.points,
    completed: r.completed.map((c) => constraintName(at(play.model.types, c), at(play.model.refs, c), n)),
    opened: r.opened.map((cell) => [Math.floor(cell / n), cell % n] as Cell),
    score: play.score,
  };
}

/**
 * The uncaught ghosts the layered solver (L1–L3, one assumption at a time),
 * run to its fixpoint from the caught ghosts and the open cells, decides are
 * ghosts. On a shipped board that is every ghost from the start (the layers
 * solve it), so this is "decidable from here", not the clean-clear test: that
 * is provableNow (game.ts), which allows one round. Row-major order.
 */
export function provableCatches(play: GhostPlay): Cell[] {
  const b = play.board;
  const start = confirmedStart(play);
  const r = solveLayered(b, { start });
  if (r.status === 'contradiction') return [];
  const out: Cell[] = [];
  for (let p = 0; p < b.plainCount; p++) {
    if (!(at(r.state, p >>> 5) & (1 << (p & 31))) || at(start, p >>> 5) & (1 << (p & 31))) continue;
    const cell = at(b.plainCell, p);
    out.push([Math.floor(cell / b.n), cell % b.n]);
  }
  return out;
}

/** Is (row, col) among provableCatches(play) — decidable by the layers run to their fixpoint? Not the clean-clear test (see provableNow). */
export function isCatchProvable(play: GhostPlay, row: number, col: number): boolean {
  return provableCatches(play).some(([r, c]) => r === row && c === col);
}

interface Decoded {
  max?: Course | null;
  min?: Course | null;
  hints?: HintStep[];
}
const decoded = new WeakMap<GhostAnalysis, Decoded>();
const cache = (a: GhostAnalysis): Decoded => {
  let d = decoded.get(a);
  if (!d) decoded.set(a, (d = {}));
  return d;
};

/** The most ghosts a board can hold (a 9×9 board has 81 cells): a larger `analysis.ghosts` is refused before anything is allocated. */
const MAX_GHOSTS = 81;

/** The decoded course asset of the best ('max') or worst ('min') score; null when "unknown". Decoded once per analysis object. Throws on a malformed asset or an impossible `analysis.ghosts`. */
export function courseOf(analysis: GhostAnalysis, which: 'max' | 'min'): Course | null {
  if (!Number.isInteger(analysis.ghosts) || analysis.ghosts < 0 || analysis.ghosts > MAX_GHOSTS)
    throw new RangeError(`analysis.ghosts is ${analysis.ghosts}: a board holds 0..${MAX_GHOSTS} ghosts`);
  const d = cache(analysis);
  let course = d[which];
  if (course === undefined) {
    const text = which === 'max' ? analysis.maxCourse : analysis.minCourse;
    course = d[which] = text === 'unknown' ? null : decodeCourse(text, analysis.ghosts, `analysis.${which}Course`);
  }
  return course;
}

/** The level's hint path, decoded once per analysis object. */
export function hintsOf(level: Pick<GhostLevel, 'puzzle' | 'solution' | 'analysis'>): HintStep[] {
  const d = cache(level.analysis);
  d.hints ??= decodeHints(level.analysis.hints, level.puzzle.size, level.solution, 'analysis.hints');
  return d.hints;
}

/** Cells opened so far by the play's catches (cells open at the start not counted). */
function openedSoFar(play: GhostPlay): number {
  let k = 0;
  for (let cell = 0; cell < play.open.length; cell++) k += at(play.open, cell) - at(play.model.openAtStart, cell);
  return k;
}

/**
 * Can this play, after its catches in the order made, still end on the level's
 * best ('max') or worst ('min') score? Exact for every history: true exactly
 * when every catch so far was an optimal move (see kinds/ghost/course-format.ts). null when the
 * level's assets are "unknown".
 */
export function canStillReach(play: GhostPlay, analysis: GhostAnalysis, which: 'max' | 'min'): boolean | null {
  const G = play.model.ghosts;
  if (analysis.ghosts !== G) throw new RangeError(`analysis.ghosts is ${analysis.ghosts}, the level's solution has ${G} ghosts`);
  const course = courseOf(analysis, which);
  const target = which === 'max' ? analysis.maxScore : analysis.minScore;
  if (course === null || target === 'unknown') return null;
  const bonus = (play.score - CATCH_BASE * play.order.length) / CATCH_BONUS;
  const optimum = (target - CATCH_BASE * G) / CATCH_BONUS;
  return onCourse(course, (g) => play.caught[g] === 1, bonus, openedSoFar(play), optimum);
}

/** Can this play still reach the level's best score (see canStillReach)? null when "unknown". */
export function canStillReachBest(play: GhostPlay, analysis: GhostAnalysis): boolean | null {
  return canStillReach(play, analysis, 'max');
}

/** Can this play still end on the level's worst score? null when "unknown". */
export function canStillReachWorst(play: GhostPlay, analysis: GhostAnalysis): boolean | null {
  return canStillReach(play, analysis, 'min');
}

/**
 * Replay a level's stored solution as a careful player: repeatedly catch the
 * first (row-major) ghost that is provable from the caught ghosts and open
 * cells, until all are caught. Checks that every ghost of the solution is
 * caught this way, that each catch hits, that every empty plain cell ends
 * open, that the total lies within [minScore, maxScore], that the hint
 * path decodes, that both medals are reachable at the start, and that at the
 * end each medal is still "reachable" exactly when the score equals it.
 */
export function replayGhost(level: GhostLevel): ReplayReport {
  const problems: string[] = [];
  const { puzzle, solution, analysis } = level;
  const play = startGhostPlay(puzzle, solution);
  const n = puzzle.size;
  const G = play.model.ghosts;
  if (G !== analysis.ghosts) problems.push(`analysis.ghosts is ${analysis.ghosts}, the solution has ${G}`);
  for (const which of ['max', 'min'] as const) {
    try {
      if (canStillReach(play, analysis, which) === false)
        problems.push(`${which}Course: the ${which === 'max' ? 'best' : 'worst'} score is not reachable at the start`);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  try {
    hintsOf(level);
  } catch (e) {
    problems.push((e as Error).message);
  }
  while (play.order.length < G) {
    const next = provableCatches(play)[0];
    if (!next) {
      problems.push(`stuck after ${play.order.length} of ${G} catches: no uncaught ghost is provable`);
      break;
    }
    const out = catchAt(play, next[0], next[1]);
    if (!out.hit) {
      problems.push(`catch at [${next[0]}, ${next[1]}] missed (${out.reason}): the solution disagrees with the puzzle`);
      break;
    }
  }
  if (play.order.length === G) {
    for (let cell = 0; cell < n * n; cell++) {
      const plain = at(play.board.plainOf, cell) >= 0;
      if (plain && at(play.model.ghostOf, cell) < 0 && !play.open[cell]) problems.push(`cell [${Math.floor(cell / n)}, ${cell % n}] never opened`);
    }
    if (analysis.maxScore !== 'unknown' && play.score > analysis.maxScore) problems.push(`score ${play.score} above maxScore ${analysis.maxScore}`);
    if (analysis.minScore !== 'unknown' && play.score < analysis.minScore) problems.push(`score ${play.score} below minScore ${analysis.minScore}`);
    for (const which of ['max', 'min'] as const) {
      const target = which === 'max' ? analysis.maxScore : analysis.minScore;
      try {
        const still = canStillReach(play, analysis, which);
        if (still !== null && still !== (play.score === target))
          problems.push(`${which}Course: at the end says ${still}, the score is ${play.score} and the ${which} ${target}`);
      } catch (e) {
        problems.push((e as Error).message);
      }
    }
  }
  return { ok: problems.length === 0, problems, moves: play.order.length, score: play.score };
}

/**
 * The layered solver's start state of what the play has confirmed: caught ghosts
 * (first WORDS words, a bit per plain cell) and open cells (next WORDS words).
 * provableNow (game.ts) adds the player's marks to it.
 */
export function confirmedStart(play: GhostPlay): Uint32Array {
  const b = play.board;
  const start = new Uint32Array(2 * WORDS);
  for (let p = 0; p < b.plainCount; p++) {
    const cell = at(b.plainCell, p);
    const g = at(play.model.ghostOf, cell);
    if (g >= 0 && play.caught[g]) start[p >>> 5] = at(start, p >>> 5) | (1 << (p & 31));
    else if (play.open[cell]) start[WORDS + (p >>> 5)] = at(start, WORDS + (p >>> 5)) | (1 << (p & 31));
  }
  return start;
}

// The ghost rules as a game client uses them: a play as plain JSON (what is
// caught, what is open, the score), never changed in place, and the level's
// rules built once per level beside it; start a play, catch a ghost
// (the next play: score, completed constraints, opened cells), check that a catch is provable
// from what the player knows for certain, ask whether the best/worst score is
// still reachable (exact for every history, from the course assets, decoded
// the first time a level asks), the hint path, and replay a level's stored solution.
// Everything here runs the same library code the pipeline ships levels with.
import type { GhostAnalysis, GhostPuzzle, GhostSolution } from './schema.ts';
import { compileBoard, WORDS, type Board } from './board.ts';
import { solveLayered } from './solver.ts';
import { applyCatchToState, constraintName, scoreModel, CATCH_BASE, CATCH_BONUS, type ConstraintName, type ScoreModel } from './score-rule.ts';
import { decodeCourse, onCourse, type Course } from './course-format.ts';
import { decodeHints, type HintStep } from './hints.ts';
import { type Level, type ReplayReport, at } from 'proofpack/face';

/** A ghost level as stored in a pack: `puzzle` (size, grid, row and column counts), `solution` (rows, 'G' = ghost), `analysis` (scores, course assets, hint path). */
export type GhostLevel = Level<GhostPuzzle, GhostSolution, GhostAnalysis>;
/** What the rules of a play read of a level: its puzzle and solution. */
export type GhostBoard = Pick<GhostLevel, 'puzzle' | 'solution'>;
/** What the course questions read of a level: its puzzle, solution and analysis. */
export type GhostCourseLevel = Pick<GhostLevel, 'puzzle' | 'solution' | 'analysis'>;
/** A cell as [row, col], 0-based, row 0 at the top. */
export type Cell = [number, number];

/**
 * A play in progress, as plain JSON, never changed in place: what is caught,
 * what the catches opened, the score. The one representation of a play: a
 * game's state (GhostGameState, game.ts) is a play with the game's own fields
 * beside it. Everything else a question needs is the level's, built once per
 * level (rulesOf).
 */
export interface GhostPlay {
  /** Caught ghosts, [row, col], in the order caught. */
  readonly catches: readonly Cell[];
  /** Cells the catches opened (revealed empty), in the order opened; the cells open at the start are not listed. */
  readonly opened: readonly Cell[];
  /** Points so far. */
  readonly score: number;
}

/** What catchAt did: a hit with its points, the constraints it completed and the cells it opened; or a refusal that changes nothing. */
export type CatchOutcome =
  | { hit: false; reason: 'no ghost' | 'already caught' | 'not a cell' }
  | { hit: true; ghost: number; points: number; completed: ConstraintName[]; opened: Cell[]; score: number };

/** A level's rules: its score model and compiled board, built once per puzzle and solution. */
export interface GhostRules {
  readonly model: ScoreModel;
  readonly board: Board;
}
const rulesCache = new WeakMap<GhostPuzzle, { solution: GhostSolution; rules: GhostRules }>();

/** The rules of a level, built the first time it is asked of this puzzle and solution. Throws when the solution does not fit the puzzle. */
export function rulesOf(level: GhostBoard): GhostRules {
  const kept = rulesCache.get(level.puzzle);
  if (kept?.solution === level.solution) return kept.rules;
  const rules = { model: scoreModel(level.puzzle, level.solution), board: compileBoard(level.puzzle) };
  rulesCache.set(level.puzzle, { solution: level.solution, rules });
  return rules;
}

/** A play's caught ghosts (per ghost index) and open cells (per cell, the start's included), as the rules count them. Throws when the play does not fit the level. */
export function playBits(level: GhostBoard, play: GhostPlay): { caught: Uint8Array; open: Uint8Array } {
  const { model } = rulesOf(level);
  const n = level.puzzle.size;
  const caught = new Uint8Array(model.ghosts);
  const open = model.openAtStart.slice();
  for (const [r, c] of play.catches) {
    const g = ghostAt(level, r, c);
    if (g < 0 || caught[g]) throw new RangeError(`the play's catch at [${r}, ${c}] is not an uncaught ghost of the level`);
    caught[g] = 1;
  }
  for (const [r, c] of play.opened) {
    if (!isCell(level, r, c)) throw new RangeError(`the play's opened cell [${r}, ${c}] is not a cell of the board`);
    open[r * n + c] = 1;
  }
  return { caught, open };
}

/** Start a play of a ghost level: nothing caught, the cells of target-0 constraints open, score 0. Throws when the solution does not fit the puzzle. */
export function startGhostPlay(level: GhostBoard): GhostPlay {
  rulesOf(level);
  return { catches: [], opened: [], score: 0 };
}

/** True when (row, col) are whole numbers on the board (NaN, 0.5, "0", undefined are not). */
export function isCell(level: GhostBoard, row: unknown, col: unknown): boolean {
  const n = level.puzzle.size;
  return Number.isInteger(row) && Number.isInteger(col) && (row as number) >= 0 && (col as number) >= 0 && (row as number) < n && (col as number) < n;
}

/** Ghost index of (row, col) (row-major order of the ghosts), or -1 when no ghost is there or (row, col) is not a cell of the board. */
export function ghostAt(level: GhostBoard, row: number, col: number): number {
  if (!isCell(level, row, col)) return -1;
  return at(rulesOf(level).model.ghostOf, row * level.puzzle.size + col);
}

/** Is the ghost at (row, col) caught in this play? */
export function isCaught(play: GhostPlay, row: number, col: number): boolean {
  return play.catches.some(([r, c]) => r === row && c === col);
}

/** Is (row, col) open (known empty: open at the start, or opened by a catch)? */
export function isOpen(level: GhostBoard, play: GhostPlay, row: number, col: number): boolean {
  if (!isCell(level, row, col)) return false;
  return at(rulesOf(level).model.openAtStart, row * level.puzzle.size + col) === 1 || play.opened.some(([r, c]) => r === row && c === col);
}

/** Catch at (row, col): the play after it and what it did; scores 100 + 50 × opened × completed when a ghost is there (docs/ghost.md). A refusal returns the same play. */
export function catchAt(level: GhostBoard, play: GhostPlay, row: number, col: number): { play: GhostPlay; outcome: CatchOutcome } {
  if (!isCell(level, row, col)) return { play, outcome: { hit: false, reason: 'not a cell' } };
  const g = ghostAt(level, row, col);
  if (g < 0) return { play, outcome: { hit: false, reason: 'no ghost' } };
  const { model } = rulesOf(level);
  const { caught, open } = playBits(level, play);
  if (caught[g]) return { play, outcome: { hit: false, reason: 'already caught' } };
  const r = applyCatchToState(model, caught, open, g);
  const n = level.puzzle.size;
  const opened = r.opened.map((cell) => [Math.floor(cell / n), cell % n] as Cell);
  const score = play.score + r.points;
  return {
    play: { catches: [...play.catches, [row, col]], opened: [...play.opened, ...opened], score },
    outcome: {
      hit: true,
      ghost: g,
      points: r.points,
      completed: r.completed.map((c) => constraintName(at(model.types, c), at(model.refs, c), n)),
      opened,
      score,
    },
  };
}

/**
 * The uncaught ghosts the layered solver (L1–L3, one assumption at a time),
 * run to its fixpoint from the caught ghosts and the open cells, decides are
 * ghosts. On a shipped board that is every ghost from the start (the layers
 * solve it), so this is "decidable from here", not the clean-clear test: that
 * is provableNow (game.ts), which allows one round. Row-major order.
 */
export function provableCatches(level: GhostBoard, play: GhostPlay): Cell[] {
  const { board: b } = rulesOf(level);
  const start = confirmedStart(level, play);
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

/** Is (row, col) among provableCatches — decidable by the layers run to their fixpoint? Not the clean-clear test (see provableNow). */
export function isCatchProvable(level: GhostBoard, play: GhostPlay, row: number, col: number): boolean {
  return provableCatches(level, play).some(([r, c]) => r === row && c === col);
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

/**
 * Can this play, after its catches in the order made, still end on the level's
 * best ('max') or worst ('min') score? Exact for every history: true exactly
 * when every catch so far was an optimal move (see kinds/ghost/course-format.ts). null when the
 * level's assets are "unknown".
 */
export function canStillReach(level: GhostCourseLevel, play: GhostPlay, which: 'max' | 'min'): boolean | null {
  const { analysis } = level;
  const G = rulesOf(level).model.ghosts;
  if (analysis.ghosts !== G) throw new RangeError(`analysis.ghosts is ${analysis.ghosts}, the level's solution has ${G} ghosts`);
  const course = courseOf(analysis, which);
  const target = which === 'max' ? analysis.maxScore : analysis.minScore;
  if (course === null || target === 'unknown') return null;
  const { caught } = playBits(level, play);
  const bonus = (play.score - CATCH_BASE * play.catches.length) / CATCH_BONUS;
  const optimum = (target - CATCH_BASE * G) / CATCH_BONUS;
  return onCourse(course, (g) => caught[g] === 1, bonus, play.opened.length, optimum);
}

/** Can this play still reach the level's best score (see canStillReach)? null when "unknown". */
export function canStillReachBest(level: GhostCourseLevel, play: GhostPlay): boolean | null {
  return canStillReach(level, play, 'max');
}

/** Can this play still end on the level's worst score? null when "unknown". */
export function canStillReachWorst(level: GhostCourseLevel, play: GhostPlay): boolean | null {
  return canStillReach(level, play, 'min');
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
  const { puzzle, analysis } = level;
  let play = startGhostPlay(level);
  const { model, board } = rulesOf(level);
  const n = puzzle.size;
  const G = model.ghosts;
  if (G !== analysis.ghosts) problems.push(`analysis.ghosts is ${analysis.ghosts}, the solution has ${G}`);
  for (const which of ['max', 'min'] as const) {
    try {
      if (canStillReach(level, play, which) === false)
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
  // Once the layers prove every uncaught ghost (on a shipped board: at the
  // start), a catch only adds knowledge, so they stay proven and the first
  // row-major one is the next catch: the solver is asked again only while
  // some ghost is not proven yet (this keeps loadPack's check cheap).
  let proven: Cell[] = [];
  while (play.catches.length < G) {
    if (proven.length !== G - play.catches.length) proven = provableCatches(level, play);
    const next = proven.shift();
    if (!next) {
      problems.push(`stuck after ${play.catches.length} of ${G} catches: no uncaught ghost is provable`);
      break;
    }
    const out = catchAt(level, play, next[0], next[1]);
    if (!out.outcome.hit) {
      problems.push(`catch at [${next[0]}, ${next[1]}] missed (${out.outcome.reason}): the solution disagrees with the puzzle`);
      break;
    }
    play = out.play;
  }
  if (play.catches.length === G) {
    const { open } = playBits(level, play);
    for (let cell = 0; cell < n * n; cell++) {
      const plain = at(board.plainOf, cell) >= 0;
      if (plain && at(model.ghostOf, cell) < 0 && !open[cell]) problems.push(`cell [${Math.floor(cell / n)}, ${cell % n}] never opened`);
    }
    if (analysis.maxScore !== 'unknown' && play.score > analysis.maxScore) problems.push(`score ${play.score} above maxScore ${analysis.maxScore}`);
    if (analysis.minScore !== 'unknown' && play.score < analysis.minScore) problems.push(`score ${play.score} below minScore ${analysis.minScore}`);
    for (const which of ['max', 'min'] as const) {
      const target = which === 'max' ? analysis.maxScore : analysis.minScore;
      try {
        const still = canStillReach(level, play, which);
        if (still !== null && still !== (play.score === target))
          problems.push(`${which}Course: at the end says ${still}, the score is ${play.score} and the ${which} ${target}`);
      } catch (e) {
        problems.push((e as Error).message);
      }
    }
  }
  return { ok: problems.length === 0, problems, moves: play.catches.length, score: play.score };
}

/**
 * The layered solver's start state of what the play has confirmed: caught ghosts
 * (first WORDS words, a bit per plain cell) and open cells (next WORDS words).
 * provableNow (game.ts) adds the player's marks to it.
 */
export function confirmedStart(level: GhostBoard, play: GhostPlay): Uint32Array {
  const { model, board: b } = rulesOf(level);
  const { caught, open } = playBits(level, play);
  const start = new Uint32Array(2 * WORDS);
  for (let p = 0; p < b.plainCount; p++) {
    const cell = at(b.plainCell, p);
    const g = at(model.ghostOf, cell);
    if (g >= 0 && caught[g]) start[p >>> 5] = at(start, p >>> 5) | (1 << (p & 31));
    else if (open[cell]) start[WORDS + (p >>> 5)] = at(start, WORDS + (p >>> 5)) | (1 << (p & 31));
  }
  return start;
}

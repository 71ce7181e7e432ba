// proofpack for game clients: the one import a game needs (published as the
// proofpack-client package, and as proofpack/client). Pack loading with the
// schema check, the rules of each kind, the questions a game asks at the end
// of a level, the exact "still on course for the medal" answer, the hint path
// and the Logic Rating. No Node-only
// dependency below this file (a test bundles it for the browser), so a browser
// game can bundle it as it is. docs/client.md shows each kind played.
//
//   import { loadPack, levelsOf, startGhostPlay, catchAt, ghostMedalsEarned } from 'proofpack-client';

/**
 * Packs: `loadPack(jsonTextOrValue)` returns `{ kind, pack }` (the kind's client
 * rules and the checked pack); it throws `PackError` with one line naming the
 * level id and field. `levelsOf(loaded)` gives the levels typed by kind.
 */
export { loadPack, PackError, type LoadedPack } from './packs.ts';
export { levelsOf, type KindLevels } from './levels.ts';
export { CLIENT_KINDS, clientKind, type ClientKind, type ReplayReport } from './kinds.ts';

/**
 * Ghost: `startGhostPlay(puzzle, solution)` (the solution grid marks ghosts
 * 'G'); `catchAt(play, row, col)` → CatchOutcome (`{ hit: true, ghost, points,
 * completed, opened, score }` or `{ hit: false, reason }`; never throws);
 * `ghostAt(play, row, col)` → ghost index or -1; `provableCatches(play)` →
 * the [row, col] cells provable from the caught ghosts and open cells;
 * `isCatchProvable(play, row, col)`; `canStillReachBest/Worst(play, analysis)`
 * → whether the best (worst) score is still reachable after exactly these
 * catches in this order — exact for every history — or null when the level's
 * course assets are "unknown"; `hintsOf(level)`; `replayGhost(level)`.
 */
export {
  startGhostPlay,
  catchAt,
  ghostAt,
  isCatchProvable,
  provableCatches,
  canStillReach,
  canStillReachBest,
  courseOf,
  hintsOf,
  canStillReachWorst,
  replayGhost,
  type GhostPlay,
  type GhostLevel,
  type CatchOutcome,
  type Cell,
} from './ghost.ts';
/** Ghost, end of level: is it over, on course for each medal (exact once over), the medals earned. */
export { isGhostLevelOver, onCourseForBest, onCourseForWorst, ghostMedalsEarned, type GhostMedals } from './ghost-end.ts';
export type { ConstraintName } from '../kinds/ghost/score-rule.ts';

export {
  startSlidePlay,
  flick,
  isCleared,
  slideBoardNow,
  starsEarned,
  slideStars,
  replaySlide,
  type SlidePlay,
  type SlideLevel,
  type FlickResult,
} from './slide.ts';
export { starThresholds, starsFor, type StarThresholds } from '../kinds/slide/stars.ts';
export type { SlideAnalysis, SlidePuzzle, SlideSolution, Direction } from '../kinds/slide/schema.ts';

export {
  startApplePlay,
  takeRect,
  hasMove,
  isAppleOver,
  appleMedalsEarned,
  replayApple,
  type ApplePlayState,
  type AppleLevel,
  type TakeResult,
  type AppleMedals,
} from './apple.ts';
export type { AppleAnalysis, ApplePuzzle, AppleSolution, AppleRect } from '../kinds/apple/schema.ts';

/** Ghost medal assets (docs/ghost-assets.md): decode a course asset, its value at a state, whether a history of catches is on course. Hints: decode the compact hint path. */
export { decodeCourse, courseValue, onCourse, type Course } from '../kinds/ghost/course-format.ts';
export { decodeHints } from '../kinds/ghost/hints.ts';
/** The Logic Rating of a player from their attempts (shown after 20, confirmed at 60). */
export { logicRating, RATING_DEFAULTS, type Attempt, type Rating, type RatingOptions } from '../kinds/ghost/rating.ts';
export type { GhostAnalysis, GhostPuzzle, GhostSolution } from '../kinds/ghost/schema.ts';
export type { HintStep } from '../kinds/ghost/hints.ts';
export type { PackFile } from '../lib/formats.ts';

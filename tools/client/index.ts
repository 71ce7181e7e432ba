// proofpack for game clients: the one import a game needs. Pack loading with
// the schema check, the rules of each kind (ghost: start a play, catch, check a
// catch is provable, replay a solution; slide: start a play, flick, clear,
// stars, replay; apple: start a play, take a rectangle, moves left, replay),
// the exact "still on course for the medal" answer, the hint path and the Logic Rating. No Node-only dependency below this file (a test bundles it for
// the browser), so a browser game can bundle it as it is.
//
//   import { loadPack, startGhostPlay, catchAt, isCatchProvable, canStillReachBest, hintsOf, logicRating } from 'proofpack/client';
export { loadPack, PackError, type LoadedPack } from './packs.ts';
export { CLIENT_KINDS, clientKind, type ClientKind, type ReplayReport } from './kinds.ts';
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
} from './ghost.ts';
export { startSlidePlay, flick, isCleared, slideBoardNow, slideStars, replaySlide, type SlidePlay, type SlideLevel } from './slide.ts';
export { starThresholds, starsFor, type StarThresholds } from '../kinds/slide/stars.ts';
export type { SlideAnalysis, SlidePuzzle, SlideSolution } from '../kinds/slide/schema.ts';
export { startApplePlay, takeRect, hasMove, replayApple, type ApplePlayState, type AppleLevel, type TakeResult } from './apple.ts';
export type { AppleAnalysis, ApplePuzzle, AppleSolution, AppleRect } from '../kinds/apple/schema.ts';
export { decodeCourse, courseValue, onCourse, type Course } from '../kinds/ghost/course.ts';
export { decodeHints } from '../kinds/ghost/hints.ts';
export { logicRating, RATING_DEFAULTS, type Attempt, type Rating, type RatingOptions } from '../kinds/ghost/rating.ts';
export type { GhostAnalysis, GhostPuzzle, GhostSolution } from '../kinds/ghost/schema.ts';
export type { HintStep } from '../kinds/ghost/hints.ts';
export type { PackFile } from '../lib/formats.ts';

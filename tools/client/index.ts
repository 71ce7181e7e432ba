// proofpack for game clients: the one import a game needs (published as the
// proofpack-client package, and as proofpack/client). Pack loading with the
// schema check, the rules of each kind, the questions a game asks at the end
// of a level, the exact "still on course for the medal" answer, the hint path
// and the Logic Rating. No Node-only
// dependency below this file (a test bundles it for the browser), so a browser
// game can bundle it as it is; createClient takes a game's own kinds' faces.
// docs/client.md shows each kind played.
//
//   import { loadPack, levelsOf, startGhostGame, ghostStep, ghostMedalsEarned } from 'proofpack-client';

/**
 * Packs: `loadManifest(text)` and `loadVerifiedPack(entry, bytes)` (size and
 * SHA-256 checked against the manifest, by Web Crypto); `loadPack(jsonTextOrValue)`
 * returns `{ kind, pack }` (the kind's rules and the checked pack); they throw
 * `PackError` with one line naming the file or level id and field.
 * `levelsOf(loaded)` gives the levels typed by kind.
 */
export { loadPack, loadManifest, loadVerifiedPack } from './built-in.ts';
export { sha256Hex, PackError, type LoadedPack, type PlayKind, type LoadedManifest, type ManifestEntry } from './packs.ts';
export { levelsOf, type KindLevels } from './levels.ts';
export type { ReplayReport, Level, PackFile } from './types.ts';

/**
 * A game's own kinds: `createClient({ faces: [face] })` → `{ loadPack,
 * loadManifest, loadVerifiedPack, levelsOf, face }` knowing exactly the kinds
 * of the faces given (a kind's `face`, from its face.ts). proofpack's own kinds
 * only when their faces are given too (`ghostFace`, `slideFace`, `appleFace`,
 * or all of them, `builtInFaces`), so a bundle holds no kind it does not use.
 */
export { createClient, type Client, type ClientOptions, type ClientLevels, type KindNameOf } from './create-client.ts';
export { FACES as builtInFaces } from '../kinds/faces.ts';
export { face as ghostFace } from '../kinds/ghost/face.ts';
export { face as slideFace } from '../kinds/slide/face.ts';
export { face as appleFace } from '../kinds/apple/face.ts';
export type { KindFace, LevelOf, PlayOutcome } from '../lib/face.ts';

/**
 * A play log: `attemptRecord(face, level, state, { player, seconds, at? })` →
 * `{ level, player, solved, seconds, mistakes, at? }`, one line of the
 * attempt log `proofpack calibrate` reads; solved and mistakes are the face's
 * `outcome` (the kind's rules), for any kind, a game's own included.
 */
export { attemptRecord, type AttemptRecord, type AttemptPlay } from './attempt.ts';

/**
 * Ghost rules on a play (plain JSON: catches, opened cells, score; a game's
 * state is one): `startGhostPlay(level)` (the solution grid marks ghosts 'G');
 * `catchAt(level, play, row, col)` → `{ play, outcome }`, the next play and a
 * CatchOutcome (`{ hit: true, ghost, points, completed, opened, score }` or
 * `{ hit: false, reason }`; never throws on a play it made);
 * `ghostAt(level, row, col)` → ghost index or -1; `isCaught`, `isOpen`;
 * `provableCatches(level, play)` → the cells the layers decide from here (not
 * the clean-clear test: see provableNow); `hintsOf(level)` the stored hint
 * path; `replayGhost(level)`.
 */
export {
  startGhostPlay,
  catchAt,
  ghostAt,
  isCaught,
  isOpen,
  isCell,
  isCatchProvable,
  provableCatches,
  hintsOf,
  replayGhost,
  type GhostPlay,
  type GhostLevel,
  type GhostBoard,
  type GhostCourseLevel,
  type CatchOutcome,
  type Cell,
} from '../kinds/ghost/play.ts';
/** Ghost medals: is the level over, on course for 💎 (best) / 💀 (worst) — exact for every history — and the medals earned. */
export { isGhostLevelOver, onCourseForBest, onCourseForWorst, ghostMedalsEarned, type GhostMedals } from '../kinds/ghost/medals.ts';
/** The ghost game loop, pure: `ghostStep(level, state, action)` → `{ state, event }`; marks, catches, mistakes and lives, hints, restart, the clean clear; `restoreGhostGame(level, saved)` rebuilds a saved game from its actions. */
export {
  GHOST_LIVES,
  startGhostGame,
  ghostStep,
  provableNow,
  nextHint,
  isCleanClear,
  ghostAttempt,
  restoreGhostGame,
  type Restored,
  type GhostGameState,
  type GhostAction,
  type GhostEvent,
} from '../kinds/ghost/game.ts';
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
} from '../kinds/slide/play.ts';
/** The slide game loop, pure: `slideStep(level, state, action)`; flick, undo, restart, stars, whether ★★★ is still reachable; `restoreSlideGame` rebuilds a saved game. */
export {
  startSlideGame,
  slideStep,
  slidePlayOf,
  restoreSlideGame,
  type SlideRestored,
  slideGameBoard,
  slideGameStars,
  flicksToClear,
  threeStarsReachable,
  starsReachable,
  REACH_NODE_LIMIT,
  type SlideGameState,
  type SlideAction,
  type SlideEvent,
} from '../kinds/slide/game.ts';
export { starThresholds, starsFor, type StarThresholds } from '../kinds/slide/stars.ts';
export type { SlideAnalysis, SlidePuzzle, SlideSolution, Direction } from '../kinds/slide/schema.ts';

export {
  startApplePlay,
  takeRect,
  rectSumOf,
  hasMove,
  isAppleOver,
  appleMedalsEarned,
  replayApple,
  type ApplePlayState,
  type AppleLevel,
  type TakeResult,
  type AppleMedals,
} from '../kinds/apple/play.ts';
/** The apple game loop, pure: `appleStep(level, state, action)`; take a rectangle, the sum under a drag, time passed in as ticks; `restoreAppleGame` rebuilds a saved game. */
export {
  APPLE_TIME_LIMIT_MS,
  startAppleGame,
  appleStep,
  applePlayOf,
  restoreAppleGame,
  type AppleRestored,
  appleRectSum,
  appleTimeLeft,
  type AppleGameState,
  type AppleAction,
  type AppleEvent,
} from '../kinds/apple/game.ts';
export type { AppleAnalysis, ApplePuzzle, AppleSolution, AppleRect } from '../kinds/apple/schema.ts';

/** The Logic Rating of a player from their attempts (shown after 20, confirmed at 60). */
export { logicRating, RATING_DEFAULTS, type Attempt, type Rating, type RatingOptions } from '../kinds/ghost/rating.ts';
export type { GhostAnalysis, GhostPuzzle, GhostSolution } from '../kinds/ghost/schema.ts';
export type { HintStep } from '../kinds/ghost/hints.ts';

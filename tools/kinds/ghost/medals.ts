// The questions a ghost game asks about the medals, answered on top of the
// play API of ./play.ts (and only through it): is the level over, is this
// play still on course for the best / worst score, which medals did it earn.
// At the end of a level the answers are exact (the score against the level's
// maxScore / minScore); before the end they are canStillReachBest/Worst's.
import { canStillReachBest, canStillReachWorst, rulesOf, type GhostBoard, type GhostCourseLevel, type GhostPlay } from './play.ts';

/** True once every ghost of the level is caught. */
export function isGhostLevelOver(level: GhostBoard, play: GhostPlay): boolean {
  return play.catches.length === rulesOf(level).model.ghosts;
}

/**
 * Is this play still on course for the best-score medal? Before the last catch
 * this is canStillReachBest(level, play); once every ghost is caught it is
 * exactly `play.score === level.analysis.maxScore`. null when the level's best
 * score is "unknown" (too many ghosts for the exact analysis).
 */
export function onCourseForBest(level: GhostCourseLevel, play: GhostPlay): boolean | null {
  if (level.analysis.maxScore === 'unknown') return null;
  return isGhostLevelOver(level, play) ? play.score === level.analysis.maxScore : canStillReachBest(level, play);
}

/** As onCourseForBest, for the worst-score medal (`analysis.minScore`, canStillReachWorst). */
export function onCourseForWorst(level: GhostCourseLevel, play: GhostPlay): boolean | null {
  if (level.analysis.minScore === 'unknown') return null;
  return isGhostLevelOver(level, play) ? play.score === level.analysis.minScore : canStillReachWorst(level, play);
}

/** The medals of a ghost level: best = ended on the level's maxScore, worst = on its minScore. */
export interface GhostMedals {
  /** true when every ghost is caught and the score is the level's maxScore; null when that is "unknown". */
  best: boolean | null;
  /** true when every ghost is caught and the score is the level's minScore; null when that is "unknown". */
  worst: boolean | null;
}

/** The medals this play has earned: both false until the level is over. */
export function ghostMedalsEarned(level: GhostCourseLevel, play: GhostPlay): GhostMedals {
  const over = isGhostLevelOver(level, play);
  const { maxScore, minScore } = level.analysis;
  return {
    best: maxScore === 'unknown' ? null : over && play.score === maxScore,
    worst: minScore === 'unknown' ? null : over && play.score === minScore,
  };
}

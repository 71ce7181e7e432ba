// The questions a ghost game asks about the medals, answered on top of the
// play API of ./ghost.ts (and only through it): is the level over, is this
// play still on course for the best / worst score, which medals did it earn.
// At the end of a level the answers are exact (the score against the level's
// maxScore / minScore); before the end they are canStillReachBest/Worst's.
import type { GhostAnalysis } from './schema.ts';
import { canStillReachBest, canStillReachWorst, type GhostPlay } from './play.ts';

/** True once every ghost of the level is caught. */
export function isGhostLevelOver(play: GhostPlay): boolean {
  return play.order.length === play.caught.length;
}

/**
 * Is this play still on course for the best-score medal? Before the last catch
 * this is canStillReachBest(play, analysis); once every ghost is caught it is
 * exactly `play.score === analysis.maxScore`. null when the level's best score
 * is "unknown" (too many ghosts for the exact analysis).
 */
export function onCourseForBest(play: GhostPlay, analysis: GhostAnalysis): boolean | null {
  if (analysis.maxScore === 'unknown') return null;
  return isGhostLevelOver(play) ? play.score === analysis.maxScore : canStillReachBest(play, analysis);
}

/** As onCourseForBest, for the worst-score medal (`analysis.minScore`, canStillReachWorst). */
export function onCourseForWorst(play: GhostPlay, analysis: GhostAnalysis): boolean | null {
  if (analysis.minScore === 'unknown') return null;
  return isGhostLevelOver(play) ? play.score === analysis.minScore : canStillReachWorst(play, analysis);
}

/** The medals of a ghost level: best = ended on the level's maxScore, worst = on its minScore. */
export interface GhostMedals {
  /** true when every ghost is caught and the score is the level's maxScore; null when that is "unknown". */
  best: boolean | null;
  /** true when every ghost is caught and the score is the level's minScore; null when that is "unknown". */
  worst: boolean | null;
}

/** The medals this play has earned: both false until the level is over. */
export function ghostMedalsEarned(play: GhostPlay, analysis: GhostAnalysis): GhostMedals {
  const over = isGhostLevelOver(play);
  return {
    best: analysis.maxScore === 'unknown' ? null : over && play.score === analysis.maxScore,
    worst: analysis.minScore === 'unknown' ? null : over && play.score === analysis.minScore,
  };
}

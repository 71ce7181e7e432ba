// The ghost kind's client face (tools/lib/face.ts): the client's reading of a
// ghost level in a pack (every field the rules read, and every asset decoded;
// then the cheap consistency checks, by the kind's own rules: the puzzle's
// numbers those of the solution, minScore ≤ maxScore, the stored solution
// replayed as a careful player to a score within them and the course assets
// agreeing at its start and end), the replay of its stored solution, and its game loop (start, step, restore); its play-page view is view.ts. Its bounds are the schema's (bounds.ts). No schema library: the client bundles it.
import { type KindFace, arr, decodes, int, base64, obj, oneOf, ruleProblem, show, str, unknownOr } from 'proofpack/face';
import { ghostStep, restoreGhostGame, startGhostGame, type GhostAction, type GhostEvent, type GhostGameState } from './game.ts';
import { COURSE_MAX_CHARS, HINTS_MAX_CHARS, MAX_CLUE, MAX_SIZE, MAX_STORED_NUMBER, MIN_SIZE } from './bounds.ts';
import { courseOf, hintsOf, replayGhost, startGhostPlay, type GhostLevel } from './play.ts';
import { ruleProblems } from './rules.ts';

const courseAsset = oneOf(base64(COURSE_MAX_CHARS), (v) => (v === 'unknown' ? null : 'expected "unknown"'));

function levelProblem(level: Record<string, unknown>): string | null {
  return shapeProblem(level) ?? consistencyProblem(level as unknown as GhostLevel);
}

/** The stored values against the rules (rules.ts, play.ts): the numbers, the score bounds, the replay. */
function consistencyProblem(level: GhostLevel): string | null {
  const rule = ruleProblems(level.puzzle, level.solution)[0];
  if (rule) return ruleProblem(rule);
  const { maxScore, minScore } = level.analysis;
  if (maxScore !== 'unknown' && minScore !== 'unknown' && minScore > maxScore) return `.analysis.minScore: found ${minScore}, above maxScore ${maxScore}`;
  const replay = replayGhost(level);
  return replay.ok ? null : `.analysis: the careful replay of the stored solution disagrees: ${replay.problems[0]}`;
}

function shapeProblem(level: Record<string, unknown>): string | null {
  const size = (level.puzzle as { size?: unknown } | null)?.size;
  const n = Number.isInteger(size) && (size as number) >= MIN_SIZE && (size as number) <= MAX_SIZE ? (size as number) : MIN_SIZE;
  const row = (chars: string) => str(new RegExp(`^[${chars}]{${n}}$`), `a row of ${n} of ${chars}`);
  const count = int(0, n);
  const shape =
    obj({ puzzle: obj({ size: int(MIN_SIZE, MAX_SIZE), grid: arr(row(`.0-${MAX_CLUE}`), n, n), rows: arr(count, n, n), cols: arr(count, n, n) }) })(
      level,
      '',
    ) ??
    obj({ solution: arr(row('G.'), n, n) })(level, '') ??
    obj({
      analysis: obj({
        ghosts: int(0, n * n),
        logicDepth: int(0, MAX_STORED_NUMBER),
        maxScore: unknownOr(int(0, MAX_STORED_NUMBER)),
        minScore: unknownOr(int(0, MAX_STORED_NUMBER)),
        maxCourse: courseAsset,
        minCourse: courseAsset,
        hints: base64(HINTS_MAX_CHARS),
      }),
    })(level, '');
  if (shape !== null) return shape;
  // The assets decode, and fit the board: what play would otherwise throw on its first move.
  const l = level as unknown as GhostLevel;
  const ghosts = l.solution.join('').split('G').length - 1;
  if (l.analysis.ghosts !== ghosts) return `.analysis.ghosts: expected ${ghosts} (the ghosts of the solution), found ${show(l.analysis.ghosts)}`;
  return (
    obj({ solution: decodes(() => startGhostPlay(l)) })(level, '') ??
    obj({
      analysis: obj({
        hints: decodes(() => hintsOf(l)),
        maxCourse: decodes(() => courseOf(l.analysis, 'max')),
        minCourse: decodes(() => courseOf(l.analysis, 'min')),
      }),
    })(level, '')
  );
}

/** The ghost kind's face: what the game client (and the play page, under its view) plays ghost levels with. */
export const face: KindFace<GhostLevel, 'ghost', GhostGameState, GhostAction, GhostEvent> = {
  name: 'ghost',
  levelProblem,
  replay: replayGhost,
  start: (level) => startGhostGame(level),
  step: ghostStep,
  restore: (level, saved) => restoreGhostGame(level, saved), // GHOST_LIVES, as its start
  // solved: every ghost caught; a mistake: a wrong × mark or a wrong catch of this attempt (each costs a life)
  outcome: (_level, state) => ({ solved: state.status === 'won', mistakes: state.mistakes }),
};

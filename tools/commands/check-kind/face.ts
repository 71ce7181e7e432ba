// Check: the kind's client face takes every generated level (levelProblem
// says nothing) and replays its stored solution without a problem — what a
// game's client does with a pack of these levels.
import { stableJson } from '../../lib/json.ts';
import type { CheckContext } from './context.ts';

const CHECK = 'client face';

export async function checkFace(c: CheckContext): Promise<void> {
  if (c.kind.face?.name !== c.kind.name) {
    c.v.add(CHECK, 'face', `is not named ${JSON.stringify(c.kind.name)}`, c.job);
    return;
  }
  for (const [i, level] of c.set.levels.entries()) {
    const input = c.levelInput(i);
    const problem = await c.member(CHECK, 'face.levelProblem', [level], input);
    if (problem && problem.value !== null) c.v.add(CHECK, 'face.levelProblem', `refuses a generated level: ${stableJson(problem.value)}`, input);
    const replay = await c.member(CHECK, 'face.replay', [level], input);
    const r = replay?.value as { ok?: unknown; problems?: unknown[] } | undefined;
    if (replay && (r?.ok !== true || (r.problems?.length ?? 0) > 0))
      c.v.add(CHECK, 'face.replay', `does not replay the stored solution cleanly: ${stableJson(r?.problems ?? r).slice(0, 200)}`, input);
  }
}

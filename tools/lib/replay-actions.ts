// Replaying a face's actions, the job every face's restore and replay do:
// the level's first state stepped with each action in turn, the first refused
// one stopping it (replayActions); a save of {level, <list>} rebuilt that way
// (restoreByReplay); the stored solution replayed to a ReplayReport
// (replayReport); and every step of a game recorded (stepEach). No Node-only
// import and no schema library: a face bundles them (proofpack/face).
import type { ReplayReport } from './face.ts';
import { type Check, nest, show } from './shape-check.ts';

/** What replaying needs of a face: its first state and its step (every KindFace has both). */
export interface Stepper<L, St, Ac, Ev> {
  start(level: L): St;
  step(level: L, state: St, action: Ac): { state: St; event: Ev };
}

/** An event of a step: `kind` 'refused' (with its `why`) when the step changed nothing, as KindFace.step says. */
export type StepEvent = { readonly kind: string; readonly why?: string };

/** A game rebuilt by replaying, or why not (what KindFace.restore returns). */
export type Restored<St> = { readonly ok: true; readonly state: St } | { readonly ok: false; readonly why: string };

/** The game of `level` from its first state with `actions` stepped in order, or the first refused one: "action k (its JSON) refused: why", k from 1. */
export function replayActions<L, St, Ac, Ev extends StepEvent>(face: Stepper<L, St, Ac, Ev>, level: L, actions: Iterable<Ac>): Restored<St> {
  let state = face.start(level);
  let k = 0;
  for (const action of actions) {
    k++;
    const { state: next, event } = face.step(level, state, action);
    if (event.kind === 'refused') return { ok: false, why: `action ${k} (${show(action)}) refused: ${event.why ?? 'no reason given'}` };
    state = next;
  }
  return { ok: true, state };
}

/**
 * A save that records its level's id (`level`) and the play as a list
 * (`saved[field]`), restored by replaying the list (`toAction` of each item):
 * refused when it is of another level or the list fails `items` (the problem
 * under `field`). Nothing else the save says is read: the state is rebuilt.
 */
export function restoreByReplay<L extends { readonly id: string }, St, Ac, Ev extends StepEvent, T>(
  face: Stepper<L, St, Ac, Ev>,
  level: L,
  saved: unknown,
  field: string,
  items: Check,
  toAction: (item: T) => Ac,
): Restored<St> {
  const save: Record<string, unknown> = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  if (save.level !== level.id) return { ok: false, why: `a save of level ${show(save.level)}, not ${level.id}` };
  const problem = items(save[field], '');
  if (problem !== null) return { ok: false, why: nest(field, problem) };
  return replayActions(face, level, (save[field] as T[]).map(toAction));
}

/**
 * The stored solution played as `actions`, as KindFace.replay reports it: not
 * ok when an action is refused or `unsolved` finds the end wrong (a line, or
 * null when solved); its moves the actions' count, its score `score`.
 */
export function replayReport<L, St, Ac, Ev extends StepEvent>(
  face: Stepper<L, St, Ac, Ev>,
  level: L,
  actions: readonly Ac[],
  unsolved: (end: St) => string | null,
  score: number = actions.length,
): ReplayReport {
  const end = replayActions(face, level, actions);
  const problem = end.ok ? unsolved(end.state) : end.why;
  return { ok: problem === null, problems: problem === null ? [] : [problem], moves: actions.length, score };
}

/** Every action stepped from the level's first state, refused ones too (they change nothing), with the event each came to. */
export function stepEach<L, St, Ac, Ev>(face: Stepper<L, St, Ac, Ev>, level: L, actions: readonly Ac[]): { action: Ac; event: Ev }[] {
  let state = face.start(level);
  return actions.map((action) => {
    const out = face.step(level, state, action);
    state = out.state;
    return { action, event: out.event };
  });
}

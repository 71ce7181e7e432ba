// generate --resume's two runs on the pool over a checkpoint (files/checkpoint.ts
// reads, checks and writes it): the kind's rule checks of the saved levels, and
// every resumed slot generated again from its own RNG and compared byte for
// byte with what the checkpoint says, so a resumed run writes the
// uninterrupted run's bytes.
import * as fs from 'node:fs';
import type { Console } from '../../lib/console.ts';
import { InputError, show, where } from '../../lib/errors.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import { at } from '../../lib/at.ts';
import { checkedSlots, checkpointOfJob, firstDifference, type JobSettings, type Slots } from '../files/checkpoint.ts';
import { Interrupted, interruptible } from './interrupt.ts';
import { runKindStep, type StepOptions } from './run-step.ts';
import { runPipelineTasks, type GenerateTask, type Placed, type PlacedSlot, type TaskCeilings } from './tasks.ts';

/**
 * The finished slots of `file` for this job. Refuses a checkpoint of another
 * job (naming what differs) and reports every bad slot at once.
 */
export async function loadCheckpoint(
  kind: PuzzleKind,
  file: string,
  settings: JobSettings,
  slotsOfJob: ReadonlySet<number>,
  step: Omit<StepOptions, 'label'> = {},
): Promise<Slots> {
  if (!fs.existsSync(file)) return new Map();
  const cp = checkpointOfJob(file, settings);
  // the kind's rule checks of the saved levels, on the pool (its schemas are checked here, as every file's are)
  const ruled = await runKindStep(
    'slotRules',
    kind.name,
    { found: cp.slots.map((s) => s.result.found) },
    { ...step, label: `${file}: the ${kind.name} kind's ruleProblems of the checkpoint's levels` },
  );
  return checkedSlots(kind, file, cp, slotsOfJob, ruled);
}

/**
 * Every resumed slot generated again (on the pool, from its own RNG: the
 * master seed and the slot index) and compared byte for byte with what the
 * checkpoint says: the board, its solution and analysis, `tries` and
 * `disagreements`. A checkpoint can only save the work when it holds what the
 * uninterrupted run makes; anything else (a board of another seed, or of
 * another plan entry, a changed value) is refused, one line per slot naming
 * the first field that differs. No kind member re-draws the n-th candidate of
 * a slot without solving the ones before it (ghost's deepening draws from the
 * same stream as the sampling, depending on what the solver found), so the
 * slot is run again: this costs about what the slot cost to make.
 */
export async function rederiveSlots(
  kind: PuzzleKind,
  file: string,
  done: Slots,
  ctx: {
    taskOf: (slot: number) => GenerateTask;
    threads: number;
    con: Console;
    ceilings?: TaskCeilings | undefined;
    /** Where to put each slot's `placed` (its found level's tier and id, when the tasks ask for it). */
    placed?: Map<number, Placed | undefined>;
  },
): Promise<void> {
  const resumed = [...done.entries()].sort((a, b) => a[0] - b[0]);
  if (resumed.length === 0) return;
  const tasks = resumed.map(([slot]) => ctx.taskOf(slot));
  const progress = ctx.con.progress(`check resumed ${kind.name} slots`, tasks.length, 'slots');
  let n = 0;
  let again: PlacedSlot[];
  try {
    again = (await interruptible((signal) =>
      runPipelineTasks(tasks, {
        threads: ctx.threads,
        signal,
        ceilings: ctx.ceilings,
        label: (i) => where(file, `slot ${at(resumed, i)[0]}`),
        onResult: () => progress.update(++n),
      }).finally(() => progress.stop()),
    )) as PlacedSlot[];
  } catch (e) {
    if (e instanceof Interrupted)
      throw new Interrupted(e.signal, `interrupted while checking the resumed slots (${n} of ${tasks.length}); ${file} is kept as it was: rerun with --resume`);
    throw e;
  }
  const problems: string[] = [];
  resumed.forEach(([slot, stored], i) => {
    const { placed, ...fresh } = at(again, i);
    ctx.placed?.set(slot, placed);
    const say = (a: unknown, b: unknown) => `stored ${show(a)}, generating the slot again gives ${show(b)}`;
    // another board is named by its board, not by the first analysis field that differs with it
    const boards = stored.found && fresh.found ? firstDifference(stored.found.puzzle, fresh.found.puzzle, 'result.found.puzzle', say) : undefined;
    const diff = boards ?? firstDifference(stored, fresh, 'result', say);
    if (diff) problems.push(`${where(file, `slot ${slot}`)} › ${diff}`);
  });
  if (problems.length > 0) {
    const lines = [
      ...problems,
      `${file}: not resumed: ${problems.length} slot${problems.length > 1 ? 's differ' : ' differs'} from what this job generates in ${problems.length > 1 ? 'them' : 'it'}; delete the checkpoint to start over`,
    ];
    throw new InputError(at(lines, 0), lines);
  }
}

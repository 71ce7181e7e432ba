// The analyses of the levels validate and merge check: every level's analyze()
// recomputed once on the worker pool (or taken from the process's
// OutcomeCache), started costliest first, with an ETA weighed by the kinds'
// estimates and the run ceiling summed in start order, so the level named where
// it passes is the same for any --threads.
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../../lib/console.ts';
import { InputError } from '../../lib/errors.ts';
import type { Outcome } from '../../lib/kind.ts';
import { ceilingLine, roundUp2, type RunCeilingOf } from './budgets.ts';
import { pipelineStartOrder, runPipelineTasks, taskCost, withCosts, type AnalyzeTask, type CountedOutcome, type TaskCeilings } from './tasks.ts';
import { Interrupted, interruptible } from './interrupt.ts';
import { at } from '../../lib/at.ts';

/**
 * Outcomes of analyze() already recomputed in this process, by task (kind,
 * puzzle, config, calibration). `proofpack pipeline` hands one to both of its
 * validate steps, so a level that sits in a set and in a pack is recomputed
 * once per run, not twice; nothing stored in a file is ever trusted through it.
 */
export type OutcomeCache = Map<string, Outcome<unknown, unknown>>;

/** How the command running the analyses is named: in its messages, its progress line, and the line where the run ceiling stopped it (default: validate's ceilingLine). */
export interface AnalyzeWords {
  command: string;
  progress: string;
  stopLine?: (where: string, total: number, ceiling: RunCeilingOf, suggest: number) => string;
}

const taskKey = (t: AnalyzeTask) => stringify([t.kind, t.puzzle, t.config, t.calibration]);

/** How analyzeAll is given the pool: its threads and the runner's ceilings of a task. */
type PoolOptions = { threads: number; ceilings?: TaskCeilings | undefined };

/**
 * Run the tasks, each distinct one once (or not at all when the cache has it).
 * Each recomputed level's work (the work its kind's analyze counts) is added up per
 * kind in the order the levels start (longest first by the kind's estimate,
 * ties in level order: pipelineStartOrder), whatever order the threads finish
 * in: the first level at which a kind's sum passes its run ceiling stops the
 * run (the same level for any --threads), naming it and the flag that raises
 * the ceiling. Summing in start order, not file order, means the stop comes
 * once about the ceiling's worth of work is done, not after every level a
 * file lists before the one named.
 */
export async function analyzeAll(
  tasks: AnalyzeTask[],
  pool: PoolOptions,
  con: Console | undefined,
  cache: OutcomeCache | undefined,
  ceilings: ReadonlyMap<string, RunCeilingOf>,
  label: (task: number) => string,
  setWork: ReadonlyMap<string, number> = new Map(),
  say: AnalyzeWords = { command: 'validate', progress: 'validate' },
): Promise<Outcome<unknown, unknown>[]> {
  const keys = tasks.map(taskKey);
  const distinct = distinctTodo(tasks, keys, cache);
  const todo = await costed(distinct.todo, pool, say);
  const name = (i: number) => label(at(distinct.todoTask, i));
  const stopLine = say.stopLine ?? ceilingLine;
  const ceiling = startOrderCeiling(todo, ceilings, setWork, (i, total, c, suggest) => stopLine(name(i), total, c, suggest));
  const computed = await runWithProgress(todo, pool, con, say, name, ceiling.done);
  // every result is in: the last levels may pass the ceiling too
  const stopped = ceiling.stopped();
  if (stopped !== undefined) throw new InputError(stopped);
  return outcomesOf(keys, distinct.todoKeys, computed, cache);
}

/** The distinct tasks the cache has not, each once, counted: with their keys and where each is in `tasks`. */
function distinctTodo(tasks: AnalyzeTask[], keys: readonly string[], cache: OutcomeCache | undefined) {
  const todo: AnalyzeTask[] = [];
  const todoKeys: string[] = [];
  const todoTask: number[] = [];
  const queued = new Set<string>();
  keys.forEach((k, i) => {
    if (cache?.has(k) || queued.has(k)) return;
    queued.add(k);
    todo.push({ ...at(tasks, i), counted: true });
    todoKeys.push(k);
    todoTask.push(i);
  });
  return { todo, todoKeys, todoTask };
}

/** The tasks with the kinds' estimates (analyzeCost), computed on the pool like the analyses: the start order, the ETA, the ceiling's suggestion. */
async function costed(todo: AnalyzeTask[], pool: PoolOptions, say: AnalyzeWords): Promise<AnalyzeTask[]> {
  try {
    return await interruptible((signal) =>
      withCosts(todo, {
        threads: pool.threads,
        ...(pool.ceilings ? { ceilings: pool.ceilings } : {}),
        signal,
        label: (kind) => `${say.command}: the ${kind} kind's analyzeCost of ${todo.length} levels`,
      }),
    );
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    throw new Interrupted(e.signal, `interrupted: ${say.command} stopped before any level was checked; nothing was written`);
  }
}

/** The run ceiling of analyzeAll, decided in start order as the results come in, in any order. */
interface StartOrderCeiling {
  /** Task `i` of the run is done, with this work. */
  done(i: number, work: number): void;
  /** The line naming the level where the run's work passed its ceiling, once it has. */
  stopped(): string | undefined;
}

/**
 * The run ceiling over `todo` (each task given its stop flag): works[i] once
 * task i is done, order[next] the first task not yet added to its kind's sum;
 * once a sum passes its kind's ceiling the tasks not yet started return at once
 * and `line` names the task, with what to raise the ceiling to.
 */
function startOrderCeiling(
  todo: AnalyzeTask[],
  ceilings: ReadonlyMap<string, RunCeilingOf>,
  setWork: ReadonlyMap<string, number>,
  line: (i: number, total: number, ceiling: RunCeilingOf, suggest: number) => string,
): StartOrderCeiling {
  const order = pipelineStartOrder(todo);
  const works: (number | undefined)[] = [];
  const spent = new Map<string, number>(setWork);
  let next = 0;
  let stopped: string | undefined;
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  for (const t of todo) t.stop = stopFlag;
  const addInOrder = () => {
    while (next < order.length && works[at(order, next)] !== undefined) {
      const i = at(order, next);
      const kind = at(todo, i).kind;
      const total = (spent.get(kind) ?? 0) + (works[i] ?? 0);
      spent.set(kind, total);
      const ceiling = ceilings.get(kind);
      if (ceiling && total > ceiling.ceiling) {
        // the tasks not yet started return at once; aborting the pool would cut running tasks mid-message
        Atomics.store(stopFlag, 0, 1);
        stopped = line(i, total, ceiling, wholeRunGuess(todo, order, works, next, kind, total));
        return;
      }
      next++;
    }
  };
  return {
    done: (i, work) => {
      works[i] = work;
      if (stopped === undefined) addInOrder();
    },
    stopped: () => stopped,
  };
}

/**
 * What to raise the ceiling to for the whole run, rounded up to two
 * significant digits: the work so far plus, for the kind's levels not yet
 * added (after order[next]), their estimate (the kind's analyzeCost) times the
 * largest ratio of work to estimate among the levels added — or, for a kind
 * without an estimate, the most one added level took, for each. Only a
 * suggestion in the message (a level not yet run may take more); the work so
 * far alone, suggested before, stopped the rerun one level later.
 */
function wholeRunGuess(
  todo: AnalyzeTask[],
  order: readonly number[],
  works: readonly (number | undefined)[],
  next: number,
  kind: string,
  total: number,
): number {
  let most = 0;
  let ratio = 0;
  let left = 0;
  let leftCost = 0;
  order.forEach((j, k) => {
    const task = at(todo, j);
    if (task.kind !== kind) return;
    const cost = taskCost(task);
    if (k <= next) {
      const work = works[j] ?? 0;
      most = Math.max(most, work);
      if (cost > 0) ratio = Math.max(ratio, work / cost);
    } else {
      left++;
      leftCost += cost;
    }
  });
  return roundUp2(total + (ratio > 0 ? Math.ceil(ratio * leftCost) : most * left));
}

/**
 * The analyses of `todo` on the pool, each result's work handed to `done` as
 * it comes, with a progress line whose ETA weighs each level by its kind's
 * estimate (the costliest start first: a count of levels would promise hours
 * for minutes; a level of a kind without one weighs the least, 1).
 */
async function runWithProgress(
  todo: AnalyzeTask[],
  pool: PoolOptions,
  con: Console | undefined,
  say: AnalyzeWords,
  name: (i: number) => string,
  done: (i: number, work: number) => void,
): Promise<Outcome<unknown, unknown>[]> {
  const weights = todo.map((t) => Math.max(1, taskCost(t)));
  const progress = con?.progress(
    say.progress,
    todo.length,
    'levels',
    weights.reduce((a, w) => a + w, 0),
  );
  let workDone = 0;
  let checked = 0;
  let computed: Outcome<unknown, unknown>[];
  try {
    computed = (await interruptible((signal) =>
      runPipelineTasks(todo, {
        threads: pool.threads,
        signal,
        ceilings: pool.ceilings,
        // a level may take seconds (within its budget): on the pool, the main thread answers Ctrl-C at once
        inlineMs: 0,
        label: name,
        onResult: (i, r, n) => {
          done(i, (r as CountedOutcome).work ?? 0);
          checked = n;
          workDone += at(weights, i);
          progress?.update(n, workDone);
        },
      }),
    )) as Outcome<unknown, unknown>[];
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    progress?.stop();
    throw new Interrupted(e.signal, `interrupted: ${say.command} stopped after ${checked} of ${todo.length} levels; nothing was written`);
  }
  progress?.stop();
  return computed;
}

/** Each task's outcome: from this run (`computed`, in `todoKeys`' order, now cached too) or the cache. */
function outcomesOf(
  keys: readonly string[],
  todoKeys: readonly string[],
  computed: readonly Outcome<unknown, unknown>[],
  cache: OutcomeCache | undefined,
): Outcome<unknown, unknown>[] {
  const fresh = new Map(
    todoKeys.map((k, i) => {
      const { work: _work, ...outcome } = at(computed, i) as CountedOutcome;
      return [k, outcome as Outcome<unknown, unknown>];
    }),
  );
  if (cache) for (const [k, o] of fresh) cache.set(k, o);
  return keys.map((k) => {
    const outcome = fresh.get(k) ?? cache?.get(k);
    if (outcome === undefined) throw new Error(`analyzeAll: no outcome for task ${k}`);
    return outcome;
  });
}

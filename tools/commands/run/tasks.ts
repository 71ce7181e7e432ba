// The units of work the commands hand to the worker pool: a slot, an analysis,
// or a step of a kind's other code (kind-steps.ts). A task carries
// everything it needs (plain data, the kind by name), so it gives the same
// answer on any thread; the kind is given the thread's scratch storage and
// machine-wide locks (scratch.ts). `runPipelineTasks` runs every one of them on
// the worker pool, never on the main thread (which stays free to answer Ctrl-C
// and SIGTERM at once, whatever the kind and --threads), analyze tasks longest first,
// under the runner's ceilings (--task-seconds a task, --max-memory-mib the run):
// past one, the threads are terminated and the run fails with one line.
import { pathToFileURL } from 'node:url';
import { gameKindModules, kindByName, kindModuleLabel, type KindModuleRef } from '../../kinds/index.ts';
import { rngFor } from '../../lib/rng.ts';
import { levelId } from '../../lib/ids.ts';
import { runTasks, startOrder, StartupTimeout, TaskTimeout, WorkerExit, type RunOptions } from '../../lib/pool.ts';
import { WarmPools } from '../../lib/warm-pool.ts';
import { stableJson } from '../../lib/json.ts';
import type { Outcome, PuzzleKind, SlotResult } from '../../lib/kind.ts';
import { InputError, ResourceError } from '../../lib/errors.ts';
import { machineScratch, releaseOwnLocks } from './scratch.ts';
import { defaultMaxMemoryMib, machineRoom } from './machine.ts';
import { isWorkerOutOfMemory, MemoryCeiling, memoryWatch } from './watchdog.ts';
import { machineTeam, type MachineTeam } from './team.ts';
import { threadBudget, type ThreadBudget } from './team-budget.ts';
import { runStepHere, type StepName } from './kind-steps.ts';

export interface GenerateTask {
  op: 'generate';
  kind: string;
  seed: number;
  /** Global slot index: the slot's RNG is derived from (seed, kind, index). */
  index: number;
  spec: unknown;
  config: unknown;
  calibration: unknown;
  /** Also give the found level its tier and id (the kind's tierOf and canonical, on the thread): the result then carries `placed`. */
  place?: boolean;
}

/** A found level's tier under the task's calibration and config (null: fits none) and, when it has one, its id. */
export interface Placed {
  tier: string | null;
  id?: string;
}

/** A slot's result; with GenerateTask.place and a found level, its tier and id. */
export type PlacedSlot = SlotResult<unknown, unknown, unknown> & { placed?: Placed };

export interface AnalyzeTask {
  op: 'analyze';
  kind: string;
  puzzle: unknown;
  config: unknown;
  calibration: unknown;
  /** Also give a proven level its tier and id (as GenerateTask.place): the outcome then carries `placed`. */
  place?: boolean;
  /** Also report the work analyze did, in the kind's runBudget unit (validate's run ceiling): the outcome then carries `work`. */
  counted?: boolean;
  /**
   * A flag shared with every thread (one Int32 on a SharedArrayBuffer): once it
   * is 1, a task not yet started returns at once as "unknown" (validate's run
   * ceiling was passed). Running tasks finish; the pool is never aborted mid-task.
   */
  stop?: Int32Array;
}

/** A step of a kind's other code (kind-steps.ts) on plain input: its output is the task's result. */
export interface StepTask {
  op: 'step';
  kind: string;
  step: StepName;
  input: unknown;
}

/** An analyze outcome with the work it took (counted tasks; 0 for a kind without runBudget). */
export type CountedOutcome = Outcome<unknown, unknown> & { work?: number };

export type Task = (GenerateTask | AnalyzeTask | StepTask) & {
  /** Threads one computation of the task may use (the command's --threads; ctx.threads). */
  threads?: number;
  /** The kind's estimate of an analyze task (its analyzeCost, computed on the pool by withCosts): longest first. */
  cost?: number;
};
export type TaskResult<T extends Task> = T extends GenerateTask ? PlacedSlot : T extends StepTask ? unknown : Outcome<unknown, unknown>;

/** The default of --task-seconds: wall-clock seconds one task (a slot, a level's analysis) may run. */
export const DEFAULT_TASK_SECONDS = 1800;

/**
 * The runner's ceilings on the pool's tasks, from the command line; unset, the
 * defaults (DEFAULT_TASK_SECONDS, machine.ts defaultMaxMemoryMib). A game's
 * kind runs under them whatever budgets its config declares.
 */
export interface TaskCeilings {
  /** --task-seconds: wall-clock seconds one task may run. */
  taskSeconds?: number;
  /** --max-memory-mib: the process's resident memory while tasks run, and each worker thread's V8 heap. */
  maxMemoryMib?: number;
}

/** The ceilings given in `o` (e.g. a command's options), and nothing else of it. */
export function ceilingsOf(o: TaskCeilings): TaskCeilings {
  return {
    ...(o.taskSeconds !== undefined ? { taskSeconds: o.taskSeconds } : {}),
    ...(o.maxMemoryMib !== undefined ? { maxMemoryMib: o.maxMemoryMib } : {}),
  };
}

/** Scratch files and machine-wide locks for the kinds (scratch.ts), one per thread. */
const scratch = machineScratch();

/**
 * Tests only: PROOFPACK_TEST_WORK_PAUSE_MS makes every generate slot wait this
 * long first (bundle waits it after each file it writes), so a test's kill
 * lands part-way through a small job on any machine. Unset: no pause.
 */
const slotPauseMs = Number(process.env['PROOFPACK_TEST_WORK_PAUSE_MS'] ?? 0);

/**
 * A ResourceError crosses a thread as a plain Error (its class is lost): its
 * message is tagged so that runPipelineTasks knows it on the main thread.
 */
const ROOM_TAG = 'proofpack room refusal: ';
/** So is an InputError a step throws (e.g. curate's "stored id differs"): its lines, as JSON, after this tag. */
const INPUT_TAG = 'proofpack input refusal: ';

/** Runs one task; the helper threads its computations start (ctx.threads) are taken from `budget` (the run's, worker.ts) and are all closed when it ends. */
export function runTask<T extends Task>(task: T, budget?: ThreadBudget): TaskResult<T> {
  const team = machineTeam(task.threads ?? 1, budget);
  try {
    return runTaskHere(task, team);
  } catch (e) {
    if (e instanceof ResourceError) throw new Error(`${ROOM_TAG}${e.message}`);
    if (e instanceof InputError) throw new Error(`${INPUT_TAG}${JSON.stringify(e.lines)}`);
    throw e;
  } finally {
    team.closeAll();
  }
}

function runTaskHere<T extends Task>(task: T, team: MachineTeam): TaskResult<T> {
  const kind = kindByName(task.kind);
  if (task.op === 'step') return runStepHere(kind, task.step, task.input as never) as TaskResult<T>;
  const ctx = { config: task.config, calibration: task.calibration, scratch, resources: machineRoom(), threads: team };
  if (task.op === 'generate') {
    if (slotPauseMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, slotPauseMs);
    const r = kind.generateSlot(task.config, task.spec, rngFor(task.seed, kind.name, task.index), ctx);
    if (!task.place || !r.found) return r as TaskResult<T>;
    return { ...r, placed: placeOf(kind, r.found.puzzle, r.found.analysis, task) } as TaskResult<T>;
  }
  if (task.stop && Atomics.load(task.stop, 0) === 1)
    return { status: 'unknown', reason: 'not analysed: the run stopped at its work ceiling', work: 0 } as unknown as TaskResult<T>;
  const { outcome, work } = kind.analyze(task.puzzle, ctx);
  if (task.counted) return { ...outcome, work } as unknown as TaskResult<T>;
  if (!task.place || outcome.status !== 'proven') return outcome as TaskResult<T>;
  return { ...outcome, placed: placeOf(kind, task.puzzle, outcome.analysis, task) } as TaskResult<T>;
}

/** A found or proven level's tier (the kind's tierOf) and, when it has one, its id (canonical). */
function placeOf(kind: PuzzleKind, puzzle: unknown, analysis: unknown, task: { calibration: unknown; config: unknown }): Placed {
  const tier = kind.tierOf(analysis, task.calibration, task.config);
  return tier === null ? { tier } : { tier, id: levelId(kind.name, kind.canonical(puzzle)) };
}

/**
 * The worker script: worker.ts beside this module (worker.js when compiled).
 * PROOFPACK_WORKER_SCRIPT names another compiled copy of it — the test suite
 * runs the .ts sources but points the threads at the tsc build, since workers
 * loaded through tsx run the hot loops about 2.5× slower.
 */
function workerScript(): URL {
  const override = process.env['PROOFPACK_WORKER_SCRIPT'];
  if (override) return pathToFileURL(override);
  return new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
}

/**
 * The start-up bound: the seconds a process or worker thread may take to
 * start and load the game's kinds (its own bound, apart from --task-seconds,
 * since a loaded machine starts threads slowly; a kind module whose top level
 * never returns is stopped there, on the main thread by the supervisor,
 * bin/proofpack.js). PROOFPACK_STARTUP_SECONDS (a whole number of seconds,
 * at least 1) replaces it, e.g. for a kind that loads slowly, or a test.
 */
const STARTUP_SECONDS = 60;

/** The start-up bound in force: PROOFPACK_STARTUP_SECONDS when it is a whole number from 1, else STARTUP_SECONDS. */
export function startupSeconds(): number {
  const given = process.env['PROOFPACK_STARTUP_SECONDS'] ?? '';
  return /^\d+$/.test(given) && Number(given) >= 1 ? Number(given) : STARTUP_SECONDS;
}

/** The member of its kind a task runs, for the line of a thread that ended in it. */
function memberOf(task: Task | undefined): string {
  if (!task) return 'a member';
  if (task.op === 'generate') return 'generateSlot';
  if (task.op === 'step') return `${task.step} step`;
  return 'analyze';
}

/** The game's kind modules, by their labels, for a line about loading them; or proofpack's own kinds when the game has none. */
function moduleLabels(): string {
  const labels = gameKindModules().map((m) => m.label);
  return labels.length > 0 ? labels.join(', ') : "proofpack's built-in kinds";
}

/** What a worker thread posts once it has loaded the game's kinds (RunOptions.readyMessage). */
export const THREAD_READY = 'proofpack thread ready';

/** What every worker thread is handed: the game's kind modules this command registered, and the run's thread budget. */
export interface WorkerData {
  kindModules: readonly KindModuleRef[];
  /** --threads T tokens shared by the pool's workers (one a running task) and their teams' helpers (team-budget.ts). */
  budget?: ThreadBudget;
}

/**
 * The pool the runs of one command share (its kind steps: costs, slots,
 * analyses, tiers...): started once, its threads load the game's kinds once;
 * kept while runs end cleanly, started afresh after one that did not
 * (warm-pool.ts). The CLI closes it at each command's end (closeCommandPool),
 * unless an in-process caller keeps it for its next command (main's keepPool).
 */
const commandPool = new WarmPools();

/** The running command's --threads, when the CLI told it (setCommandThreads): the size of its pool, whatever threads one run uses. */
let commandThreads: number | undefined;

/**
 * Tell the runs to come the command's --threads (the CLI, before a command
 * runs): the command's pool is started with that many threads even when its
 * first run (a one-task kind step) uses one, so that the later runs keep it.
 */
export function setCommandThreads(threads: number | undefined): void {
  commandThreads = threads;
}

/**
 * Run `work` (a command called in this process: check-kind's generate runs, a
 * test's) with the command's --threads set to `threads`, the outer value back
 * after it: its runs take a pool of that size, kept for the next work of the same size.
 */
export async function withCommandThreads<T>(threads: number | undefined, work: () => Promise<T>): Promise<T> {
  const outer = commandThreads;
  commandThreads = threads;
  try {
    return await work();
  } finally {
    commandThreads = outer;
  }
}

/** Destroy the pool the command's runs shared and forget its --threads (the CLI calls it when a command ends, whatever its end). */
export async function closeCommandPool(): Promise<void> {
  commandThreads = undefined;
  await commandPool.close();
}

/**
 * Run pipeline tasks on the pool (with --threads 1 too: one worker thread); results in task order.
 * A task the machine has not the room for (a kind's ResourceError) stops the run
 * with an InputError: `label(index) : what it needs and what to do`; so does a
 * task past the ceilings (`ceilings`, default: the runner's defaults).
 */
export async function runPipelineTasks<T extends Task>(
  given: readonly T[],
  opts: Omit<RunOptions<TaskResult<T>, T>, 'worker' | 'cost' | 'mapError' | 'inline' | 'workerData' | 'taskSeconds' | 'watch' | 'resourceLimits'> & {
    label?: (index: number) => string;
    ceilings?: TaskCeilings;
  },
): Promise<TaskResult<T>[]> {
  const { label, ceilings, ...rest } = opts;
  // the kind's estimates, when the caller has not got them (withCosts: on the pool, under the same ceilings)
  const costLabel = (kind: string) => `the ${kind} kind's analyzeCost (its estimate of each of the ${given.length} levels to analyse)`;
  const tasks = await withCosts(given, {
    threads: opts.threads,
    ...(ceilings ? { ceilings } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    label: costLabel,
  });
  const taskSeconds = ceilings?.taskSeconds ?? DEFAULT_TASK_SECONDS;
  const mib = ceilings?.maxMemoryMib ?? defaultMaxMemoryMib();
  const mapError = (i: number, e: unknown) => {
    const name = label?.(i) ?? `task ${i}`;
    if (e instanceof StartupTimeout)
      return new InputError(
        `${moduleLabels()}: loading ran past the start-up bound of ${e.seconds} s on a worker thread (PROOFPACK_STARTUP_SECONDS); a kind module's top level must return`,
      );
    if (e instanceof WorkerExit) {
      const task = tasks[i];
      const module = task ? kindModuleLabel(task.kind) : undefined;
      return new InputError(
        `${name}: the worker thread running the ${task?.kind ?? 'game'} kind's ${memberOf(task)}${module ? ` (${module})` : ''} ended (exit code ${e.exitCode}) before the task finished: kind code must not call process.exit`,
      );
    }
    if (e instanceof TaskTimeout)
      return new InputError(
        `${name}: ran past the runner's ceiling of ${taskSeconds} s a task (--task-seconds); raise it with --task-seconds N, or lower the config's budgets`,
      );
    if (e instanceof MemoryCeiling || isWorkerOutOfMemory(e))
      return new InputError(
        `the run used more than ${mib} MiB (--max-memory-mib) while running ${name}${e instanceof MemoryCeiling ? '' : ' (its thread ran out of heap)'}; raise it with --max-memory-mib N, or lower the config's budgets`,
      );
    const message = e instanceof Error ? e.message : '';
    if (message.startsWith(INPUT_TAG)) {
      const lines = JSON.parse(message.slice(INPUT_TAG.length)) as string[];
      return new InputError(lines[0] ?? name, lines);
    }
    return message.startsWith(ROOM_TAG) ? new InputError(`${name}: ${message.slice(ROOM_TAG.length)}`) : e;
  };
  // one computation may use the run's threads too, those of the budget free when it starts its helpers (a heavy ghost DP)
  const threaded = tasks.map((t) => ({ ...t, threads: opts.threads }));
  // the game's kinds (kinds.json): every worker loads the same modules before its first task (worker.ts)
  // and one budget of --threads busy threads for the workers and the helpers of their tasks (team-budget.ts)
  // the command's pool, kept warm between its runs: the same worker, kinds, threads (and so budget), heap limit and environment;
  // this run uses opts.threads of its threads
  const kindModules = gameKindModules();
  const poolThreads = Math.max(opts.threads, commandThreads ?? 0);
  const workerData: WorkerData = { kindModules, budget: threadBudget(poolThreads) };
  const worker = workerScript();
  // and the environment (each thread took its own copy of it when it started: a test that changed it between commands gets a fresh pool)
  const key = stableJson({ worker: worker.href, kindModules, threads: poolThreads, mib, env: { ...process.env } });
  // inlineMs 0: no task runs inline, so a signal handler always gets the main thread
  // a thread the pool stopped (Ctrl-C) never released its locks: the pool is gone once runTasks settles
  // (a pool is kept warm only when every task finished, each releasing its own)
  // the ceilings: a timer a task, the main thread's memory watchdog, each thread's V8 heap
  return await runTasks(threaded, (t: T) => runTask(t), {
    ...rest,
    inlineMs: 0,
    mapError,
    cost: taskCost,
    worker,
    workerData,
    warm: { pools: commandPool, key, threads: poolThreads },
    taskSeconds,
    readyMessage: THREAD_READY,
    startupSeconds: startupSeconds(),
    watch: memoryWatch(mib),
    resourceLimits: { maxOldGenerationSizeMb: mib },
  }).finally(() => releaseOwnLocks());
}

/** The order runPipelineTasks starts these tasks in (runTasks' startOrder with taskCost). */
export function pipelineStartOrder(tasks: readonly Task[]): number[] {
  return startOrder(tasks, taskCost);
}

/** Analyze tasks start longest first, by their kind's estimate (`cost`, set by withCosts; 0: none); the others keep their order. */
export function taskCost(task: Task): number {
  return task.op === 'analyze' ? (task.cost ?? 0) : 0;
}

/**
 * The tasks with the kind's estimate of each analyze task (`cost`), computed on
 * the pool (one step a kind that has analyzeCost, under the ceilings): the
 * main thread never calls the kind. Tasks that have a cost, and kinds without
 * analyzeCost, are left as they are (no pool is started for them).
 */
export async function withCosts<T extends Task>(
  tasks: readonly T[],
  opts: { threads: number; ceilings?: TaskCeilings; signal?: AbortSignal; label: (kind: string) => string },
): Promise<T[]> {
  const byKind = new Map<string, number[]>();
  tasks.forEach((t, i) => {
    if (t.op !== 'analyze' || t.cost !== undefined || !kindByName(t.kind).analyzeCost) return;
    byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), i]);
  });
  if (byKind.size === 0) return [...tasks];
  const kinds = [...byKind.keys()];
  const steps: StepTask[] = kinds.map((kind) => ({
    op: 'step',
    kind,
    step: 'costs',
    input: { puzzles: (byKind.get(kind) ?? []).map((i) => ({ puzzle: (tasks[i] as AnalyzeTask).puzzle, config: (tasks[i] as AnalyzeTask).config })) },
  }));
  const found = (await runPipelineTasks(steps, {
    threads: opts.threads,
    ...(opts.ceilings ? { ceilings: opts.ceilings } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    label: (i) => opts.label(kinds[i] as string),
  })) as number[][];
  const out = [...tasks];
  kinds.forEach((kind, k) => {
    (byKind.get(kind) ?? []).forEach((i, j) => {
      out[i] = { ...(tasks[i] as T), cost: found[k]?.[j] ?? 0 };
    });
  });
  return out;
}

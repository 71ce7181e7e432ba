// A command's call of a kind step (kind-steps.ts): one task on the worker
// pool, under the runner's ceilings (--task-seconds, --max-memory-mib), the
// main thread free to answer Ctrl-C. Past a ceiling the command fails with one
// line naming what ran (`label`) and the flag.
import { interruptible } from './interrupt.ts';
import type { StepInput, StepName, StepOutput } from './kind-steps.ts';
import { runPipelineTasks, type StepTask, type TaskCeilings } from './tasks.ts';

/** Where a step runs: the command's ceilings, what the error line names, and the command's stop signal (default: its own SIGINT/SIGTERM handler). */
export interface StepOptions {
  ceilings?: TaskCeilings;
  /** What ran, for the error line: the command, the file or kind, the member(s). */
  label: string;
  signal?: AbortSignal;
}

/** One step of a batch (runKindSteps): which, of which kind, on what, and what the error line names. */
export interface StepCall<S extends StepName = StepName> {
  step: S;
  kind: string;
  input: StepInput<S>;
  label: string;
}

/**
 * Run several steps in one pool (one start for all: a step a kind or file),
 * on up to `threads` threads; their outputs in order. The caller's signal
 * is required: the batch runs inside its command's interrupt handling.
 */
export async function runKindSteps<S extends StepName>(
  calls: readonly StepCall<S>[],
  opts: { ceilings?: TaskCeilings; signal: AbortSignal; threads?: number },
): Promise<StepOutput<S>[]> {
  if (calls.length === 0) return [];
  const tasks: StepTask[] = calls.map((c) => ({ op: 'step', kind: c.kind, step: c.step, input: c.input }));
  const threads = Math.max(1, Math.min(opts.threads ?? 1, calls.length));
  const out = await runPipelineTasks(tasks, {
    threads,
    signal: opts.signal,
    label: (i) => calls[i]?.label ?? `step ${i}`,
    ...(opts.ceilings ? { ceilings: opts.ceilings } : {}),
  });
  return out as StepOutput<S>[];
}

/** Run step `step` of the kind named `kind` on `input`, on the pool; its output. */
export async function runKindStep<S extends StepName>(step: S, kind: string, input: StepInput<S>, opts: StepOptions): Promise<StepOutput<S>> {
  const task: StepTask = { op: 'step', kind, step, input };
  const run = async (signal: AbortSignal) => {
    const [out] = await runPipelineTasks([task], { threads: 1, signal, label: () => opts.label, ...(opts.ceilings ? { ceilings: opts.ceilings } : {}) });
    return out as StepOutput<S>;
  };
  return opts.signal ? run(opts.signal) : interruptible(run);
}

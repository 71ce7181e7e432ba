// The units of work the commands hand to the worker pool. A task carries
// everything it needs (plain data), so it gives the same answer on any thread.
import { kindByName } from './registry.ts';
import { rngFor } from './rng.ts';
import type { Outcome, SlotResult } from './kind.ts';

export interface GenerateTask {
  op: 'generate';
  kind: string;
  seed: number;
  /** Global slot index: the slot's RNG is derived from (seed, kind, index). */
  index: number;
  spec: unknown;
  config: unknown;
  calibration: unknown;
}

export interface AnalyzeTask {
  op: 'analyze';
  kind: string;
  puzzle: unknown;
  config: unknown;
  calibration: unknown;
}

export type Task = GenerateTask | AnalyzeTask;
export type TaskResult<T extends Task> = T extends GenerateTask ? SlotResult<unknown, unknown, unknown> : Outcome<unknown, unknown>;

export function runTask<T extends Task>(task: T): TaskResult<T> {
  const kind = kindByName(task.kind);
  const ctx = { config: task.config, calibration: task.calibration };
  if (task.op === 'generate') {
    return kind.generateSlot(task.config, task.spec, rngFor(task.seed, kind.name, task.index), ctx) as TaskResult<T>;
  }
  return kind.analyze(task.puzzle, ctx) as TaskResult<T>;
}

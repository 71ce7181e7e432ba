// Check: generate makes the same bytes for --threads 1 and 2, and across an
// interrupted and resumed run. The runs are generate itself, in this process:
// the interruption aborts the run through its signal as Ctrl-C does, after
// its first finished slot, and the rerun with --resume starts from the
// checkpoint the interrupted run saved. The bytes of the first run are the
// sample the other checks read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryConsole, type Console } from '../../lib/console.ts';
import type { SetFile } from '../../lib/files.ts';
import { generateCommand, type GenerateOptions } from '../generate.ts';
import { Interrupted } from '../run/interrupt.ts';
import { withCommandThreads } from '../run/tasks.ts';
import type { Violations } from './violation.ts';

/** What the sample is generated from: check-kind's --count, --config and --seed. */
export interface SampleJob {
  count: number;
  config?: string;
  seed?: number;
}

/** The line naming a job, as the input of its violations. */
export function jobInput(kind: string, job: SampleJob): string {
  return `proofpack generate ${kind} --count ${job.count}${job.config ? ` --config ${job.config}` : ''}${job.seed !== undefined ? ` --seed ${job.seed}` : ''}`;
}

/** Where two texts first differ: line and column. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const line = a.slice(0, i).split('\n').length;
  return `line ${line}, character ${i - a.lastIndexOf('\n', i - 1)}`;
}

/** A console whose progress aborts `controller` once `after` slots are done. */
function interruptingConsole(controller: AbortController, after: number): Console {
  return {
    ...memoryConsole(),
    progress: () => ({
      update: (done: number) => {
        if (done >= after && !controller.signal.aborted) controller.abort(new Interrupted('SIGINT'));
      },
      stop: () => {},
    }),
  };
}

/** generate with `threads` threads, on a pool of that many (kept for the next run of the same size: the runs below are ordered by it). */
function asGenerate(threads: number, opts: Omit<GenerateOptions, 'threads'>, con: Console): Promise<unknown> {
  return withCommandThreads(threads, () => generateCommand({ ...opts, threads }, con));
}

/** Generates the sample three ways (see the header) into `work`; returns the first run's set. */
export async function reproducibleSample(kind: string, job: SampleJob, work: string, v: Violations): Promise<SetFile> {
  const base: Omit<GenerateOptions, 'threads' | 'out'> = {
    kind,
    count: job.count,
    ...(job.config !== undefined ? { config: job.config } : {}),
    ...(job.seed !== undefined ? { seed: job.seed } : {}),
  };
  const input = jobInput(kind, job);
  const out = (name: string) => path.join(work, `${name}.json`);
  await asGenerate(1, { ...base, out: out('threads-1') }, memoryConsole());
  const first = fs.readFileSync(out('threads-1'), 'utf8');

  // interrupted with one thread (on the pool of the run above), resumed with two (on the pool of the run below)
  const controller = new AbortController();
  let interrupted = false;
  try {
    await asGenerate(1, { ...base, out: out('resumed'), signal: controller.signal }, interruptingConsole(controller, 1));
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    interrupted = true;
  }
  if (!interrupted) v.add('reproducible', 'generate (interrupted)', 'finished instead of stopping at the interruption after its first slot', input);

  await asGenerate(2, { ...base, out: out('threads-2') }, memoryConsole());
  const second = fs.readFileSync(out('threads-2'), 'utf8');
  if (second !== first) v.add('reproducible', 'generate --threads 2', `wrote other bytes than --threads 1 (first at ${firstDifference(first, second)})`, input);

  if (interrupted) {
    const report = memoryConsole();
    await asGenerate(2, { ...base, out: out('resumed'), resume: true, json: true }, report);
    const { resumedSlots } = JSON.parse(report.outLines.join('\n')) as { resumedSlots: number };
    if (!(resumedSlots > 0)) v.add('reproducible', 'generate --resume', "took no slot from the interrupted run's checkpoint", input);
    const resumed = fs.readFileSync(out('resumed'), 'utf8');
    if (resumed !== first)
      v.add(
        'reproducible',
        'generate --resume',
        `wrote other bytes after an interruption than in one run (first at ${firstDifference(first, resumed)})`,
        input,
      );
  }
  return JSON.parse(first) as SetFile;
}

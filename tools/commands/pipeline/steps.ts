// The steps of a pipeline run: each named on the console (`== label`), timed,
// and stopped between steps by Ctrl-C or SIGTERM (generate and validate stop
// their workers themselves); a step's failure says the output folders were
// left as they were. Also what every step is given (RunContext).
import type { Console } from '../../lib/console.ts';
import { InputError } from '../../lib/errors.ts';
import { Interrupted, type StopSignal } from '../run/interrupt.ts';
import type { PipelineOptions } from './job.ts';
import type { RunTree } from './run-tree.ts';

/** Run one step: its exit code. */
export type Step = (label: string, work: () => number | Promise<number>) => Promise<number>;

/** What every step of a run is given. */
export interface RunContext {
  opts: PipelineOptions;
  /** The user's console (tree.said names the real paths of what the steps print). */
  con: Console;
  tree: RunTree;
  step: Step;
  /** The end of every message of a failed run: levels/ and dist/ left as they were. */
  unchanged: string;
}

/** The step runner of a run, listening for signals until close(); timings holds each finished step's seconds. */
export function stepRunner(
  con: Console,
  original: (text: string) => string,
  unchanged: string,
): { step: Step; timings: [string, number][]; close: () => void } {
  let stop: StopSignal | undefined;
  const onSignal = (sig: StopSignal) => () => {
    stop ??= sig;
  };
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((sig) => [sig, onSignal(sig)] as const);
  for (const [sig, h] of handlers) process.on(sig, h);
  const pause = Number(process.env['PROOFPACK_TEST_STEP_PAUSE_MS'] ?? 0);
  const timings: [string, number][] = [];
  const step: Step = async (label, work) => {
    con.out(`\n== ${label}`);
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    const t0 = performance.now();
    let code: number;
    try {
      code = await work();
    } catch (e) {
      if (e instanceof Interrupted) throw new Interrupted(e.signal, `${e.message}; ${unchanged}`);
      if (e instanceof InputError) throw new InputError(original(e.message), [...e.lines.map(original), `pipeline: stopped at ${label}; ${unchanged}`]);
      throw e;
    }
    if (stop) throw new Interrupted(stop, `interrupted at ${label}; ${unchanged}`);
    timings.push([label, (performance.now() - t0) / 1000]);
    return code;
  };
  return {
    step,
    timings,
    close: () => {
      for (const [sig, h] of handlers) process.off(sig, h);
    },
  };
}

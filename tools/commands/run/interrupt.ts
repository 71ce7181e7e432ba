// Ctrl-C and SIGTERM during a long command: the command's work is aborted
// through an AbortSignal (the pool stops), the command saves what it can and
// throws Interrupted; the CLI prints its message and exits 128 + the signal's
// number (130 for SIGINT, 143 for SIGTERM).
import { setMaxListeners } from 'node:events';

export type StopSignal = 'SIGINT' | 'SIGTERM';

const SIGNAL_NUMBER: Record<StopSignal, number> = { SIGINT: 2, SIGTERM: 15 };

export class Interrupted extends Error {
  readonly exitCode: number;
  constructor(
    readonly signal: StopSignal,
    message = `interrupted (${signal})`,
  ) {
    super(message);
    this.name = 'Interrupted';
    this.exitCode = 128 + SIGNAL_NUMBER[signal];
  }
}

/**
 * Run `work` with SIGINT and SIGTERM turned into an abort of the signal it is
 * given (reason: an Interrupted). The handlers are removed when it ends.
 */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  // the pool listens on the signal once per running task
  setMaxListeners(0, controller.signal);
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((sig) => {
    const handler = () => controller.abort(new Interrupted(sig));
    process.on(sig, handler);
    return [sig, handler] as const;
  });
  try {
    return await work(controller.signal);
  } finally {
    for (const [sig, handler] of handlers) process.off(sig, handler);
  }
}

// Calls a kind's members on a worker thread (member-worker.ts), one call at a
// time, each under a time limit: a call still running past it has its thread
// terminated and is reported as a time-out; the next call starts a fresh
// thread. So a member that never returns is named, and check-kind goes on.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError } from '../../lib/errors.ts';
import type { Call, CallResult, KindSource } from './calls.ts';

/** How long a thread may take to load the kind, beyond the time limit of one call. */
const LOAD_MS = 60_000;

/**
 * The worker script beside this module (member-worker.js when compiled).
 * PROOFPACK_CHECK_KIND_WORKER names a compiled copy of it: the test suite runs
 * the .ts sources but points the thread at the tsc build, as it does the pool's
 * (PROOFPACK_WORKER_SCRIPT, commands/run/tasks.ts).
 */
const SCRIPT = process.env['PROOFPACK_CHECK_KIND_WORKER']
  ? pathToFileURL(process.env['PROOFPACK_CHECK_KIND_WORKER'])
  : new URL(import.meta.url.endsWith('.ts') ? './member-worker.ts' : './member-worker.js', import.meta.url);

/**
 * The thread: the worker script itself, or — when it or the kind's module is
 * TypeScript (run from sources; a game's kind, a test's fixture) — a bootstrap
 * that registers tsx's loader on the thread first and then imports it (an
 * `--import tsx` in a worker's execArgv does not reach the worker's own entry on Node 20).
 */
function startWorker(workerData: { name: string; module: string | null }): Worker {
  const ts = /\.[cm]?ts$/;
  if (!ts.test(SCRIPT.pathname) && !(workerData.module !== null && ts.test(workerData.module))) return new Worker(SCRIPT, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(SCRIPT.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

interface Pending {
  id: number;
  resolve: (r: CallResult) => void;
}

export class MemberCaller {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private pending: Pending | undefined;
  private nextId = 0;

  constructor(
    private readonly source: KindSource,
    /** The time limit of one call, in milliseconds. */
    private readonly timeoutMs: number,
    /** Ctrl-C: the running call's thread is terminated and `call` rejects with the signal's reason. */
    private readonly signal?: AbortSignal,
  ) {}

  /** Run one call; never throws for what the kind does (a throw, a time-out and a dead thread are results), only on Ctrl-C. */
  async call(call: Call): Promise<CallResult> {
    this.signal?.throwIfAborted();
    await this.start();
    this.signal?.throwIfAborted();
    const worker = this.worker;
    if (!worker) throw new Error('check-kind: no member worker');
    const id = this.nextId++;
    return new Promise<CallResult>((resolve, reject) => {
      const stopped = () => {
        clearTimeout(timer);
        this.pending = undefined;
        this.stop();
        reject(this.signal?.reason);
      };
      const timer = setTimeout(() => {
        this.signal?.removeEventListener('abort', stopped);
        this.pending = undefined;
        this.stop();
        resolve({ ok: false, error: `did not return within ${this.timeoutMs / 1000} s (its thread was terminated)`, timedOut: true });
      }, this.timeoutMs);
      this.signal?.addEventListener('abort', stopped, { once: true });
      this.pending = {
        id,
        resolve: (r) => {
          clearTimeout(timer);
          this.signal?.removeEventListener('abort', stopped);
          this.pending = undefined;
          resolve(r);
        },
      };
      worker.postMessage({ id, call });
    });
  }

  /** Ends the thread (call it once the checks are done). */
  async close(): Promise<void> {
    const w = this.worker;
    this.stop();
    await w?.terminate();
  }

  private stop(): void {
    const w = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (w) void w.terminate();
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const { kind, module } = this.source;
    const worker = startWorker({ name: kind.name, module });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new InputError(`${module ?? kind.name}: the kind did not load within ${LOAD_MS / 1000} s`)), LOAD_MS);
      worker.on('message', (m: { ready?: boolean; error?: string; id?: number; ok?: boolean; value?: unknown }) => {
        if (m.ready !== undefined) {
          clearTimeout(timer);
          if (m.ready) resolve();
          else reject(new InputError(`${module ?? kind.name}: the kind did not load: ${m.error}`));
          return;
        }
        const p = this.pending;
        if (!p || p.id !== m.id) return;
        p.resolve(m.ok ? { ok: true, value: m.value } : { ok: false, error: m.error ?? 'failed', timedOut: false });
      });
      // out of memory, or a throw outside a call: the pending call fails, the next one starts a new thread
      const died = (why: string) => {
        clearTimeout(timer);
        if (this.worker !== worker) return; // ended here (a time-out, close)
        this.worker = undefined;
        this.ready = undefined;
        reject(new InputError(`${module ?? kind.name}: the kind's thread stopped while loading: ${why}`));
        this.pending?.resolve({ ok: false, error: `its thread stopped: ${why}`, timedOut: false });
      };
      worker.on('error', (e) => died(e.message));
      worker.on('exit', (code) => died(`exit code ${code}`));
    });
    return this.ready;
  }
}

// Entry point of a computation's helper thread (team.ts): imports the kind's module,
// makes its job handler, then runs each job posted to it; after start-up and
// after every job it raises the shared counter the caller waits on, having
// first posted any error on its port.
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

const { module, name, init, done, port, index } = workerData as {
  module: string;
  name: string;
  init: unknown;
  done: Int32Array;
  port: MessagePort;
  index: number;
};

const finish = (error?: unknown) => {
  if (error !== undefined) port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
};

let handler: ((job: unknown) => void) | undefined;
try {
  const made = (await import(module))[name] as (init: unknown, index: number) => (job: unknown) => void;
  handler = made(init, index);
  finish();
} catch (e) {
  finish(e);
}
port.on('message', (job: unknown) => {
  try {
    handler?.(job);
    finish();
  } catch (e) {
    finish(e);
  }
});

// Entry point of a computation's keeper thread (team.ts): starts the crew's helper
// threads (at the start, and more when the caller sends them) and watches them for the caller, which cannot see a thread's exit
// while it blocks in Atomics.wait. A helper that ends before the crew is
// closed without having posted an error (V8 ending it on out-of-memory, a
// process.exit in the handler) is reported here: the keeper posts one line on
// its port, raises the shared "lost" flag and wakes the caller.
import { Worker, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

export interface KeeperData {
  /** The helper script (team-helper.js). */
  helper: string;
  /** Each helper's workerData; its `port` is in the transfer list. */
  helpers: { port: MessagePort; [key: string]: unknown }[];
  /** [0]: helpers done with the current step; [1]: 1 once a helper is lost. */
  done: Int32Array;
  /** Where the keeper posts a lost helper's line; from the caller, `{ add }` starts more helpers (the same workerData each) and any other message closes the crew. */
  port: MessagePort;
}

const { helper, helpers, done, port } = workerData as KeeperData;
let closing = false;
const workers: Worker[] = [];
/** Starts one helper and watches it. */
const start = (data: KeeperData['helpers'][number]) => {
  const i = workers.length;
  const w = new Worker(new URL(helper), { workerData: data, transferList: [data.port] });
  let error: Error | undefined;
  w.on('error', (e) => {
    error = e;
  });
  w.on('exit', (code) => {
    if (closing) return;
    const why = error ? error.message : `exit code ${code}`;
    port.postMessage({ lost: `helper ${i + 1} stopped without finishing its work (${why})` });
    Atomics.store(done, 1, 1);
    Atomics.notify(done, 0);
  });
  workers.push(w);
};
for (const data of helpers) start(data);
port.on('message', (m: { add?: KeeperData['helpers'] } | string) => {
  // more helpers for the crew (threads the run's budget gave it since it started)
  if (typeof m === 'object' && m.add) {
    for (const data of m.add) start(data);
    return;
  }
  closing = true;
  for (const w of workers) void w.terminate();
  port.close();
});

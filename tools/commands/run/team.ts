// The Threads (lib/machine-services.ts) the commands give a kind: helper threads for one
// computation, driven synchronously (analyze is synchronous). The caller
// blocks in Atomics.wait on a shared counter that each helper raises when it
// is ready or has finished a round; a helper's error comes back on its own
// message port, read without the event loop (receiveMessageOnPort). The
// helpers are started by a keeper thread (team-keeper.ts), which sees a
// helper's exit while the caller blocks, so a helper that dies without an
// error (out of memory) is thrown to the caller instead of hanging it. Given
// the run's thread budget (team-budget.ts), a crew's (a Helpers') helpers are the tokens
// free when it starts (none: the caller alone), joined by those that come
// free later (at the start of a round), all given back when it closes.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Helpers, Threads } from '../../lib/machine-services.ts';
import type { KeeperData } from './team-keeper.ts';
import { giveThreads, takeSpare, type ThreadBudget } from './team-budget.ts';

/** The Threads of one task (its team): closeAll() ends the crews (Helpers) the task left open (their helpers, their tokens). */
export interface MachineTeam extends Threads {
  /** Closes every crew of this team still open. */
  closeAll(): void;
}

/**
 * A team of `size` threads at most (the caller's included). Without `budget`
 * a crew has them all from its start. With it (the run's thread budget, the
 * caller holding a token of it already) a crew starts with the helpers whose
 * tokens are free, possibly none, takes more as tokens come free (checked at
 * the start of every round, never waited for), and gives them all back when it
 * closes. Helpers run compiled code
 * only: a helper loaded through tsx never starts while the caller blocks in
 * Atomics.wait (tsx's loader needs the caller's event loop). Run from the .ts
 * sources (the test suite, `node --import tsx`), the helper is the compiled
 * copy in build/ (beside PROOFPACK_WORKER_SCRIPT when set, as tasks.ts does)
 * and a kind module under tools/ is mapped to its compiled twin; without a
 * build the team has one thread.
 */
export function machineTeam(size: number, budget?: ThreadBudget): MachineTeam {
  helperFound ??= { helper: helperScript() };
  const { helper } = helperFound;
  const n = helper ? Math.max(1, Math.floor(size)) : 1;
  const open = new Set<Helpers>();
  return {
    size: n,
    start: (module, name, init) => {
      if (!helper || n === 1) throw new Error('a team of one thread starts no helpers');
      // the tokens this crew holds (one a helper), all given back once when it closes
      let held = 0;
      const more = () => {
        const got = budget ? takeSpare(budget, n - 1 - held) : n - 1 - held;
        held += got;
        return got;
      };
      let crew: Helpers | undefined;
      let given = false;
      const giveBack = () => {
        if (given) return;
        given = true;
        if (crew) open.delete(crew);
        if (budget) giveThreads(budget, held);
      };
      try {
        crew = startCrew(helper, helper.map(module), name, init, more, giveBack);
      } catch (e) {
        giveBack();
        throw e;
      }
      open.add(crew);
      return crew;
    },
    closeAll: () => {
      for (const crew of [...open]) crew.close();
    },
  };
}

/** The helper script, looked for once. */
let helperFound: { helper: Helper | undefined } | undefined;

interface Helper {
  /** team-helper.js. */
  url: URL;
  /** team-keeper.js, beside it. */
  keeper: URL;
  /** The module a helper imports for a kind's module URL. */
  map(module: string): string;
}

function helperScript(): Helper | undefined {
  if (!import.meta.url.endsWith('.ts'))
    return { url: new URL('./team-helper.js', import.meta.url), keeper: new URL('./team-keeper.js', import.meta.url), map: (m) => m };
  const override = process.env['PROOFPACK_WORKER_SCRIPT'];
  const shared = override ? new URL('.', pathToFileURL(override)) : new URL('../../../build/tools/commands/run/', import.meta.url);
  const url = new URL('team-helper.js', shared);
  if (!existsSync(url)) return undefined;
  const tools = new URL('../../', import.meta.url).href;
  const built = new URL('../../', shared).href;
  return {
    url,
    keeper: new URL('team-keeper.js', shared),
    map: (m) => (m.startsWith(tools) && m.endsWith('.ts') ? `${built}${m.slice(tools.length, -3)}.js` : m),
  };
}

/**
 * A crew of the caller and the helpers `more()` gives room for, asked at its
 * start and before every round (a helper a token it took); `closed` runs once
 * when the crew closes (also when it fails to start).
 */
function startCrew(helper: Helper, module: string, name: string, init: unknown, more: () => number, closed: () => void): Helpers {
  // [0]: helpers done with the current step (start-up or a round); [1]: 1 once the keeper saw a helper stop
  const done = new Int32Array(new SharedArrayBuffer(8));
  const ports: MessagePort[] = [];
  /** The workerData of `count` new helpers, numbered on from those there are; their caller-side ports joined to `ports`. */
  const newHelpers = (count: number): KeeperData['helpers'] => {
    const data: KeeperData['helpers'] = [];
    for (let k = 0; k < count; k++) {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1);
      data.push({ module, name, init, done, port: port2, index: ports.length });
    }
    return data;
  };
  const first = newHelpers(more());
  const watch = new MessageChannel();
  const keeperData: KeeperData = { helper: helper.url.href, helpers: first, done, port: watch.port2 };
  let keeper: Worker | undefined = new Worker(helper.keeper, { workerData: keeperData, transferList: [watch.port2, ...first.map((d) => d.port)] });
  const close = () => {
    if (!keeper) return;
    watch.port1.postMessage('close');
    watch.port1.close();
    for (const p of ports) p.close();
    void keeper.terminate();
    keeper = undefined;
    closed();
  };
  const fail = (line: string) => {
    close();
    throw new Error(line);
  };
  /** Waits until `count` helpers are done with the current step (start-up, a round); throws a helper's error. */
  const wait = (count: number) => {
    for (let seen = Atomics.load(done, 0); seen < count && Atomics.load(done, 1) === 0; seen = Atomics.load(done, 0)) Atomics.wait(done, 0, seen);
    Atomics.store(done, 0, 0);
    for (const p of ports) {
      const m = receiveMessageOnPort(p)?.message as { error?: string } | undefined;
      if (m?.error !== undefined) fail(`a helper thread failed: ${m.error}`);
    }
    if (Atomics.load(done, 1) !== 0) {
      const m = receiveMessageOnPort(watch.port1)?.message as { lost?: string } | undefined;
      fail(`a helper thread failed: ${m?.lost ?? 'a helper stopped without finishing its work'}`);
    }
  };
  wait(first.length);
  return {
    get size() {
      return ports.length + 1;
    },
    round(job, own) {
      if (!keeper) throw new Error('the crew is closed');
      // threads given back to the run since (other tasks ended) join the crew, once started
      const added = newHelpers(more());
      if (added.length > 0) {
        watch.port1.postMessage(
          { add: added },
          added.map((d) => d.port),
        );
        wait(added.length);
      }
      for (const p of ports) p.postMessage(job);
      try {
        own();
      } finally {
        wait(ports.length);
      }
    },
    close,
  };
}

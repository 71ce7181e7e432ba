// The CLI's side of the supervisor's channel (bin/proofpack.js runs the CLI
// as a child process and never loads kind code itself): the command's stdout
// (results, the --json report) goes to the supervisor as messages, the
// child's own stdout being the supervisor's stderr, so what kind code prints
// can never be read as the report; the ceilings of loading, each kind module
// being loaded, and the command's end with its exit code are told too. The
// supervisor exits 0 only when it got that end. Each message carries the
// token the supervisor handed in its environment, removed from this
// process's environment when this module loads (before any kind code runs);
// kind code that deliberately forges the channel is out of scope
// (docs/untrusted-input.md).
import { isMainThread } from 'node:worker_threads';

/** The environment variable the supervisor hands its token in. */
const TOKEN_VARIABLE = 'PROOFPACK_SUPERVISOR_TOKEN';

const token = isMainThread ? process.env[TOKEN_VARIABLE] : undefined;
if (token !== undefined) delete process.env[TOKEN_VARIABLE];

/** True on the main thread of a CLI the supervisor started (with the channel open). */
export const SUPERVISED = token !== undefined && typeof process.send === 'function';

/** A message to the supervisor (bin/proofpack.js reads these). */
export type SupervisorMessage =
  | { t: 'out'; text: string }
  | { t: 'ceilings'; startupSeconds: number; maxMemoryMib: number }
  | { t: 'loading'; label: string }
  | { t: 'loaded'; label: string }
  | { t: 'done'; code: number };

// The supervisor gone (killed with SIGKILL, say) means the run is gone: this process ends at once as
// if killed with it, never going on to write on its own, unwatched.
if (SUPERVISED) process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));

/** Send `m` to the supervisor (nothing when not supervised); resolves once it is handed to the channel. */
export function tellSupervisor(m: SupervisorMessage): Promise<void> {
  if (!SUPERVISED) return Promise.resolve();
  return new Promise((resolve) => {
    process.send?.({ ...m, token }, undefined, {}, () => resolve());
  });
}

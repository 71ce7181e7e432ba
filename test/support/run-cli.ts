// The CLI's main(argv, io) called in this process, its output captured: for
// the cases where the process itself is not what is tested (usage, help, bad
// input, what a command writes). A CLI process costs about a second to start;
// the launcher, signals, terminals, pipes and exit codes end to end keep
// helpers.ts cli(), which spawns bin/proofpack.js.
import { main } from '../../tools/cli.ts';
import type { Io } from '../../tools/lib/console.ts';
import type { CliResult } from './helpers.ts';

/** `proofpack <args>` in-process (not interactive, as with CI=1): exit code, stdout and stderr. */
export async function run(args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    interactive: false,
  };
  const code = await main(['node', 'proofpack', ...args], io);
  return { code, stdout, stderr };
}

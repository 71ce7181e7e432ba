// The CLI's main(argv, io) called in this process, its output captured: for
// the cases where the process itself is not what is tested (usage, help, bad
// input, what a command writes). A CLI process costs about a second to start;
// the launcher, signals, terminals, pipes and exit codes end to end keep
// helpers.ts cli(), which spawns bin/proofpack.js.
import { main } from '../../tools/cli.ts';
import type { Io } from '../../tools/lib/console.ts';
import type { CliResult } from './helpers.ts';

/**
 * `proofpack <args>` in-process (not interactive, as with CI=1): exit code,
 * stdout and stderr. The command's worker pool is kept for the file's next
 * command of the same --threads (main's keepPool: one pool start, not one per
 * command); `closePool` destroys it at the end, as the CLI's own process does.
 */
export async function run(args: readonly string[], opts: { closePool?: boolean } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    interactive: false,
  };
  const code = await main(['node', 'proofpack', ...args], io, { keepPool: !opts.closePool });
  return { code, stdout, stderr };
}

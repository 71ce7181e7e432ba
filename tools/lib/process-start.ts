// Which process a pid names, on Linux: the boot it runs in and when it started
// (clock ticks since that boot, field 22 of /proc/<pid>/stat). A pid is given
// to a later process once its own is gone (after a reboot, soon); the pair
// tells the process that wrote a pid down from a later one that got it.
// Without /proc (not Linux) both are unknown.
import * as fs from 'node:fs';

/** This machine's boot id (a new one at every boot), or undefined without /proc. */
export function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in clock ticks since boot; undefined when unknown (no such process, no /proc). */
export function processStart(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the name (field 2) may hold spaces and parentheses: fields 3 on follow its last ')'
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

// The one way proofpack replaces what it writes whole (bundle's dist,
// pipeline's levels and dist, init's files): each new path is built complete,
// then swapped in by renames (each old one parked beside its target under
// `.<name>.<command>-old-<pid>`, the new one renamed into place, the parked
// one removed). A failed rename puts back every path already swapped, so the
// outputs are all old or all new. Before a run starts, the leftovers of a
// killed run of the same command beside its targets are swept: a half-built
// new path removed, a parked old one put back where its target is missing
// (else removed); a live process's are left alone. Outputs that share a path
// or nest are refused before any work. What is left (docs/game-repo.md):
// between the first and the last rename of a swap (a few system calls, run
// synchronously, so no signal handler runs in between) only a SIGKILL or a
// power loss can stop the process; the paths parked then are put back by the
// next run's sweep.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Console } from '../../lib/console.ts';
import { isInside } from '../../lib/safe-read.ts';

/**
 * Whether process `pid` runs (a process of another user counts as running; a
 * zombie, ended but not yet reaped, as it is where no init reaps orphans, does not).
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): it answered the signal
  }
}

/** The commands that swap paths in, by the name their staged and parked paths carry. */
export type Swapper = 'bundle' | 'pipeline' | 'init';

/** `<parent>/.<name>.<command>-<what>-<pid>`: where a run builds a new path beside `out`, or parks the old one during the swap. */
export function stagePath(out: string, what: 'new' | 'old', by: Swapper = 'bundle', pid = process.pid): string {
  const abs = path.resolve(out);
  return path.join(path.dirname(abs), `.${path.basename(abs)}.${by}-${what}-${pid}`);
}

/**
 * Leftovers of killed runs of command `by` beside `out`: a half-built new path
 * is removed; an old one parked mid-swap is put back when `out` is missing
 * (else removed). `noun` names what `out` is in the note (`dist`, `folder`).
 * Runs of a live process are left alone.
 */
export function sweepLeftovers(out: string, con: Console, by: Swapper = 'bundle', noun = 'dist'): void {
  const abs = path.resolve(out);
  const parent = path.dirname(abs);
  const prefix = `.${path.basename(abs)}.${by}-`;
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(new|old)-(\d+)$/.exec(name.slice(prefix.length));
    if (!m || (Number(m[2]) !== process.pid && pidAlive(Number(m[2])))) continue;
    const p = path.join(parent, name);
    if (m[1] === 'old' && !fs.existsSync(abs)) {
      fs.renameSync(p, abs);
      con.warn(`note: ${out}: put back the previous ${noun} that a killed ${by} run had moved aside (${name})`);
    } else {
      fs.rmSync(p, { recursive: true, force: true });
      con.warn(`note: removed ${p}, left by a killed ${by} run`);
    }
  }
}

/** An output folder of a command, by the option that names it. */
export interface Output {
  option: string;
  folder: string;
}

/**
 * Outputs that overlap: the same folder, or one inside another. Every pair
 * is reported, as a line naming both options and what to do.
 */
export function overlapProblems(outputs: readonly Output[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < outputs.length; i++) {
    for (let j = i + 1; j < outputs.length; j++) {
      const a = outputs[i] as Output;
      const b = outputs[j] as Output;
      const pa = path.resolve(a.folder);
      const pb = path.resolve(b.folder);
      if (pa === pb) problems.push(`${a.option} ${a.folder} and ${b.option} ${b.folder} are the same folder; give each its own`);
      else if (isInside(pa, pb))
        problems.push(`${a.option} ${a.folder} is inside ${b.option} ${b.folder}; give folders side by side (neither inside the other)`);
      else if (isInside(pb, pa))
        problems.push(`${b.option} ${b.folder} is inside ${a.option} ${a.folder}; give folders side by side (neither inside the other)`);
    }
  }
  return problems;
}

/** A path resolved through the links of its longest existing part: where it really is, existing or not. */
function realOrResolved(p: string): string {
  let head = path.resolve(p);
  const rest: string[] = [];
  while (!fs.existsSync(head) && path.dirname(head) !== head) {
    rest.unshift(path.basename(head));
    head = path.dirname(head);
  }
  try {
    return path.join(fs.realpathSync(head), ...rest);
  } catch {
    return path.resolve(p);
  }
}

/**
 * A folder a run reads while it runs (pipeline's --config-dir) that is, or is
 * inside, one of the folders the run deletes or writes: one line for each such
 * output, naming both options. (The outputs inside it are fine: the run never
 * deletes or writes the folder itself.)
 */
export function containedProblems(read: Output, outputs: readonly Output[]): string[] {
  const r = realOrResolved(read.folder);
  return outputs.flatMap((o) => {
    const w = realOrResolved(o.folder);
    if (r !== w && !isInside(r, w)) return [];
    const how = r === w ? 'is the same folder as' : 'is inside';
    return [
      `${read.option} ${read.folder} ${how} ${o.option} ${o.folder}, which the run deletes and rewrites; keep the configs outside --levels, --dist and --work`,
    ];
  });
}

/** One path to swap in: the new one built whole, where it goes, and where the old one is parked meanwhile (stagePath). */
export interface Swap {
  staged: string;
  target: string;
  parked: string;
}

/**
 * Replace every target by its staged path. On a failed rename every swap
 * already done is undone (new path back to its stage, old one back in
 * place) and the error is thrown: the targets are as they were. The parked
 * old paths are removed once every rename succeeded.
 */
export function swapAll(swaps: readonly Swap[]): void {
  const done: { swap: Swap; hadOld: boolean }[] = [];
  try {
    for (const swap of swaps) {
      const hadOld = fs.existsSync(swap.target);
      fs.mkdirSync(path.dirname(path.resolve(swap.target)), { recursive: true });
      if (hadOld) fs.renameSync(swap.target, swap.parked);
      done.push({ swap, hadOld });
      fs.renameSync(swap.staged, swap.target);
    }
  } catch (e) {
    for (const { swap, hadOld } of done.reverse()) {
      if (!fs.existsSync(swap.staged) && fs.existsSync(swap.target)) fs.renameSync(swap.target, swap.staged);
      if (hadOld && fs.existsSync(swap.parked)) fs.renameSync(swap.parked, swap.target);
    }
    throw e;
  }
  for (const { swap, hadOld } of done) if (hadOld) fs.rmSync(swap.parked, { recursive: true, force: true });
}

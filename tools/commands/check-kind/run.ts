// Every check of one kind, in order: generate the sample (and check that it
// reproduces), then the checks of its levels on the member worker. Returns
// the violations; a kind whose sample cannot be generated is bad input (exit 2).
// Ctrl-C ends the running call's thread and the run, its temporary files removed.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CheckContext } from './context.ts';
import type { KindSource } from './calls.ts';
import { MemberCaller } from './members.ts';
import { jobInput, reproducibleSample, type SampleJob } from './reproducible.ts';
import { checkCanonical } from './canonical.ts';
import { checkCalibrate } from './calibrate.ts';
import { checkAnalyze } from './analyze.ts';
import { checkShipped } from './shipped.ts';
import { checkFace } from './face.ts';
import { checkBudgets } from './budgets.ts';
import { checkDeclarations } from './declarations.ts';
import { checkBentInputs } from './bent-inputs.ts';
import { checkNamed } from './named.ts';
import { Violations, type Violation } from './violation.ts';
import { Interrupted, interruptible } from '../run/interrupt.ts';

/** The seed of the bent levels when --seed is not given. */
const BENT_SEED = 24;

export interface KindCheckOptions extends SampleJob {
  /** The time limit of one member call, in milliseconds. */
  memberTimeoutMs: number;
  /** Called as each check starts (progress for people). */
  onCheck?: (kind: string, check: string) => void;
}

/** Checks one kind; Ctrl-C stops it within a call (an Interrupted), its temporary folder removed. */
export async function checkOneKind(source: KindSource, opts: KindCheckOptions): Promise<Violation[]> {
  try {
    return await interruptible((signal) => checks(source, opts, signal));
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    throw new Interrupted(e.signal, `interrupted: check-kind stopped while checking ${source.kind.name}; nothing was written`);
  }
}

async function checks(source: KindSource, opts: KindCheckOptions, signal: AbortSignal): Promise<Violation[]> {
  const name = source.kind.name;
  const v = new Violations(name);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `proofpack-check-kind-${name}-`));
  const caller = new MemberCaller(source, opts.memberTimeoutMs, signal);
  try {
    opts.onCheck?.(name, 'reproducible');
    const set = await reproducibleSample(name, opts, work, v);
    const c = new CheckContext(source, set, jobInput(name, opts), caller, v);
    if (set.levels.length === 0) v.add('sample', 'generateSlot', 'found no level to check: raise --count or the config budgets', c.job);
    opts.onCheck?.(name, 'declarations');
    await checkDeclarations(c);
    opts.onCheck?.(name, 'budgets');
    checkBudgets(c);
    opts.onCheck?.(name, 'canonical and equivalents');
    await checkCanonical(c);
    opts.onCheck?.(name, 'calibrate');
    await checkCalibrate(c);
    opts.onCheck?.(name, 'analyze');
    const outcomes = await checkAnalyze(c);
    checkShipped(c, outcomes);
    opts.onCheck?.(name, 'client face');
    await checkFace(c);
    opts.onCheck?.(name, 'bent inputs');
    await checkBentInputs(c, opts.seed ?? BENT_SEED, opts.count);
    opts.onCheck?.(name, 'validate names every change');
    await checkNamed(c);
  } finally {
    await caller.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return v.list;
}

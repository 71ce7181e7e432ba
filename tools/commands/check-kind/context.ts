// What every check of one kind is given: the kind, its generated sample, the
// member caller, and the violations found so far; and the one way a check
// calls a member — a throw or a time-out becomes a violation naming the
// member and the input, and the check goes on without the value.
import type { PuzzleKind } from '../../lib/kind.ts';
import type { SetFile } from '../../lib/files.ts';
import { callName, type Call, type CallContext, type KindSource } from './calls.ts';
import type { MemberCaller } from './members.ts';
import type { Violations } from './violation.ts';

/** Time-outs of one member after which it is not called again (each costs the whole time limit). */
const TIMEOUTS_PER_MEMBER = 2;

export class CheckContext {
  constructor(
    readonly source: KindSource,
    /** The sample: the candidate set generate wrote. */
    readonly set: SetFile,
    /** The command that generated it (how the inputs are named). */
    readonly job: string,
    readonly caller: MemberCaller,
    readonly v: Violations,
  ) {}

  get kind(): PuzzleKind {
    return this.source.kind;
  }

  /** What analyze and preview get: the sample's config and calibration. */
  get ctx(): CallContext {
    return { config: this.set.generator.config, calibration: this.set.calibration };
  }

  /** A level of the sample, named for a violation's input. */
  levelInput(index: number): string {
    const level = this.set.levels[index];
    return `level ${level?.id ?? '?'} (levels[${index}] of ${this.job})`;
  }

  /** Members that timed out, and how often: past TIMEOUTS_PER_MEMBER they are not called again. */
  private readonly timeouts = new Map<string, number>();

  /** Run a call; a throw or a time-out is a violation of `check`, and undefined is returned. */
  async call(check: string, call: Call, input: string): Promise<{ value: unknown } | undefined> {
    const name = callName(call);
    if ((this.timeouts.get(name) ?? 0) >= TIMEOUTS_PER_MEMBER) return undefined;
    const r = await this.caller.call(call);
    if (r.ok) return { value: r.value };
    if (r.timedOut) this.timeouts.set(name, (this.timeouts.get(name) ?? 0) + 1);
    this.v.add(check, name, r.timedOut ? r.error : `threw ${r.error}`, input);
    return undefined;
  }

  /** `kind[member](...args)` (analyze-like members get the sample's context last with `withCtx`). */
  member(check: string, member: string, args: unknown[], input: string, withCtx = false): Promise<{ value: unknown } | undefined> {
    return this.call(check, { op: 'member', member, args, ...(withCtx ? { ctx: this.ctx } : {}) }, input);
  }
}

// What every check of one kind is given: the kind, its generated sample, the
// member caller, and the violations found so far; and the one way a check
// calls a member — a throw or a time-out becomes a violation naming the
// member and the input, and the check goes on without the value.
import type { PuzzleKind } from '../../lib/kind.ts';
import type { SetFile } from '../../lib/files.ts';
import { callName, type Call, type CallContext, type KindSource } from './calls.ts';
import type { MemberCaller } from './members.ts';
import type { Violations } from './violation.ts';

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

  /** Run a call; a throw or a time-out is a violation of `check`, and undefined is returned. */
  async call(check: string, call: Call, input: string): Promise<{ value: unknown } | undefined> {
    const r = await this.caller.call(call);
    if (r.ok) return { value: r.value };
    this.v.add(check, callName(call), r.timedOut ? r.error : `threw ${r.error}`, input);
    return undefined;
  }

  /** `kind[member](...args)` (analyze-like members get the sample's context last with `withCtx`). */
  member(check: string, member: string, args: unknown[], input: string, withCtx = false): Promise<{ value: unknown } | undefined> {
    return this.call(check, { op: 'member', member, args, ...(withCtx ? { ctx: this.ctx } : {}) }, input);
  }
}

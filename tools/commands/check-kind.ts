// `proofpack check-kind [NAME]`: the kind contract (docs/check-kind.md) as a
// command a game team runs in its CI. Each kind is checked by the checks in
// check-kind/ on a few levels generated from its config; each violation is
// one line naming the member and the input (exit 1), --json gives them as data.
import stringify from 'fast-json-stable-stringify';
import type { Console } from '../lib/console.ts';
import { InputError } from '../lib/errors.ts';
import type { KindSource } from './check-kind/calls.ts';
import { kindsToCheck } from './check-kind/kinds.ts';
import { checkOneKind } from './check-kind/run.ts';
import { violationLine, type Violation } from './check-kind/violation.ts';

export interface CheckKindOptions {
  name?: string;
  count: number;
  config?: string;
  seed?: number;
  /** Seconds one member call may take. */
  memberTimeout: number;
  json?: boolean;
}

/** `given`: what to check (default: kindsToCheck; tests pass fixture kinds). */
export async function checkKindCommand(opts: CheckKindOptions, con: Console, given?: readonly KindSource[]): Promise<number> {
  if (opts.config !== undefined && (given ? given.length !== 1 : opts.name === undefined))
    throw new InputError('check-kind --config: name the one kind the config is for');
  const kinds = given ?? kindsToCheck(opts.name);
  const violations: Violation[] = [];
  const started = performance.now();
  for (const source of kinds) {
    const found = await checkOneKind(source, {
      count: opts.count,
      memberTimeoutMs: opts.memberTimeout * 1000,
      ...(opts.config !== undefined ? { config: opts.config } : {}),
      ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
      onCheck: (kind, check) => con.warn(`check-kind ${kind}: ${check} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
    });
    violations.push(...found);
    if (found.length > 0) con.problem(`${source.kind.name}: ${found.length} violations`);
    else if (!opts.json) con.out(`${source.kind.name}: keeps the kind contract`);
  }
  if (opts.json) con.out(stringify({ ok: violations.length === 0, kinds: kinds.map((k) => k.kind.name), violations }));
  // the violations are printed whatever the flags (--json: on stderr, beside the report)
  for (const v of violations) con.problem(violationLine(v));
  return violations.length === 0 ? 0 : 1;
}

// What check-kind reports: a violation names the kind, the check, the member
// that broke the contract and the input it broke it on, as one line (and as
// data for --json). Many inputs failing the same way are one violation.
import { stableJson } from '../../lib/json.ts';

/** One broken promise of the kind contract (docs/check-kind.md). */
export interface Violation {
  kind: string;
  /** The check that found it, e.g. `reproducible`, `analyze`, `bent inputs`. */
  check: string;
  /** The member (or command) at fault, e.g. `analyze`, `equivalents`, `generate --threads 2`. */
  member: string;
  /** What went wrong, e.g. `threw RangeError: …` or `gave another analysis on a second call`. */
  message: string;
  /** The input it went wrong on (the first one, described). */
  input: string;
  /** How many inputs went wrong this way (1 or more). */
  inputs: number;
}

/** Collects violations, merging those of the same check, member and message. */
export class Violations {
  readonly list: Violation[] = [];
  constructor(readonly kind: string) {}
  add(check: string, member: string, message: string, input: string): void {
    const same = this.list.find((v) => v.check === check && v.member === member && v.message === message);
    if (same) same.inputs++;
    else this.list.push({ kind: this.kind, check, member, message, input, inputs: 1 });
  }
}

/** The longest an input is shown in a line (--json gives up to four times this). */
const SHOWN = 300;

/** A value for a line: stable JSON, cut to `max` characters. */
export function shown(value: unknown, max = SHOWN): string {
  const text = value === undefined ? 'undefined' : stableJson(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A violation as one line: kind › check › member: message, on input (and N more). */
export function violationLine(v: Violation): string {
  const more = v.inputs > 1 ? ` (and ${v.inputs - 1} more inputs)` : '';
  const input = v.input.length > SHOWN ? `${v.input.slice(0, SHOWN)}…` : v.input;
  return `${v.kind} › ${v.check} › ${v.member}: ${v.message}; input: ${input}${more}`;
}

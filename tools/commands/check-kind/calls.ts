// The calls check-kind makes of a kind, as plain data: one member with its
// arguments, or one of validate's own per-level checks (which call members
// inside). They cross to the member worker (member-worker.ts) by structured
// clone; what comes back is a value, what the call threw, or a time-out.
import type { Level, PuzzleKind } from '../../lib/kind.ts';
import type { SetFile } from '../../lib/files.ts';

/** Where a worker finds the kind: by name in the registry, or the `kind` export of a module (a file URL). */
export interface KindSource {
  readonly kind: PuzzleKind;
  /** A module exporting `kind` (a game's kind, a test's fixture); null: the registry's kind of that name. */
  readonly module: string | null;
}

/** The set-level values analyze and preview get (AnalyzeContext without what the worker adds). */
export interface CallContext {
  config: unknown;
  calibration: unknown;
}

export type Call =
  /** `kind[member](...args)`, or `kind.face[member]` (`kind.setReport[member]`) when the name starts with `face.` (`setReport.`); `ctx` is passed last when given. */
  | { op: 'member'; member: string; args: unknown[]; ctx?: CallContext }
  /** validate's checks without solving (level-checks.ts staticProblems: canonical, ruleProblems). */
  | { op: 'static'; level: Level }
  /** validate's checks of a recomputed outcome (recomputedProblems: the analysis compared, solutionProblems, tierOf). */
  | { op: 'recomputed'; doc: SetFile; level: Level; index: number; outcome: unknown }
  /** validate's checks of one level of `doc` (levels[index]): static and recomputed, as validate runs them on a set. */
  | { op: 'level'; doc: SetFile; index: number; outcome: unknown }
  /** validate's whole-set checks (setProblems: calibrate or initialCalibration, tierOf, the order). */
  | { op: 'set'; doc: SetFile }
  /** curate's set (curateSet): calibrate, recalibrate, tierOf, difficulty. */
  | { op: 'curate'; doc: SetFile };

/** What a call gave: its value, or what it threw, or nothing in the time allowed. */
export type CallResult = { ok: true; value: unknown } | { ok: false; error: string; timedOut: boolean };

/** The name of the member a call is about (for the report). */
export function callName(call: Call): string {
  switch (call.op) {
    case 'member':
      return call.member;
    case 'static':
      return "validate's rule checks (canonical, ruleProblems)";
    case 'recomputed':
      return "validate's recomputed checks (solutionProblems, tierOf)";
    case 'level':
      return "validate's level checks (canonical, ruleProblems, solutionProblems, tierOf)";
    case 'set':
      return "validate's set checks (calibrate, tierOf)";
    case 'curate':
      return 'curate (calibrate, recalibrate, tierOf, difficulty)';
  }
}

/** PuzzleKind's members a call may name (what a test's or a game's kind is asked for, never any other property). */
export const MEMBERS: ReadonlySet<string> = new Set([
  'canonical',
  'equivalents',
  'analyze',
  'analyzeCost',
  'plan',
  'ruleProblems',
  'solutionProblems',
  'tierOf',
  'difficulty',
  'recalibrate',
  'calibrate',
  'tierTable',
  'setReport.report',
  'compareSets',
  'preview',
  'face.levelProblem',
  'face.replay',
]);

// A kind object written against version 1 of the kind contract, in this
// version's shape, so that a game's kind from `proofpack init --kind` before
// version 2 still loads (the kind loader, kinds/load.ts, calls it on every
// module's kind). Version 2 merged two pairs of members that said one thing
// twice: analyze (an Outcome) and analyzeWork ({ outcome, work }) into one
// analyze returning the work, and setReport and setReportWork into one
// setReport { report, work }; and it renamed two machine services of the
// context analyze, generateSlot and preview get (and of a bench hook's input):
// `machine` (a MachineRoom) is `resources`, `team` (a Team) is `threads`, the
// same objects. Nothing else of the shape changed.
import type { Analyzed, AnalyzeContext, BenchHook, Level, Outcome, PuzzleKind, SetReport } from './kind.ts';

/** The members version 1 had that version 2 does not, as a version 1 kind object holds them. */
interface V1Members {
  analyze(puzzle: unknown, ctx: V1Context): Outcome<unknown, unknown>;
  analyzeWork?(puzzle: unknown, ctx: V1Context): Analyzed<unknown, unknown>;
  setReport?(levels: Level[], config: unknown): SetReport;
  setReportWork?(config: unknown): { key: string; work: number };
}

type Ctx = AnalyzeContext<unknown, unknown>;
/** A context as version 1 named it: `machine` and `team` for this version's `resources` and `threads`. */
type V1Context = Omit<Ctx, 'resources' | 'threads'> & { machine?: Ctx['resources']; team?: Ctx['threads'] };

/** The context (or a bench hook's input) with its machine services under version 1's names, the same objects. */
function v1Names<T extends { resources?: unknown; threads?: unknown }>(
  ctx: T,
): Omit<T, 'resources' | 'threads'> & { machine?: T['resources']; team?: T['threads'] } {
  const { resources, threads, ...rest } = ctx;
  return { ...rest, ...(resources === undefined ? {} : { machine: resources }), ...(threads === undefined ? {} : { team: threads }) };
}

/** A version 1 member (of `self`) that takes a context as its argument `at` (generateSlot 3, preview 1, a bench hook 0), given it under version 1's names. */
function withV1Context(self: unknown, member: unknown, at: number): unknown {
  if (typeof member !== 'function') return member;
  return (...args: unknown[]) => {
    const ctx = args[at];
    if (ctx !== null && typeof ctx === 'object') args[at] = v1Names(ctx as Ctx);
    return member.apply(self, args);
  };
}

/**
 * The kind as this version reads it: a kind declaring version 1 as a new
 * object (the module's own is left as it is, so its members may still call
 * each other) whose analyze is its analyzeWork, or its analyze with work 0,
 * whose setReport holds its setReport and setReportWork, and whose analyze,
 * generateSlot, preview and bench hooks see the context's machine services
 * under version 1's names, declaring version 2; any other kind as it is.
 */
export function fromContractV1(kind: PuzzleKind): PuzzleKind {
  if ((kind as { contractVersion?: unknown } | null)?.contractVersion !== 1) return kind;
  const v1 = kind as unknown as V1Members;
  const { analyzeWork: _w, setReport: _r, setReportWork: _s, ...rest } = kind as unknown as Record<string, unknown>;
  const analyze =
    typeof v1.analyze === 'function'
      ? typeof v1.analyzeWork === 'function'
        ? (puzzle: unknown, ctx: Ctx) => (v1.analyzeWork as NonNullable<V1Members['analyzeWork']>).call(kind, puzzle, v1Names(ctx))
        : (puzzle: unknown, ctx: Ctx) => ({ outcome: v1.analyze.call(kind, puzzle, v1Names(ctx)), work: 0 })
      : v1.analyze;
  const bench =
    kind.bench !== null &&
    typeof kind.bench === 'object' &&
    Object.fromEntries(Object.entries(kind.bench).map(([name, run]) => [name, withV1Context(kind.bench, run, 0)]));
  const report = v1.setReport;
  const work = v1.setReportWork;
  const setReport =
    typeof report === 'function'
      ? {
          report: (levels: Level[], config: unknown) => report.call(kind, levels, config),
          ...(typeof work === 'function' ? { work: (config: unknown) => work.call(kind, config) } : {}),
        }
      : undefined;
  const generateSlot = withV1Context(kind, kind.generateSlot, 3);
  const preview = withV1Context(kind, kind.preview, 1);
  return {
    ...rest,
    contractVersion: 2,
    analyze,
    ...(generateSlot === undefined ? {} : { generateSlot }),
    ...(preview === undefined ? {} : { preview }),
    ...(bench ? { bench: bench as Record<string, BenchHook<unknown, unknown, unknown, unknown, unknown>> } : {}),
    ...(setReport ? { setReport } : {}),
  } as unknown as PuzzleKind;
}

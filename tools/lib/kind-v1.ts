// A kind object written against version 1 of the kind contract, in this
// version's shape, so that a game's kind from `proofpack init --kind` before
// version 2 still loads (the kind loader, kinds/load.ts, calls it on every
// module's kind). Version 2 merged two pairs of members that said one thing
// twice: analyze (an Outcome) and analyzeWork ({ outcome, work }) into one
// analyze returning the work, and setReport and setReportWork into one
// setReport { report, work }. Nothing else of the shape changed.
import type { Analyzed, AnalyzeContext, Level, Outcome, PuzzleKind, SetReport } from './kind.ts';

/** The members version 1 had that version 2 does not, as a version 1 kind object holds them. */
interface V1Members {
  analyze(puzzle: unknown, ctx: AnalyzeContext<unknown, unknown>): Outcome<unknown, unknown>;
  analyzeWork?(puzzle: unknown, ctx: AnalyzeContext<unknown, unknown>): Analyzed<unknown, unknown>;
  setReport?(levels: Level[], config: unknown): SetReport;
  setReportWork?(config: unknown): { key: string; work: number };
}

/**
 * The kind as this version reads it: a kind declaring version 1 as a new
 * object (the module's own is left as it is, so its members may still call
 * each other) whose analyze is its analyzeWork, or its analyze with work 0,
 * and whose setReport holds its setReport and setReportWork, declaring
 * version 2; any other kind as it is.
 */
export function fromContractV1(kind: PuzzleKind): PuzzleKind {
  if ((kind as { contractVersion?: unknown } | null)?.contractVersion !== 1) return kind;
  const v1 = kind as unknown as V1Members;
  const { analyzeWork: _w, setReport: _r, setReportWork: _s, ...rest } = kind as unknown as Record<string, unknown>;
  const analyze =
    typeof v1.analyze === 'function'
      ? typeof v1.analyzeWork === 'function'
        ? (puzzle: unknown, ctx: AnalyzeContext<unknown, unknown>) => (v1.analyzeWork as NonNullable<V1Members['analyzeWork']>).call(kind, puzzle, ctx)
        : (puzzle: unknown, ctx: AnalyzeContext<unknown, unknown>) => ({ outcome: v1.analyze.call(kind, puzzle, ctx), work: 0 })
      : v1.analyze;
  const report = v1.setReport;
  const work = v1.setReportWork;
  const setReport =
    typeof report === 'function'
      ? {
          report: (levels: Level[], config: unknown) => report.call(kind, levels, config),
          ...(typeof work === 'function' ? { work: (config: unknown) => work.call(kind, config) } : {}),
        }
      : undefined;
  return { ...rest, contractVersion: 2, analyze, ...(setReport ? { setReport } : {}) } as unknown as PuzzleKind;
}

// proofpack/kind: the pipeline entry of the kind SDK (docs/kind-contract.md).
// Everything a kind object and its pipeline files import of proofpack: the
// PuzzleKind contract and its types, defineKind (the contract's defaults) (with the machine services and the
// presentation types it names), the contract version, zod (`z`: a kind's
// schemas and proofpack's are made by one zod), the seeded random generators,
// stable JSON, budgets, stats and distributions, symmetries, the conformance
// helpers, the errors a kind may throw, and everything of proofpack/face.
// Re-exports of tools/lib only, each by name: the names docs/kind-contract.md
// lists, and so the unused-code check (knip) sees the rest of each helper
// module (a module re-exported whole from an entry is public as a whole, never
// checked); proofpack/face's are re-exported whole (see there why).
export * from './face.ts';
export { z } from 'zod';
export { defineKind, type KindSpec } from '../lib/define-kind.ts';
export {
  type Analyzed,
  type AnalyzeContext,
  type BenchHook,
  type BenchInput,
  KIND_CONTRACT_VERSION,
  type Outcome,
  type PlanEntry,
  type PuzzleKind,
  type SetReport,
  type SetReportHook,
  type SlotResult,
} from '../lib/kind.ts';
export type { Helpers, Resources, Scratch, ScratchFile, Threads } from '../lib/machine-services.ts';
export type { Preview, PreviewStep, TierTable } from '../lib/presentation.ts';
export { type BudgetField, budgetValue, ceilingOf, overBudget, type RunBudget } from '../lib/budget.ts';
export { type Figure, seconds, secondsAsync } from '../lib/bench.ts';
export { type Rng, rngFor } from '../lib/rng.ts';
export { Rng32 } from '../lib/rng32.ts';
export { stableJson } from '../lib/json.ts';
export { memoryScratch } from '../lib/scratch.ts';
export { entryKeys, noBandLine } from '../lib/partial.ts';
export { mean, median, quantile, round, sampleSd, sd } from '../lib/stats.ts';
export {
  chiSquareCdf,
  chiSquareSurvival,
  type CorrelationResult,
  erfc,
  gammaP,
  type KsResult,
  kolmogorovSurvival,
  ksTwoSample,
  logGamma,
  normalTwoSided,
  pearson,
} from '../lib/distributions.ts';
export { SHAPE_KEEPING, smallestEncoding, sourceOf, TRANSFORMS, transformLines, transformRows } from '../lib/symmetry.ts';
// RoomError: version 1's name of ResourceError, so a version 1 kind that imports it still loads (lib/kind-v1.ts)
export { InputError, ResourceError, ResourceError as RoomError } from '../lib/errors.ts';
// the conformance helpers; zod's integer of a vector is `zInt` here (`int` is the face's shape check)
export {
  caseBase,
  cell,
  conformanceSchema,
  type ConformanceFile,
  int as zInt,
  type KindConformance,
  type KindPacks,
  type KindVectors,
  medalQuestion,
  type NamedPack,
  refusedOr,
  sample,
  why,
} from '../lib/conformance.ts';

// TEMPORARY shim of the public SDK entry `proofpack/kind` (issue 42), so that
// the template kind (templates/kind/) and the example game's kind
// (examples/pixel-garden/) can be written against the SDK before it exists:
// it re-exports tools/lib under the names the SDK will have. The real entry
// replaces this file; the kinds import only `proofpack/kind`, never this path.
import type { PuzzleKind as LibPuzzleKind } from '../lib/kind.ts';

export { z } from 'zod';
export type {
  AnalyzeContext,
  Level,
  Outcome,
  PlanEntry,
  Preview,
  PreviewStep,
  Problem,
  SetReport,
  SlotResult,
  TierTable,
} from '../lib/kind.ts';
export type { Picture } from '../lib/picture.ts';
export type { BudgetField, RunBudget } from '../lib/budget.ts';
export { budgetValue, overBudget } from '../lib/budget.ts';
export type { KindConformance, KindPacks, KindVectors } from '../lib/conformance.ts';
export { caseBase, conformanceSchema, refusedOr, sample } from '../lib/conformance.ts';
export type { Rng } from '../lib/rng.ts';
export { rngFor } from '../lib/rng.ts';
export { at } from '../lib/at.ts';
export { stableJson } from '../lib/json.ts';
export { BitReader, BitWriter, ByteReader, ByteWriter, fromBase64, toBase64 } from '../lib/bytes.ts';
export { popcount } from '../lib/bits.ts';
export { SHAPE_KEEPING, TRANSFORMS, smallestEncoding, sourceOf, transformLines, transformRows } from '../lib/symmetry.ts';
export { mean, median, quantile, round, sd } from '../lib/stats.ts';

/** The version of the kind contract this proofpack implements; a kind declares the one it was written for. */
export const KIND_CONTRACT_VERSION = 1;

/** A puzzle kind (docs/kind-contract.md), with the contract version it was written for. */
export type PuzzleKind<P = unknown, S = unknown, A = unknown, C = unknown, K = unknown, G = unknown> = LibPuzzleKind<P, S, A, C, K, G> & {
  readonly contractVersion: number;
};

// defineKind (proofpack/kind): a studio writes what is its own of a kind and
// the SDK fills the rest with the defaults docs/kind-contract.md lists beside
// each member. What it returns is a whole PuzzleKind, the object the registry
// and check-kind check as they check one written member by member.
import { z } from 'zod';
import { conformanceSchema } from './conformance.ts';
import { stableJson } from './json.ts';
import type { Level, Problem, PuzzleKind } from './kind.ts';
import { smallestEncoding } from './symmetry.ts';

/** The members defineKind writes when they are left out. */
type Defaulted =
  | 'name'
  | 'conformance'
  | 'initialCalibration'
  | 'calibrate'
  | 'recalibrate'
  | 'tolerances'
  | 'tierTable'
  | 'ruleProblems'
  | 'solutionProblems'
  | 'canonical'
  | 'equivalents';

/**
 * What defineKind takes: a PuzzleKind without the members it writes by
 * default (each may still be given), and a calibration schema that may be
 * left out with initialCalibration and calibrate (a kind without calibration:
 * its calibration is null).
 */
export type KindSpec<P, S, A, C, K = null, G = unknown> = Omit<PuzzleKind<P, S, A, C, K, G>, Defaulted | 'schemas'> &
  Partial<Pick<PuzzleKind<P, S, A, C, K, G>, Defaulted>> & {
    readonly schemas: Omit<PuzzleKind<P, S, A, C, K, G>['schemas'], 'calibration'> & { calibration?: z.ZodType<K> };
  };

/** The members of a calibration: all given, or none. */
const CALIBRATION = ['schemas.calibration', 'initialCalibration', 'calibrate'] as const;

/**
 * The kind object of `spec`, each member left out written by its default:
 * `name` the face's; `conformance` no vectors (none of either part); no calibration (schema `null`, initialCalibration and
 * calibrate giving null) when none of the three is given; `recalibrate` the
 * analysis as it is; `tolerances` {} (exact); `tierTable` the levels per tier;
 * `ruleProblems` the stored solution replayed by the face; `solutionProblems`
 * stable-JSON equality with the proven solution; `equivalents` the puzzle
 * alone; `canonical` the smallest encoding among the equivalents. Throws
 * (naming the kind) for a calibration given in part.
 */
export function defineKind<P, S, A, C, K = null, G = unknown>(spec: KindSpec<P, S, A, C, K, G>): PuzzleKind<P, S, A, C, K, G> {
  const name = spec.name ?? spec.face?.name;
  const given = CALIBRATION.filter((m) => (m === 'schemas.calibration' ? spec.schemas?.calibration : spec[m]) !== undefined);
  if (given.length > 0 && given.length < CALIBRATION.length)
    throw new Error(
      `kind ${JSON.stringify(name)}: ${given.join(', ')} given without ${CALIBRATION.filter((m) => !given.includes(m)).join(', ')}: a calibration is the three together, or none (docs/kind-contract.md, defineKind)`,
    );
  const none = () => null as K;
  const kind: PuzzleKind<P, S, A, C, K, G> = {
    conformance: { schema: conformanceSchema(String(name), z.never(), z.never()), vectors: () => ({ cases: [], games: [] }) },
    initialCalibration: none,
    calibrate: none,
    recalibrate: (analysis) => analysis,
    tolerances: {},
    tierTable: (levels) => ({ columns: ['tier', 'levels'], rows: kind.tiers.map((t) => [t, levels.filter((l) => l.tier === t).length]) }),
    ruleProblems: (puzzle, solution, analysis) =>
      kind.face
        .replay({ id: '', tier: '', puzzle, solution, analysis } as Level<P, S, A>)
        .problems.map((p): Problem => ({ field: 'solution', stored: p, expected: 'a solution the face replays' })),
    solutionProblems: (_puzzle, stored, proven) =>
      stableJson(stored) === stableJson(proven.solution) ? [] : [{ field: 'solution', stored, expected: proven.solution }],
    equivalents: (puzzle) => [puzzle],
    canonical: (puzzle) => smallestEncoding(kind.equivalents(puzzle)),
    ...spec,
    name: name as string,
    schemas: { calibration: z.null() as unknown as z.ZodType<K>, ...spec.schemas },
  };
  return kind;
}

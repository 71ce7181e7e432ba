// Bent levels: real levels of the sample with one to three stored values
// pushed to the edges a consistent level never reaches — arrays cut short,
// grown, emptied or reversed, strings cut or grown, numbers at and past their
// bounds, booleans flipped — kept only when the kind's schemas still accept
// them. fast-check draws them from a seed, so a run is repeatable.
import fc from 'fast-check';
import type { Level, PuzzleKind } from '../../lib/kind.ts';
import { shown } from './violation.ts';

type Json = unknown;
type Path = (string | number)[];

/** A bent level and how it was bent (its input line). */
export interface BentLevel {
  level: Level;
  input: string;
}

/** Every path to a value inside a JSON tree (depth-first). */
export function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, Json>)[k], [...at, k], out);
  return out;
}

export function getAt(v: Json, p: Path): Json {
  let x = v;
  for (const s of p) x = (x as Record<string | number, Json>)[s];
  return x;
}

/** A copy of `v` with the value at `p` replaced. */
export function setAt(v: Json, p: Path, value: Json): Json {
  if (p.length === 0) return value;
  const copy = structuredClone(v) as Record<string | number, Json>;
  let x = copy;
  for (const s of p.slice(0, -1)) x = x[s] as Record<string | number, Json>;
  x[p[p.length - 1] as string | number] = value;
  return copy;
}

/** A path as a field name: `analysis.stars.two`, `puzzle.board[3]`. */
export function fieldName(root: string, p: Path): string {
  return p.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : `${s}.${k}`), root);
}

/** The ways a value is bent: the edges a consistent level never reaches. */
function bend(value: Json, choice: number, n: number): Json {
  if (Array.isArray(value)) {
    const k = Math.max(0, value.length - 1 - (n % Math.max(1, value.length)));
    return [value.slice(0, k), [...value, ...value.slice(0, 1 + (n % 3))], [], value.slice(1), [...value].reverse()][choice % 5];
  }
  if (typeof value === 'string') {
    const k = n % Math.max(1, value.length);
    return [value.slice(0, k), value + value.slice(0, 1 + (n % 4)), '', value.slice(0, k) + value.slice(k + 1), value.split('').reverse().join('')][choice % 5];
  }
  if (typeof value === 'number') return [0, -1, value + 1, value - 1, 1e8, 2 ** 31, Number.MAX_SAFE_INTEGER, 81, 9, 0.5][choice % 10];
  if (typeof value === 'boolean') return !value;
  return value;
}

const PARTS = ['puzzle', 'solution', 'analysis'] as const;

/** `runs` bent levels of `levels` (schema-valid, parsed by the kind's schemas), drawn from `seed`. */
export function bentLevels(kind: PuzzleKind, levels: readonly Level[], runs: number, seed: number): BentLevel[] {
  if (levels.length === 0) return [];
  const arb = fc
    .record({
      base: fc.integer({ min: 0, max: levels.length - 1 }),
      edits: fc.array(fc.record({ part: fc.constantFrom(...PARTS), pick: fc.nat(), choice: fc.nat(), n: fc.nat() }), { minLength: 1, maxLength: 3 }),
    })
    .map(({ base, edits }) => {
      const level = structuredClone(levels[base]) as Level;
      const said: string[] = [];
      for (const e of edits) {
        const all = paths(level[e.part]);
        const p = all[e.pick % all.length] as Path;
        const bent = bend(getAt(level[e.part], p), e.choice, e.n);
        level[e.part] = setAt(level[e.part], p, bent);
        said.push(`${fieldName(e.part, p)} = ${shown(bent, 80)}`);
      }
      return { level, input: `level ${level.id} with ${said.join(', ')}` };
    })
    .filter(
      ({ level }) =>
        kind.schemas.puzzle.safeParse(level.puzzle).success &&
        kind.schemas.solution.safeParse(level.solution).success &&
        kind.schemas.analysis.safeParse(level.analysis).success,
    )
    .map(({ level, input }) => ({
      input,
      level: {
        ...level,
        puzzle: kind.schemas.puzzle.parse(level.puzzle),
        solution: kind.schemas.solution.parse(level.solution),
        analysis: kind.schemas.analysis.parse(level.analysis),
      },
    }));
  return fc.sample(arb, { numRuns: runs, seed });
}

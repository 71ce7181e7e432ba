// Field-by-field comparison of a stored value with the recomputed one, used by
// validate. Numbers may have a tolerance per field; everything else is exact.
import stringify from 'fast-json-stable-stringify';
import type { Problem } from './kind.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function compareFields(prefix: string, stored: unknown, expected: unknown, tolerances: Partial<Record<string, number>> = {}): Problem[] {
  if (isPlainObject(stored) && isPlainObject(expected)) {
    const keys = [...new Set([...Object.keys(stored), ...Object.keys(expected)])].sort();
    return keys.flatMap((k) => compareFields(`${prefix}.${k}`, stored[k], expected[k], tolerances));
  }
  const field = prefix;
  const key = field.slice(field.lastIndexOf('.') + 1);
  const tol = tolerances[key] ?? 0;
  if (typeof stored === 'number' && typeof expected === 'number') {
    return Math.abs(stored - expected) > tol + 1e-12 ? [{ field, stored, expected }] : [];
  }
  return stringify(stored) === stringify(expected) ? [] : [{ field, stored, expected }];
}

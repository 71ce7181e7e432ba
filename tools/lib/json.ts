// Deterministic JSON text: stable key order everywhere. Set files are
// pretty-printed with one level per line (readable diffs); packs are compact.
import stringify from 'fast-json-stable-stringify';

export const stableJson = (value: unknown): string => stringify(value);

const isPrimitive = (v: unknown) => v === null || typeof v !== 'object';

/**
 * Pretty JSON with keys in sorted order at every depth. Arrays of primitives
 * stay on one line; entries of the arrays named in `oneLinePerItem` are written
 * as one stable-JSON line each.
 */
export function formatDocument(doc: unknown, oneLinePerItem: ReadonlySet<string> = new Set(['levels'])): string {
  return `${pretty(doc, '', oneLinePerItem, undefined)}\n`;
}

function pretty(v: unknown, indent: string, compact: ReadonlySet<string>, key: string | undefined): string {
  if (isPrimitive(v)) return JSON.stringify(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every(isPrimitive) || (key !== undefined && compact.has(key))) {
      if (key !== undefined && compact.has(key)) return `[\n${v.map((x) => inner + stringify(x)).join(',\n')}\n${indent}]`;
      return stringify(v);
    }
    return `[\n${v.map((x) => inner + pretty(x, inner, compact, undefined)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(v as object)
    .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
    .sort();
  if (keys.length === 0) return '{}';
  const body = keys.map((k) => `${inner}${JSON.stringify(k)}: ${pretty((v as Record<string, unknown>)[k], inner, compact, k)}`);
  return `{\n${body.join(',\n')}\n${indent}}`;
}

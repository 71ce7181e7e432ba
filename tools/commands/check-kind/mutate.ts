// Changes of a stored value derived from its zod schema, not from a table a
// kind fills: the schema is walked along with the value, and every leaf gets
// the changes its type allows — a number ±1 (or, for a fraction, a step past
// the kind's tolerance), a boolean flipped, another enum entry or another
// literal of a union, a string with a character replaced, cut or doubled, an
// array cut or grown (and the first and last of its entries walked in turn).
// Only changes the schema accepts, and that change the value, are kept.
import type { z } from 'zod';
import { stableJson } from '../../lib/json.ts';
import { fieldName, setAt } from './bend.ts';

type Path = (string | number)[];

/** One change of a stored value. */
export interface Mutation {
  /** The changed place, e.g. `analysis.stars.two`, `analysis.greedyPlay[3][1]`. */
  field: string;
  /** The whole value with the change (the root the schema describes). */
  value: unknown;
  /** What changed, for a message: `4 → 5`. */
  change: string;
  /** Whether the changed leaf is a number (validate allows a tolerance on numbers). */
  number: boolean;
}

/** The parts of a zod schema this walk reads (zod 4's `_zod.def`). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Changes kept per leaf (the first ones the schema accepts). */
const PER_LEAF = 2;

/**
 * The changes of `value` (described by `schema`, named `root`) at every leaf.
 * `tolerance(key)`: the kind's allowed difference for a number field of that name.
 */
export function mutations(schema: z.ZodType, value: unknown, root: string, tolerance: (key: string) => number = () => 0): Mutation[] {
  const out: Mutation[] = [];
  const original = stableJson(value);
  const offer = (path: Path, candidates: unknown[], number: boolean) => {
    let kept = 0;
    const old = getIn(value, path);
    for (const c of candidates) {
      if (kept >= PER_LEAF) break;
      const changed = setAt(value, path, c);
      if (stableJson(changed) === original || !schema.safeParse(changed).success) continue;
      out.push({ field: fieldName(root, path), value: changed, change: `${short(old)} → ${short(c)}`, number });
      kept++;
    }
  };
  walk({ offer, tolerance, root }, schema, value, [], 0);
  return out;
}

/** What a walk hands its changes to (`offer`: the first PER_LEAF the schema accepts are kept), and what a number leaf's step reads. */
interface Walker {
  offer(path: Path, candidates: unknown[], number: boolean): void;
  tolerance: (key: string) => number;
  root: string;
}

/** The walk of schema `s` along value `v` at `path`: through wrappers and containers to every leaf (32 deep at most). */
function walk(w: Walker, s: z.ZodType, v: unknown, path: Path, depth: number): void {
  if (depth > 32) return;
  const def = defOf(s);
  const inner = wrapped(def);
  if (inner) {
    walk(w, inner, v, path, depth + 1);
    return;
  }
  switch (def.type) {
    case 'union': {
      const options = def.options ?? [];
      const fits = options.find((o) => o.safeParse(v).success);
      // another union member that is a fixed value (e.g. `unknown` for a number)
      const others = options.filter((o) => o !== fits).flatMap((o) => fixedValues(o));
      if (others.length > 0) w.offer(path, others, false);
      if (fits) walk(w, fits, v, path, depth + 1);
      return;
    }
    case 'object':
      if (v === null || typeof v !== 'object') return;
      for (const [k, sub] of Object.entries(def.shape ?? {})) if (k in (v as object)) walk(w, sub, (v as Record<string, unknown>)[k], [...path, k], depth + 1);
      return;
    case 'record':
      if (v === null || typeof v !== 'object' || !def.valueType) return;
      for (const k of Object.keys(v as object)) walk(w, def.valueType, (v as Record<string, unknown>)[k], [...path, k], depth + 1);
      return;
    case 'array': {
      if (!Array.isArray(v)) return;
      w.offer(path, v.length > 0 ? [v.slice(0, -1), [...v, v[0]]] : [], false);
      const ends = [...new Set([0, v.length - 1])].filter((i) => i >= 0);
      if (def.element) for (const i of ends) walk(w, def.element, v[i], [...path, i], depth + 1);
      return;
    }
    case 'tuple':
      if (!Array.isArray(v)) return;
      v.forEach((x, i) => {
        const sub = def.items?.[i] ?? def.rest;
        if (sub) walk(w, sub, x, [...path, i], depth + 1);
      });
      return;
    default:
      offerLeaf(w, def, v, path);
  }
}

/** The schema a wrapper stands for (optional, nullable, default, …; a pipe's input; a lazy's schema), or undefined when `def` wraps none. */
function wrapped(def: Def): z.ZodType | undefined {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType;
    case 'pipe':
      return def.in;
    case 'lazy':
      return def.getter?.();
    default:
      return undefined;
  }
}

/** The changes a leaf's type allows: a number ±1 and ± a step past the tolerance, a boolean flipped, another enum entry, a string's changes. */
function offerLeaf(w: Walker, def: Def, v: unknown, path: Path): void {
  switch (def.type) {
    case 'number': {
      if (typeof v !== 'number') return;
      const key = String(path[path.length - 1] ?? w.root);
      const step = Math.max(0.01, 2 * w.tolerance(key) + 0.01);
      w.offer(path, [v + 1, v - 1, round(v + step), round(v - step)], true);
      return;
    }
    case 'boolean':
      if (typeof v === 'boolean') w.offer(path, [!v], false);
      return;
    case 'enum':
      w.offer(
        path,
        Object.values(def.entries ?? {}).filter((e) => e !== v),
        false,
      );
      return;
    case 'string':
      if (typeof v === 'string') w.offer(path, stringChanges(v), false);
      return;
    default:
      return; // literals (one value: nothing to change to), and what a level never holds
  }
}

/** The values of a literal or enum schema (a union's fixed members). */
function fixedValues(s: z.ZodType): unknown[] {
  const def = defOf(s);
  if (def.type === 'literal') return def.values ?? [];
  if (def.type === 'enum') return Object.values(def.entries ?? {});
  return [];
}

/** A string changed: its last (then first) character replaced by another of its own, cut by one, grown by one. */
function stringChanges(v: string): string[] {
  const chars = [...new Set(v)];
  const other = (c: string | undefined) => chars.find((x) => x !== c);
  const out: string[] = [];
  const last = other(v[v.length - 1]);
  if (last !== undefined) out.push(v.slice(0, -1) + last);
  const first = other(v[0]);
  if (first !== undefined) out.push(first + v.slice(1));
  if (v.length > 0) out.push(v.slice(0, -1), v + v[v.length - 1]);
  return out;
}

/** Fractions are stored rounded: keep a step's result short. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;

function getIn(v: unknown, path: Path): unknown {
  let x = v;
  for (const k of path) x = (x as Record<string | number, unknown>)?.[k];
  return x;
}

function short(v: unknown): string {
  const t = stableJson(v) ?? 'undefined';
  return t.length > 40 ? `${t.slice(0, 40)}…` : t;
}

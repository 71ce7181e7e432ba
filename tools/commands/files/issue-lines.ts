// The one-line messages of a file's check: one parse with the zod schema of
// its format, each issue as `file › level id › field: what is wrong`, in a
// JSON Schema validator's words where JSON Schema can say it (`missing`,
// `unknown field (did you mean …)`, `must be <= 9`, `must be integer`), the
// schema's own message for the rest, in the order such a validator finds them
// (an object's missing fields, then its unknown ones, then what is inside).
import type { z } from 'zod';
import { show, where } from '../../lib/errors.ts';
import { closestName } from '../../lib/partial.ts';
import { KIND_NAME_PART } from '../../lib/kind-name.ts';

/** One step of a field's path: a key, or an index into an array. */
type Segment = string | number;

function fieldText(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : out ? `.${s}` : s;
  return out;
}

function valueAt(root: unknown, segments: readonly Segment[]): unknown {
  let v = root;
  for (const s of segments) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
}

/** A level id as a message shows it: `<kind>-` and 12 hex digits. */
export const LEVEL_ID = new RegExp(`^${KIND_NAME_PART}-[0-9a-f]{12}$`);

/** A field's place in a file as a message names it: `levels[3]` becomes the level's id where it has a usable one. */
function locate(file: string, root: unknown, segments: readonly Segment[]): string {
  if (segments[0] === 'levels' && typeof segments[1] === 'number') {
    const id = valueAt(root, ['levels', segments[1], 'id']);
    const label = typeof id === 'string' && LEVEL_ID.test(id) ? id : `levels[${segments[1]}]`;
    return where(file, label, fieldText(segments.slice(2)) || '(level)');
  }
  return where(file, fieldText(segments) || '(file)');
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The known fields of each object that has an unknown one, by its path (JSON), as one parse's error map saw them. */
type KnownFields = Map<string, string[]>;

const LIMIT_UNITS: Record<string, string> = { array: 'items', set: 'items', string: 'characters' };

/** Whether a zod number schema takes whole numbers only (`z.int()`, `.int()`: an integer format). */
function wholeNumber(inst: unknown): boolean {
  const def = (inst as { _zod?: { def?: { format?: string; checks?: { _zod: { def: { format?: string } } }[] } } } | undefined)?._zod?.def;
  return [def?.format, ...(def?.checks ?? []).map((c) => c._zod.def.format)].some((f) => f?.includes('int'));
}

/**
 * The error map of one parse: zod's own issues in a JSON Schema validator's
 * words (a message the schema gives itself wins over these). It notes the
 * known fields of every object with an unknown one, for "did you mean".
 */
function wordsOf(known: KnownFields): z.core.$ZodErrorMap {
  return (iss) => {
    switch (iss.code) {
      case 'invalid_type':
        if (iss.input === undefined) return 'missing';
        return `must be ${iss.expected === 'int' || (iss.expected === 'number' && wholeNumber(iss.inst)) ? 'integer' : iss.expected}`;
      case 'invalid_value':
        if (iss.input === undefined) return 'missing';
        return iss.values.length === 1 ? `must be ${show(iss.values[0])}` : `must be one of ${show(iss.values)}`;
      case 'too_big':
      case 'too_small': {
        const big = iss.code === 'too_big';
        const bound = big ? iss.maximum : iss.minimum;
        const unit = LIMIT_UNITS[iss.origin];
        if (unit) return `must NOT have ${big ? 'more' : 'fewer'} than ${bound} ${unit}`;
        return `must be ${big ? '<' : '>'}${iss.inclusive ? '=' : ''} ${bound}`;
      }
      case 'invalid_format':
        return iss.format === 'regex' && iss.pattern ? `must match pattern "${iss.pattern.replace(/^\/(.*)\/[a-z]*$/s, '$1')}"` : undefined;
      case 'unrecognized_keys': {
        const shape = (iss.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
        known.set(JSON.stringify(iss.path ?? []), Object.keys(shape ?? {}));
        return 'unknown field';
      }
      default:
        return undefined;
    }
  };
}

/** The lines of one zod issue: one per unknown field, else one naming the value found (none for a missing one). */
function issueLines(file: string, root: unknown, issue: z.core.$ZodIssue, known: KnownFields): string[] {
  const segs = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (issue.code === 'unrecognized_keys') {
    const names = known.get(JSON.stringify(issue.path)) ?? [];
    return issue.keys.map((name) => {
      const guess = closestName(name, names);
      const hint = guess ? ` (did you mean ${JSON.stringify(guess)}?)` : names.length ? ` (known: ${names.join(', ')})` : '';
      return `${locate(file, root, [...segs, name])}: unknown field${hint}`;
    });
  }
  if (issue.message === 'missing') return [`${locate(file, root, segs)}: missing`];
  return [oneLine(`${locate(file, root, segs)}: ${issue.message} (found ${show(valueAt(root, segs))})`)];
}

/** Parse `raw` with `schema`: the value, or every problem as lines (issueLines). */
export function parseWith<T>(file: string, raw: unknown, schema: z.ZodType<T>): { data: T } | { lines: string[] } {
  const known: KnownFields = new Map();
  const parsed = schema.safeParse(raw, { error: wordsOf(known) });
  if (parsed.success) return { data: parsed.data };
  return { lines: [...new Set(outerFirst(parsed.error.issues).flatMap((issue) => issueLines(file, raw, issue, known)))] };
}

/**
 * The issues in the order a JSON Schema validator finds them: at each object,
 * its missing fields, then its unknown ones (zod finds those after the fields),
 * then what is wrong inside each field, field by field in zod's order; so the
 * first line names the outermost mistake.
 */
function outerFirst(issues: readonly z.core.$ZodIssue[], depth = 0): z.core.$ZodIssue[] {
  const missing = issues.filter((i) => i.message === 'missing' && i.path.length === depth + 1);
  const unknown = issues.filter((i) => i.code === 'unrecognized_keys' && i.path.length === depth);
  const inside = new Map<PropertyKey, z.core.$ZodIssue[]>();
  const here: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    if (missing.includes(issue) || unknown.includes(issue)) continue;
    const key = issue.path[depth];
    if (key === undefined) here.push(issue);
    else inside.set(key, [...(inside.get(key) ?? []), issue]);
  }
  return [...missing, ...unknown, ...here, ...[...inside.values()].flatMap((group) => outerFirst(group, depth + 1))];
}

// Reading pipeline files: JSON, then one check, the zod schema of the format
// (of every registered kind's too; the JSON Schemas that schemas.ts builds from
// the same zod schemas are published for editors, not checked again here).
// Every failure becomes one line: `file › level id › field: what is wrong`,
// in the words a JSON Schema validator uses for what JSON Schema can say
// (`missing`, `unknown field (did you mean …)`, `must be <= 9`), the schema's
// own message for the rest.
import type { z } from 'zod';
import { InputError, show, where } from '../../lib/errors.ts';
import { readJson } from '../../lib/io.ts';
import { kinds, kindByName, kindsConfigFile } from '../../kinds/index.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import type { ConformanceFile } from '../../lib/conformance.ts';
import { closestName, mergePartial } from '../../lib/partial.ts';
import { KIND_NAME_PART } from '../../lib/kind-name.ts';
import { ValidateReportSchema, Manifest, PacksConfig, packSchema, setSchema, type PackFile, type SetFile, type ValidateReport } from '../../lib/files.ts';
import { at } from '../../lib/at.ts';

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
const LEVEL_ID = new RegExp(`^${KIND_NAME_PART}-[0-9a-f]{12}$`);

/** `levels[3]` becomes the level's id where it has a usable one. */
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
function parseWith<T>(file: string, raw: unknown, schema: z.ZodType<T>): { data: T } | { lines: string[] } {
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

/** Check `raw` against the zod schema of its format; InputError with the first problem. */
export function checkDocument<T>(file: string, raw: unknown, schema: z.ZodType<T>): T {
  const parsed = parseWith(file, raw, schema);
  if ('lines' in parsed) throw new InputError(at(parsed.lines, 0));
  return parsed.data;
}

export type Loaded =
  | { type: 'validate-report'; doc: ValidateReport }
  | { type: 'set'; kind: PuzzleKind; doc: SetFile }
  | { type: 'pack'; kind: PuzzleKind; doc: PackFile }
  | { type: 'manifest'; doc: Manifest }
  | { type: 'packs-config'; doc: PacksConfig }
  | { type: 'conformance'; doc: ConformanceFile };

const TYPES = ['set', 'pack', 'manifest', 'packs-config', 'validate-report', 'conformance'] as const;

export function loadDocument(file: string, expect: readonly Loaded['type'][] = TYPES): Loaded {
  return parseDocument(file, readJson(file), expect);
}

export function parseDocument(file: string, raw: unknown, expect: readonly Loaded['type'][] = TYPES): Loaded {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InputError(`${file}: expected a JSON object, found ${Array.isArray(raw) ? 'an array' : show(raw)}`);
  }
  const type = (raw as { type?: unknown }).type;
  if (!expect.includes(type as Loaded['type'])) {
    // a hand-written file without its type: say what to write, when only one type is read here
    const only = expect.length === 1 ? at(expect, 0) : undefined;
    if (type === undefined && only !== undefined) {
      const version = Object.hasOwn(raw, 'formatVersion') ? '' : ' and "formatVersion": 1';
      throw new InputError(
        `${file} › type: missing; this file is read as a ${only.replace('-', ' ')}: add "type": "${only}"${version} to its top-level object`,
      );
    }
    throw new InputError(`${file} › type: expected ${expect.map((t) => JSON.stringify(t)).join(' or ')}, found ${show(type)}`);
  }
  if (type === 'manifest') return { type, doc: checkDocument(file, raw, Manifest) };
  if (type === 'packs-config') return { type, doc: checkDocument(file, raw, PacksConfig) };
  if (type === 'conformance') {
    const kindName = (raw as { kind?: unknown }).kind;
    const schema = kinds().find((k) => k.name === kindName)?.conformance.schema;
    if (!schema) throw unregistered(file, raw);
    return { type, doc: checkDocument(file, raw, schema as z.ZodType<ConformanceFile>) };
  }
  if (type === 'validate-report') return { type, doc: checkDocument(file, raw, ValidateReportSchema) };
  const kindName = (raw as { kind?: unknown }).kind;
  let kind: PuzzleKind;
  try {
    kind = kindByName(String(kindName));
  } catch {
    throw unregistered(file, raw);
  }
  if (type === 'set') return { type, kind, doc: checkDocument(file, raw, setSchema(kind)) as SetFile };
  return { type: 'pack', kind, doc: checkDocument(file, raw, packSchema(kind)) as PackFile };
}

/**
 * A file of a kind no one registered: the file, its first level (when it has
 * one) and how to register the kind, in one line.
 */
function unregistered(file: string, raw: object): InputError {
  const kindName = (raw as { kind?: unknown }).kind;
  const levels = (raw as { levels?: unknown }).levels;
  const first: unknown = Array.isArray(levels) ? (levels[0] as { id?: unknown } | undefined)?.id : undefined;
  const level = typeof first === 'string' && LEVEL_ID.test(first) ? ` (level ${first})` : '';
  const known = kinds()
    .map((k) => JSON.stringify(k.name))
    .join(', ');
  const hint =
    typeof kindName === 'string' && new RegExp(`^${KIND_NAME_PART}$`).test(kindName)
      ? `: a kind no one registered; if it is the game's own, add its module to ${kindsConfigFile()} (docs/game-repo.md)`
      : '';
  return new InputError(`${file} › kind: expected one of ${known}, found ${show(kindName)}${level}${hint}`);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A generator config, complete or partial: merged over the kind's defaults
 * (objects key by key, arrays replaced whole), then checked; every problem is
 * reported at once. Returns the effective (merged) config.
 */
export function checkConfig(kind: PuzzleKind, file: string, raw: unknown): unknown {
  if (!isPlainObject(raw))
    throw new InputError(`${file}: expected a JSON object (a ${kind.name} config), found ${Array.isArray(raw) ? 'an array' : show(raw)}`);
  const own = Object.keys(kind.defaults.config as object);
  const foreign = Object.keys(raw).filter((k) => !own.includes(k));
  // a config of another kind: at least two keys only that kind has, and no key that neither has
  for (const other of kinds()) {
    if (other === kind || foreign.length < 2) continue;
    const theirs = Object.keys(other.defaults.config as object);
    if (foreign.every((k) => theirs.includes(k))) {
      throw new InputError(
        `${file}: this looks like a ${other.name} config, not a ${kind.name} config: it has the ${other.name} keys ${foreign.join(', ')} (use it with \`generate ${other.name}\`, or start from \`proofpack config ${kind.name}\`)`,
      );
    }
  }
  const merged = mergePartial(kind.defaults.config, raw);
  const parsed = parseWith(file, merged, kind.schemas.config);
  if ('data' in parsed) return parsed.data;
  const lines = parsed.lines;
  // not a config of this kind, but a valid one of another (e.g. a ghost plan given to generate slide)
  const fits = kinds().find((other) => other !== kind && other.schemas.config.safeParse(mergePartial(other.defaults.config, raw)).success);
  if (fits) {
    throw new InputError(
      `${file}: this looks like a ${fits.name} config, not a ${kind.name} config: it is valid for ${fits.name} and not for ${kind.name} (use it with \`generate ${fits.name}\`, or start from \`proofpack config ${kind.name}\`)`,
    );
  }
  throw new InputError(at(lines, 0), lines);
}

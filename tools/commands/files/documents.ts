// Reading pipeline files: JSON, then the JSON Schema check (ajv, against the
// schemas built in memory from the zod schemas of the formats and of every
// registered kind, schemas.ts), then zod for what JSON Schema cannot say.
// Every failure becomes one line: `file › level id › field: what is wrong`.
import type { z } from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { InputError, show, where } from '../../lib/errors.ts';
import { readJson } from '../../lib/io.ts';
import { kinds, kindByName, kindsConfigFile } from '../../kinds/index.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import type { ConformanceFile } from '../../lib/conformance.ts';
import { closestName, mergePartial } from '../../lib/partial.ts';
import { KIND_NAME_PART } from '../../lib/kind-name.ts';
import { ValidateReportSchema, Manifest, PacksConfig, packSchema, setSchema, type PackFile, type SetFile, type ValidateReport } from '../../lib/files.ts';
import { at } from '../../lib/at.ts';
import { jsonSchemaOf, schemaCatalogue } from './schemas.ts';

export { jsonSchemaText, schemaCatalogue } from './schemas.ts';

const ajv = new Ajv2020({ allErrors: false, strict: false });
// configs are small and written by hand: report every problem at once, with the schema at hand for "did you mean"
const configAjv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
/** The compiled validators, for the kinds registered when they were made (a new registration starts afresh). */
let validators: { of: readonly PuzzleKind[]; byName: Map<string, ValidateFunction> } = { of: [], byName: new Map() };

/** The validator of schema `name` of the catalogue (schemas.ts), compiled once per registration of kinds. */
function validatorFor(name: string, all = false): ValidateFunction {
  if (validators.of !== kinds()) validators = { of: kinds(), byName: new Map() };
  const key = `${all ? 'all:' : ''}${name}`;
  let v = validators.byName.get(key);
  if (!v) {
    const entry = schemaCatalogue().get(name);
    if (!entry) throw new Error(`no schema ${name}`);
    // compiled without an $id: a kind registered again under the same name is another schema
    v = (all ? configAjv : ajv).compile(jsonSchemaOf(entry));
    validators.byName.set(key, v);
  }
  return v;
}

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

function ajvMessage(file: string, root: unknown, e: ErrorObject): string {
  // numeric segments inside arrays are indexes
  const fixed: Segment[] = [];
  let cursor: unknown = root;
  for (const s of e.instancePath
    .split('/')
    .slice(1)
    .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    const seg: Segment = Array.isArray(cursor) && /^\d+$/.test(s) ? Number(s) : s;
    fixed.push(seg);
    cursor = cursor !== null && typeof cursor === 'object' ? (cursor as Record<string | number, unknown>)[seg] : undefined;
  }
  if (e.keyword === 'required') return `${locate(file, root, [...fixed, String(e.params['missingProperty'])])}: missing`;
  if (e.keyword === 'additionalProperties') {
    const name = String(e.params['additionalProperty']);
    const known = Object.keys((e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    const guess = closestName(name, known);
    const hint = guess ? ` (did you mean ${JSON.stringify(guess)}?)` : known.length ? ` (known: ${known.join(', ')})` : '';
    return `${locate(file, root, [...fixed, name])}: unknown field${hint}`;
  }
  const found = valueAt(root, fixed);
  const detail =
    e.keyword === 'const'
      ? `must be ${show(e.params['allowedValue'])}`
      : e.keyword === 'enum'
        ? `must be one of ${show(e.params['allowedValues'])}`
        : (e.message ?? e.keyword);
  return oneLine(`${locate(file, root, fixed)}: ${detail} (found ${show(found)})`);
}

function zodMessage(file: string, root: unknown, issue: z.core.$ZodIssue): string {
  const segs = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  return oneLine(`${locate(file, root, segs)}: ${issue.message} (found ${show(valueAt(root, segs))})`);
}

/** Check `raw` against schema file `name`, then parse with zod; InputError with the first problem. */
export function checkDocument<T>(file: string, raw: unknown, name: string, schema: z.ZodType<T>): T {
  const validate = validatorFor(name);
  if (!validate(raw)) throw new InputError(ajvMessage(file, raw, at(validate.errors ?? [], 0)));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InputError(zodMessage(file, raw, at(parsed.error.issues, 0)));
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
  if (type === 'manifest') return { type, doc: checkDocument(file, raw, 'manifest.schema.json', Manifest) };
  if (type === 'packs-config') return { type, doc: checkDocument(file, raw, 'packs.schema.json', PacksConfig) };
  if (type === 'conformance') {
    const kindName = (raw as { kind?: unknown }).kind;
    const schema = kinds().find((k) => k.name === kindName)?.conformance.schema;
    if (!schema) throw unregistered(file, raw);
    return { type, doc: checkDocument(file, raw, `${kindName}.conformance.schema.json`, schema as z.ZodType<ConformanceFile>) };
  }
  if (type === 'validate-report') return { type, doc: checkDocument(file, raw, 'validate-report.schema.json', ValidateReportSchema) };
  const kindName = (raw as { kind?: unknown }).kind;
  let kind: PuzzleKind;
  try {
    kind = kindByName(String(kindName));
  } catch {
    throw unregistered(file, raw);
  }
  if (type === 'set') return { type, kind, doc: checkDocument(file, raw, `${kind.name}.set.schema.json`, setSchema(kind)) as SetFile };
  return { type: 'pack', kind, doc: checkDocument(file, raw, `${kind.name}.pack.schema.json`, packSchema(kind)) as PackFile };
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

export function loadConfig(kind: PuzzleKind, file: string): unknown {
  return checkConfig(kind, file, readJson(file));
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
  const validate = validatorFor(`${kind.name}.config.schema.json`, true);
  let lines: string[] = [];
  if (!validate(merged)) lines = (validate.errors ?? []).map((e) => ajvMessage(file, merged, e));
  else {
    const parsed = kind.schemas.config.safeParse(merged);
    if (parsed.success) return parsed.data;
    lines = parsed.error.issues.map((issue) => zodMessage(file, merged, issue));
  }
  // not a config of this kind, but a valid one of another (e.g. a ghost plan given to generate slide)
  const fits = kinds().find((other) => other !== kind && other.schemas.config.safeParse(mergePartial(other.defaults.config, raw)).success);
  if (fits) {
    throw new InputError(
      `${file}: this looks like a ${fits.name} config, not a ${kind.name} config: it is valid for ${fits.name} and not for ${kind.name} (use it with \`generate ${fits.name}\`, or start from \`proofpack config ${kind.name}\`)`,
    );
  }
  throw new InputError(at(lines, 0), [...new Set(lines)]);
}

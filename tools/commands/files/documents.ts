// Reading pipeline files: JSON, then one check, the zod schema of the format
// (of every registered kind's too; the JSON Schemas that schemas.ts builds from
// the same zod schemas are published for editors, not checked again here).
// Every failure becomes one line (issue-lines.ts): `file › level id › field:
// what is wrong`. Generator configs are merged over the kind's defaults first.
import type { z } from 'zod';
import { InputError, show } from '../../lib/errors.ts';
import { readJson } from '../../lib/io.ts';
import { kinds, kindByName, kindsConfigFile } from '../../kinds/index.ts';
import type { PuzzleKind } from '../../lib/kind.ts';
import type { ConformanceFile } from '../../lib/conformance.ts';
import { mergePartial } from '../../lib/partial.ts';
import { LEVEL_ID, parseWith } from './issue-lines.ts';
import { KIND_NAME_PART } from '../../lib/kind-name.ts';
import { ValidateReportSchema, Manifest, PacksConfig, packSchema, setSchema, type PackFile, type SetFile, type ValidateReport } from '../../lib/files.ts';
import { at } from '../../lib/at.ts';

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
